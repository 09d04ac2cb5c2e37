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
