import SpotterCore
import Testing

@Suite struct CommandTemplateTests {
  @Test func valuesAreQuotedVerbatimPiecesAreNotAndUnknownBracesStay() {
    let template = CommandTemplate("{fire} {uid} {title} {nope} {")
    #expect(
      template.expand(["uid": "a@b", "title": "it's"], verbatim: ["fire": "'/x y/spotter' fire"])
        == #"'/x y/spotter' fire 'a@b' 'it'\''s' {nope} {"#)
  }

  @Test func shellWordsStayPlainOnlyWhenSafe() {
    #expect(CommandTemplate.shellWord("/usr/bin/spotter") == "/usr/bin/spotter")
    #expect(CommandTemplate.shellWord("/tmp/my dir") == "'/tmp/my dir'")
    #expect(CommandTemplate.shellWord("$(rm -rf ~)") == "'$(rm -rf ~)'")
    #expect(CommandTemplate.shellWord("") == "''")
    #expect(CommandTemplate.shellQuote("a\nb") == "'a b'")
  }
}
