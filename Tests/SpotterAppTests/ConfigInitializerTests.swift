import Foundation
import SpotterCore
import SpotterIO
import Testing
import _SpotterTestSupport

@testable import SpotterApp

#if canImport(Glibc)
  import Glibc
#endif

/// `spotter init` writes what it was given in TOML that reads back as given, and a value the
/// config would refuse is refused as the option it came from.
@Suite struct ConfigInitializerTests {
  func answers(notifier: String = "notify-send {title} {body}", sources: [String] = [])
    -> ConfigInitializer.Answers
  {
    ConfigInitializer.Answers(
      timeZone: "Europe/Berlin", language: .en, weightUnit: .kilograms, sources: sources, notifier: notifier)
  }

  func readBack(_ answers: ConfigInitializer.Answers) throws -> Settings {
    try ConfigLoader(fallbackTimeZone: TimeZone(identifier: "UTC")!, fallbackLanguage: .en).parse(
      ConfigInitializer.toml(answers, date: nil), fileName: "config.toml")
  }

  /// Quotes, backslashes, a tab and text beyond ASCII in a notifier and in a source.
  @Test func valuesReadBackAsGiven() throws {
    let notifier = "notify-send {title} {body} \"a \\\"b\\\"\" \\\\ \t— Übung ✓ 'q' $HOME"
    let source = "~/Sync/exports \"2026\"\\\t/ü*.csv"
    let settings = try readBack(answers(notifier: notifier, sources: [source]))
    #expect(settings.notify.commands == [notifier])
    #expect(settings.importSources == [source])
  }

  /// Every control character is escaped: raw, a line break in a source made init refuse its own
  /// file as invalid TOML ("unescaped control characters") instead of the source.
  @Test func controlCharactersAreEscapedAndTheSourceIsRefusedByName() throws {
    let controls = String(String.UnicodeScalarView((0x01..<0x20).compactMap(Unicode.Scalar.init))) + "\u{7F}"
    let text = ConfigInitializer.toml(answers(sources: ["/tmp/a\"\n[evil]" + controls]), date: nil)
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" } && !text.contains("\u{7F}"))
    let dir = TestScratch.root.appendingPathComponent(
      "spotter-init-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let options = SpotterOptions(
      configPath: dir.appendingPathComponent("config.toml").path, databasePath: nil, now: nil,
      environment: [:])
    #expect {
      try ConfigInitializer(options: options).write(answers(sources: ["/tmp/a\n[evil]"]), force: false)
    } throws: { error in
      guard case SpotterAppError.invalidOption(let option, let value, _) = error else { return false }
      return option == "--source" && value == "/tmp/a\n[evil]"
    }
    #expect(!FileManager.default.fileExists(atPath: dir.path))
  }

  /// A config that is there is read as a config is, never whole whatever its size: a sparse file
  /// of 10 GB in its place filled memory until `init` was killed. `--force` keeps it as the
  /// backup unread (a hard link, not a copy), and writes the new config in its place; so it
  /// does for one whose bytes are not UTF-8, which it refused before.
  @Test func aHugeOrUnreadableConfigIsKeptUnreadAsTheBackup() throws {
    let dir = TestScratch.root.appendingPathComponent("spotter-init-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("config.toml").path
    try "timezone = \"UTC\"\n".write(toFile: path, atomically: false, encoding: .utf8)
    #expect(truncate(path, off_t(10) << 30) == 0)
    let initializer = ConfigInitializer(
      options: SpotterOptions(configPath: path, databasePath: nil, now: nil, environment: [:]))
    #expect(try initializer.existing(force: false, flags: []) == "")
    let outcome = try initializer.write(answers(), force: true)
    #expect(outcome.backup == path + ".bak")
    #expect((try FileManager.default.attributesOfItem(atPath: path + ".bak")[.size] as? Int) == 10 << 30)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == outcome.text)

    let latin1 = Data([0x23, 0x20, 0xE9, 0x74, 0xE9, 0x0A])  // "# été" in Latin-1
    try latin1.write(to: URL(fileURLWithPath: path))
    _ = try initializer.write(answers(), force: true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".bak")) == latin1)
    let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(left == ["config.toml", "config.toml.bak"])
  }

}
