import Foundation
import SpotterCore
import Testing

@Suite struct CommandTemplateTests {
  @Test func valuesAreQuotedVerbatimPiecesAreNotAndUnknownBracesStay() {
    let template = CommandTemplate("{fire} {uid} {title} {nope} {")
    #expect(
      template.expand(["uid": "a@b", "title": "it's"], verbatim: ["fire": "'/x y/spotter' fire"])
        == #"'/x y/spotter' fire 'a@b' 'it'\''s' {nope} {"#)
  }

  /// A word stays plain exactly when each of its characters is an ASCII letter or digit or one
  /// of `-_./:@=+,`, as Foundation's character sets say: every ASCII character and some wider
  /// letters and digits.
  @Test func plainWordsAreTheSafeASCIIOnes() {
    let wider: [Unicode.Scalar] = ["é", "١", "０", "ß", "\u{00A0}", "\u{2028}", "😀"]
    for scalar in (0..<0x80).compactMap(Unicode.Scalar.init) + wider {
      let safe =
        scalar.isASCII
        && (CharacterSet.alphanumerics.contains(scalar) || "-_./:@=+,".unicodeScalars.contains(scalar))
      let word = "a" + String(Character(scalar)) + "b"
      #expect((CommandTemplate.shellWord(word) == word) == safe, "\(scalar.value)")
    }
  }

  @Test func shellWordsStayPlainOnlyWhenSafe() {
    #expect(CommandTemplate.shellWord("/usr/bin/spotter") == "/usr/bin/spotter")
    #expect(CommandTemplate.shellWord("/tmp/my dir") == "'/tmp/my dir'")
    #expect(CommandTemplate.shellWord("$(rm -rf ~)") == "'$(rm -rf ~)'")
    #expect(CommandTemplate.shellWord("") == "''")
    #expect(CommandTemplate.shellQuote("a\nb") == "'a b'")
    // Each line break is one space, CR LF included; quotes close, escape and reopen; other
    // characters, emoji and combining marks too, pass through as they are.
    #expect(CommandTemplate.shellQuote("a\r\nb\rc\n\nd") == "'a b c  d'")
    #expect(CommandTemplate.shellQuote("it's") == "'it'\\''s'")
    #expect(CommandTemplate.shellQuote("Übung 💪 e\u{301}") == "'Übung 💪 e\u{301}'")
  }

  /// Placeholders in the user's own quotes, after a backslash, or handed to a second parse are
  /// refused with the reason; bare ones, `$SPOTTER_…` in quotes and `{fire}` anywhere are fine.
  @Test(arguments: [
    ("echo \"{body}\"", "inside double quotes"),
    ("echo '{body}'", "inside single quotes"),
    ("notify-send \"Spotter: {title}\" x", "inside double quotes"),
    ("echo \\{body}", "follows a backslash"),
    ("eval echo {title}", "handed to eval"),
    ("sh -c {body}", "handed to sh -c"),
    ("/bin/bash -lc {body}", "handed to bash -c"),
    ("echo 'a' \"b\" '{uid}'", "inside single quotes"),
  ])
  func unsafePlaceholdersAreNamed(template: String, reason: String) throws {
    let problem = try #require(CommandTemplate(template).unsafePlaceholder())
    #expect(problem.contains(reason))
  }

  @Test(arguments: [
    "notify-send --app-name=Spotter {title} {body}",
    "printf '%s|%s\\n' {title} \"$SPOTTER_BODY\" >> '/tmp/x y'",
    "DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/$(id -u)/bus notify-send {title} {body}",
    "echo \"it's\" {body} 'done'",
    "{fire} {uid}",
    "echo \"{fire}\"",
    "curl -fsS -d {body} https://ntfy.sh/me",
  ])
  func safeTemplatesPass(template: String) {
    #expect(CommandTemplate(template).unsafePlaceholder() == nil)
  }

  /// The agenda fills the template from pieces cut once; they must read every brace as `expand`.
  @Test(arguments: [
    "notify-send {title} {body}", "{fire} {uid}", "{", "}", "{}", "{unknown} {title}", "{{title}}", "{title",
    "a {b {title} c} {kind}{start}", "100% {title}", "",
  ])
  func piecesFillAsExpandDoes(template: String) {
    let values = ["title": "Push 'A'", "body": "b", "uid": "u@spotter", "kind": "workout", "start": "s"]
    let verbatim = ["fire": "'spotter' fire"]
    let pieces = CommandTemplate(template).pieces(recognizing: Set(values.keys).union(verbatim.keys))
    let filled = pieces.map { piece -> String in
      switch piece {
      case .text(let text): text
      case .placeholder(let key): values[key].map(CommandTemplate.shellQuote) ?? verbatim[key] ?? "?"
      }
    }.joined()
    #expect(filled == CommandTemplate(template).expand(values, verbatim: verbatim))
    #expect(!pieces.contains(.placeholder("unknown")))
  }
}
