import Foundation
import Testing

@Suite struct BadInputEndToEndTests {
  func snapshot(_ dir: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in ["db.sqlite", "out/spotter.ics", "out/agenda.crontab"] {
      files[name] = try Data(contentsOf: dir.appendingPathComponent(name))
    }
    return files
  }

  func baseline() throws -> URL {
    let dir = try SpotterBinary.scratch()
    let result = try SpotterBinary.run([
      "run", "--config", SpotterBinary.example("config.toml"), "--db",
      dir.appendingPathComponent("db.sqlite").path,
      "--out", dir.appendingPathComponent("out").path, "--now", "2026-11-22T21:30:00+01:00",
      "--history", SpotterBinary.example("strong.csv"),
    ])
    try #require(result.status == 0, "\(result.stderr)")
    return dir
  }

  @Test func malformedRowFailsWithFileLineAndLeavesEverythingIntact() throws {
    let dir = try baseline()
    let before = try snapshot(dir)
    var lines = try String(contentsOfFile: SpotterBinary.example("hevy.csv"), encoding: .utf8)
      .components(separatedBy: "\n")
    lines[39] = lines[39].replacingOccurrences(of: ",\"normal\",", with: ",\"normal\",heavy") + ""
    let bad = dir.appendingPathComponent("bad.csv")
    try lines.joined(separator: "\n").write(to: bad, atomically: true, encoding: .utf8)
    let result = try SpotterBinary.run([
      "run", "--config", SpotterBinary.example("config.toml"), "--db",
      dir.appendingPathComponent("db.sqlite").path,
      "--out", dir.appendingPathComponent("out").path, "--now", "2026-11-23T21:30:00+01:00",
      "--history", SpotterBinary.example("hevy.csv"), bad.path,
    ])
    #expect(result.status == 65)
    #expect(result.stderr.contains("\(bad.path):40: column 'weight_kg': invalid weight 'heavy"))
    #expect(try snapshot(dir) == before)
  }

  @Test func badConfigNamesTheKeyAndExits78() throws {
    let dir = try SpotterBinary.scratch()
    let config = dir.appendingPathComponent("c.toml")
    try "timezone = \"Europe/Berlin\"\n[reminders]\nlead_minutes = \"soon\"\n".write(
      to: config, atomically: true, encoding: .utf8)
    let result = try SpotterBinary.run([
      "plan", "--config", config.path, "--db", dir.appendingPathComponent("db").path,
    ])
    #expect(result.status == 78)
    #expect(
      result.stderr.contains(
        "c.toml:3: key 'reminders.lead_minutes': expected a whole number, got '\"soon\"'"))
  }

  @Test func unknownFormatAndMissingFileAreDistinct() throws {
    let dir = try SpotterBinary.scratch()
    let odd = dir.appendingPathComponent("odd.csv")
    try "Day,Exercise,Category\n".write(to: odd, atomically: true, encoding: .utf8)
    let db = dir.appendingPathComponent("db.sqlite").path
    let unknown = try SpotterBinary.run(["import", "--db", db, odd.path])
    #expect(unknown.status == 65)
    #expect(unknown.stderr.contains("unknown history format"))
    let missing = try SpotterBinary.run(["import", "--db", db, dir.appendingPathComponent("nope.csv").path])
    #expect(missing.status == 74)
  }

  @Test func usageErrorsExit64() throws {
    #expect(try SpotterBinary.run(["plan", "--days", "0"]).status == 64)
    #expect(try SpotterBinary.run(["plan", "--timezone", "Mars/Olympus"]).status == 64)
    let badNow = try SpotterBinary.run(["plan", "--now", "tomorrowish", "--db", "/nonexistent/db"])
    #expect(badNow.status == 64)
    #expect(badNow.stderr.contains("option '--now': expected an ISO 8601 instant, got 'tomorrowish'"))
  }

  @Test func planAndPatternWriteNothing() throws {
    let dir = try SpotterBinary.scratch()
    let db = dir.appendingPathComponent("db.sqlite").path
    let plan = try SpotterBinary.run(["plan", "--db", db, "--json", "--now", "2026-11-22T21:30:00+01:00"])
    #expect(plan.status == 0)
    #expect(plan.stdout.contains("\"events\""))
    #expect(try SpotterBinary.run(["pattern", "--db", db, "--json"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: db))
  }
}
