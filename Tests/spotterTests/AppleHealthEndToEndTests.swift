import Foundation
import Testing
import _SpotterTestSupport

/// Apple Health through the binary: strength workouts teach the week and silence today's
/// reminder; other workout types count only when the config lists them.
@Suite struct AppleHealthEndToEndTests {
  /// Six weeks of Monday, Wednesday and Friday strength training at 18:00 Berlin time, exported
  /// in summer (+0200 on every date, as the Health app writes them), with runs on Sundays.
  static func export() -> String {
    var body = ""
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    let monday = formatter.date(from: "2026-10-12")!
    for week in 0..<6 {
      for (offset, type) in [
        (0, "TraditionalStrengthTraining"), (2, "FunctionalStrengthTraining"),
        (4, "TraditionalStrengthTraining"), (6, "Running"),
      ] {
        let day = formatter.string(from: monday.addingTimeInterval(Double(week * 7 + offset) * 86400))
        // 18:00 in Berlin, written with the export's +0200 although most of these days are CET.
        let hour = day < "2026-10-25" ? "18" : "19"
        body += """
           <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="\(day) 10:00:00 +0200" endDate="\(day) 10:00:00 +0200" value="70"/>
           <Workout workoutActivityType="HKWorkoutActivityType\(type)" duration="55" durationUnit="min" sourceName="Watch" startDate="\(day) \(hour):00:00 +0200" endDate="\(day) \(hour):55:00 +0200">
            <MetadataEntry key="HKTimeZone" value="Europe/Berlin"/>
           </Workout>

          """
      }
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE HealthData [
      <!-- HealthKit Export Version: 14 -->
      <!ELEMENT HealthData (ExportDate,(Record|Workout)*)>
      ]>
      <HealthData locale="en_US">
       <ExportDate value="2026-11-22 10:00:00 +0200"/>
      \(body)</HealthData>

      """
  }

  @Test func strengthWorkoutsTeachTheWeek() async throws {
    let box = try Sandbox(program: "")
    let path = box.dir.appendingPathComponent("export.xml").path
    try Self.export().write(toFile: path, atomically: false, encoding: .utf8)
    let run = try await box.spotter(
      ["run", "--history", path, "--days", "7"], now: "2026-11-22T21:30:00+01:00", writes: true)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("export.xml (apple-health): 18 new"), "\(run.stdout)")
    #expect(
      run.stderr.contains(
        "note: \(path): passed over 6 Apple Health workouts of other types (Running 6); [import] apple_health_types"
      ),
      "\(run.stderr)")
    let monday = try #require(try box.event("workout-reminder-2026-11-23@spotter"))
    #expect(monday.alarmInstants == [TestZones.instant("2026-11-23T17:30:00+01:00")])
    #expect(monday.summary.contains("Traditional Strength Training"))
    #expect(try box.event("workout-reminder-2026-11-29@spotter") == nil)
    // Sunday runs count once the config lists them.
    let listed = try Sandbox(
      program: "",
      extra:
        "[import]\napple_health_types = [\"TraditionalStrengthTraining\", \"FunctionalStrengthTraining\", \"Running\"]"
    )
    let again = try await listed.spotter(
      ["run", "--history", path, "--days", "7"], now: "2026-11-22T21:30:00+01:00", writes: true)
    #expect(again.stdout.contains("(apple-health): 24 new"), "\(again.stdout) \(again.stderr)")
    #expect(!again.stderr.contains("passed over"))
  }

  /// An export with steps and heart rates but no workout, as a phone without a watch writes it,
  /// imports nothing and says so, instead of a bare "0 sessions" read as a history imported.
  @Test func anExportWithoutWorkoutsSaysSo() async throws {
    let box = try Sandbox(program: "")
    let path = box.dir.appendingPathComponent("export.xml").path
    let export = Self.export().replacingOccurrences(
      of: #"(?s)<Workout .*</Workout>\n"#, with: "", options: .regularExpression)
    #expect(!export.contains("<Workout"))
    try export.write(toFile: path, atomically: false, encoding: .utf8)
    let run = try await box.spotter(["import", path], now: "2026-11-22T21:30:00+01:00")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("(apple-health): 0 sessions"), "\(run.stdout)")
    #expect(
      run.stderr.contains(
        "note: \(path): holds no workouts (Apple Health exports only the workouts a watch or a fitness app"),
      "\(run.stderr)")
    // In German, as the import's own line is, and so is the note on workouts of other types.
    let german = try Sandbox(program: "")
    let config = try String(contentsOfFile: german.config, encoding: .utf8)
    try config.replacingOccurrences(
      of: "timezone = \"Europe/Berlin\"\n[program]",
      with: "timezone = \"Europe/Berlin\"\nlanguage = \"de\"\n[program]"
    )
    .write(toFile: german.config, atomically: false, encoding: .utf8)
    let told = try await german.spotter(["import", path], now: "2026-11-22T21:30:00+01:00")
    #expect(
      told.stderr.contains("Hinweis: \(path): enthält keine Trainings (Apple Health exportiert nur"),
      "\(told.stderr)")
    let full = german.dir.appendingPathComponent("export.xml").path
    try Self.export().write(toFile: full, atomically: false, encoding: .utf8)
    let other = try await german.spotter(["import", full], now: "2026-11-22T21:30:00+01:00")
    #expect(
      other.stderr.contains(
        "Hinweis: \(full): 6 Apple-Health-Trainings anderer Arten übergangen (Running 6); [import] apple_health_types"
      ),
      "\(other.stderr)")
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "script(1) is not installed"))
  func aLargeExportShowsProgressOnATerminalOnly() async throws {
    let box = try Sandbox(program: "")
    let path = box.dir.appendingPathComponent("export.xml").path
    // Just over 50 MB: the export above, then heart rates as most of a real one is.
    let record = """
        <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" \
      startDate="2026-11-01 10:00:00 +0100" endDate="2026-11-01 10:00:00 +0100" value="70"/>

      """
    let head = Self.export().replacingOccurrences(of: "</HealthData>\n", with: "")
    #expect(TestScratch.createFile(path, Data(head.utf8)))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    let block = Data(String(repeating: record, count: 10_000).utf8)
    while try handle.offset() < 51_000_000 { handle.write(block) }
    handle.write(Data("</HealthData>\n".utf8))
    try handle.close()
    let command = [
      "import", path, "--db", box.db, "--config", box.config, "--now", "2026-11-22T21:30:00+01:00",
    ]
    // No terminal: no progress line.
    let plain = try await SpotterBinary.run(command)
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(plain.stdout.contains("(apple-health): 18 sessions") && !plain.stderr.contains("MB/s"))
    // A terminal, through script(1).
    let terminal = try await SpotterBinary.run(
      program: URL(fileURLWithPath: "/usr/bin/script"),
      [
        "-qec", ([SpotterBinary.executable.path] + command).map { "'\($0)'" }.joined(separator: " "),
        "/dev/null",
      ], environment: SpotterBinary.environment(["TERM": "xterm"]))
    let shown = terminal.stdout
    #expect(terminal.status == 0)
    #expect(
      shown.contains("export.xml: ") && shown.contains(" MB/s, ") && shown.contains(" left"), "\(shown)")
  }

  /// A damaged `export.zip` whose deflate stream does not end before the file does hung `import`
  /// and the nightly `run` forever (ZIPFoundation's `extract` waited for input that never came).
  /// The 1 MiB layout is the one that hung it. Now the import fails at once, as damage, and the
  /// store keeps what it had.
  @Test func aDeflateStreamThatOutrunsItsArchiveFailsAtOnce() async throws {
    let box = try Sandbox(program: "")
    let good = box.dir.appendingPathComponent("export.xml").path
    try Self.export().write(toFile: good, atomically: false, encoding: .utf8)
    let now = "2026-11-22T21:30:00+01:00"
    let first = try await box.spotter(["import", good], now: now)
    #expect(first.status == 0, "\(first.stderr)")
    let sessions = "SELECT group_concat(id) FROM (SELECT id FROM session ORDER BY id)"
    let before = try await SpotterBinary.sqlite(box.db, sessions)
    #expect(before.contains("health-"))
    let zip = box.dir.appendingPathComponent("export.zip")
    try ZipBuilder.runawayDeflate(xml: Data("<?xml version=\"1.0\"?>\n<HealthData>\n<!--".utf8)).write(
      to: zip)
    for command in [["import", zip.path], ["run", "--history", zip.path, "--days", "7"]] {
      let result = try await SpotterBinary.run(
        command + ["--db", box.db, "--config", box.config, "--now", now, "--wait", "0"])
      #expect(!result.timedOut, "\(command[0]) hung")
      #expect(result.status == 65, "\(result.stderr)")
      #expect(result.stderr.contains("export.zip: a damaged zip archive"), "\(result.stderr)")
      #expect(!result.stderr.contains("PK"))
    }
    #expect(try await SpotterBinary.sqlite(box.db, sessions) == before)
  }
}
