import Foundation
import Testing
import _SpotterTestSupport

/// kill -9 at any moment of a nightly run leaves the store consistent and every output either
/// the old version or the new one.
@Suite struct KillEndToEndTests {
  /// A Strong export of `weeks` weeks of Mon/Wed/Fri sessions, 18 sets each.
  static func history(weeks: Int, to path: String) throws {
    var text =
      "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
    let names = ["Push Day", "Pull Day", "Leg Day"]
    for week in 0..<weeks {
      for (slot, offset) in [0, 2, 4].enumerated() {
        let day = Self.day(week * 7 + offset + 4)
        for exercise in 0..<6 {
          for set in 1...3 {
            text += "\(day) 18:0\(slot):00,\"\(names[slot])\",1h 5m,\"Exercise \(exercise)\",\(set),"
            text += "\(40 + exercise * 5 + week % 10).0,8,0,0.0,\"\",\"\",\n"
          }
        }
      }
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// `YYYY-MM-DD`, `days` days after 2020-01-01.
  static func day(_ days: Int) -> String {
    let date = Date(timeIntervalSince1970: 1_577_836_800 + TimeInterval(days) * 86400)
    return String(ISO8601DateFormatter().string(from: date).prefix(10))
  }

  static func files(_ sandbox: Sandbox) -> [String: Data] {
    var files: [String: Data] = [:]
    for name in ["spotter.ics", "agenda.crontab"] {
      files[name] = FileManager.default.contents(atPath: sandbox.out + "/" + name)
    }
    return files
  }

  static func copyState(from source: Sandbox, to target: Sandbox) throws {
    let manager = FileManager.default
    for suffix in ["", "-wal", "-shm"] {
      try? manager.removeItem(atPath: target.db + suffix)
      if manager.fileExists(atPath: source.db + suffix) {
        try manager.copyItem(atPath: source.db + suffix, toPath: target.db + suffix)
      }
    }
    try? manager.removeItem(atPath: target.out)
    try manager.copyItem(atPath: source.out, toPath: target.out)
  }

  @Test func killedRunsLeaveOldOrNewOutputsAndAConsistentStore() throws {
    let base = try Sandbox(program: "")
    let old = base.dir.appendingPathComponent("old.csv").path
    let new = base.dir.appendingPathComponent("new.csv").path
    try Self.history(weeks: 52, to: old)
    try Self.history(weeks: 150, to: new)
    let first = ["run", "--days", "7", "--history", old]
    let second = ["run", "--days", "7", "--history", new]
    let nowA = "2026-11-15T21:30:00+01:00"
    let nowB = "2026-11-22T21:30:00+01:00"
    #expect(try base.spotter(first, now: nowA, writes: true).status == 0)
    let before = Self.files(base)

    // The uninterrupted second run, for reference.
    let reference = try Sandbox(program: "")
    try Self.copyState(from: base, to: reference)
    #expect(try reference.spotter(second, now: nowB, writes: true).status == 0)
    let after = Self.files(reference)
    #expect(before != after)

    var sawOld = false
    var sawNew = false
    for attempt in 0..<16 {
      let victim = try Sandbox(program: "")
      try Self.copyState(from: base, to: victim)
      let process = Process()
      process.executableURL = SpotterBinary.executable
      process.arguments =
        second + ["--config", victim.config, "--db", victim.db, "--now", nowB, "--out", victim.out]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      Thread.sleep(forTimeInterval: Double(attempt) * 0.015)
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()

      for (name, data) in Self.files(victim) {
        #expect(data == before[name] || data == after[name], "attempt \(attempt): \(name) is neither version")
        if data == before[name] { sawOld = true } else { sawNew = true }
      }
      // The store opens and a plain re-run finishes the job exactly as the uninterrupted run did.
      let rerun = try victim.spotter(second, now: nowB, writes: true)
      #expect(rerun.status == 0, "attempt \(attempt): \(rerun.stderr)")
      #expect(Self.files(victim) == after, "attempt \(attempt): re-run differs")
    }
    #expect(sawOld)
    #expect(sawNew)
  }
}
