import SpotterCore
import Testing

@Suite struct CrontabBlockTests {
  let block = CrontabBlock(lines: ["30 21 * * * spotter run"])
  let mine = "# my jobs\nMAILTO=me@example.org\n\n0 7 * * 1-5  /usr/local/bin/backup   --quiet\n"

  @Test func anInstallAppendsTheBlockAndKeepsEveryOtherByte() throws {
    let installed = try block.installing(into: mine)
    #expect(installed == mine + "# BEGIN spotter\n30 21 * * * spotter run\n# END spotter\n")
    #expect(try CrontabBlock.removing(from: installed) == mine)
    #expect(try block.installing(into: "") == block.text)
    // A crontab without its final line break gets one, or the block would join its last line.
    #expect(try block.installing(into: "0 7 * * * a") == "0 7 * * * a\n" + block.text)
  }

  @Test func aReinstallReplacesTheBlockWhereItStands() throws {
    let old = "# top\n# BEGIN spotter\nold line\n# END spotter\n# bottom\n"
    #expect(try block.installing(into: old) == "# top\n" + block.text + "# bottom\n")
    #expect(try CrontabBlock.removing(from: old) == "# top\n# bottom\n")
    #expect(try block.installing(into: try block.installing(into: old)) == (try block.installing(into: old)))
  }

  /// A crontab saved with CRLF endings: its block is found, replaced and removed like any other,
  /// every other byte kept. Before, "\r\n" (one Character) hid every line break, so each install
  /// appended another block.
  @Test func aCRLFCrontabHasItsBlockFoundAndReplaced() throws {
    let windows = "# my jobs\r\n0 7 * * * backup\r\n"
    let once = try block.installing(into: windows)
    #expect(once == windows + block.text)
    let old = "# top\r\n# BEGIN spotter\r\nold line\r\n# END spotter\r\n# bottom\r\n"
    #expect(try block.installing(into: old) == "# top\r\n" + block.text + "# bottom\r\n")
    #expect(try block.installing(into: try block.installing(into: old)) == (try block.installing(into: old)))
    #expect(try CrontabBlock.removing(from: old) == "# top\r\n# bottom\r\n")
    #expect(try CrontabBlock.isInstalled(in: once))
    #expect(try CrontabBlock.removing(from: once) == windows)
    // Text around the block that is not ASCII stays byte for byte.
    let accents = "# Sicherung für Jörg 🎉\n" + block.text + "# fin\r\n"
    #expect(try CrontabBlock.removing(from: accents) == "# Sicherung für Jörg 🎉\n# fin\r\n")
  }

  @Test func aDamagedBlockIsNeverEdited() {
    #expect(throws: CrontabBlock.Problem.unterminated(line: 2)) {
      try block.installing(into: "a\n# BEGIN spotter\nx\n")
    }
    #expect(throws: CrontabBlock.Problem.repeated(line: 3)) {
      try CrontabBlock.removing(from: "# BEGIN spotter\n# END spotter\n# BEGIN spotter\n# END spotter\n")
    }
    #expect(throws: CrontabBlock.Problem.strayEnd(line: 1)) {
      try CrontabBlock.isInstalled(in: "# END spotter\n")
    }
  }
}
