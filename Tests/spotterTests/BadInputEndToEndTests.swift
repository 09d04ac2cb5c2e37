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

  func baseline() async throws -> URL {
    let dir = try SpotterBinary.scratch()
    let result = try await SpotterBinary.run([
      "run", "--config", SpotterBinary.example("config.toml"), "--db",
      dir.appendingPathComponent("db.sqlite").path,
      "--out", dir.appendingPathComponent("out").path, "--now", "2026-11-22T21:30:00+01:00",
      "--history", SpotterBinary.example("strong.csv"),
    ])
    try #require(result.status == 0, "\(result.stderr)")
    return dir
  }

  /// An output that cannot be replaced (here a directory where agenda.crontab goes) fails the
  /// command before its change is saved, so the retry after fixing it is not refused as a
  /// duplicate of itself.
  @Test func anOutputThatCannotBeReplacedLeavesTheStoreAsItWas() async throws {
    let dir = try await baseline()
    let db = dir.appendingPathComponent("db.sqlite").path
    let agenda = dir.appendingPathComponent("out/agenda.crontab")
    let calendar = try Data(contentsOf: dir.appendingPathComponent("out/spotter.ics"))
    try FileManager.default.removeItem(at: agenda)
    try FileManager.default.createDirectory(at: agenda, withIntermediateDirectories: false)
    func spotter(_ arguments: [String]) async throws -> SpotterBinary.Result {
      try await SpotterBinary.run(
        arguments + [
          "--config", SpotterBinary.example("config.toml"), "--db", db, "--out",
          dir.appendingPathComponent("out").path, "--now", "2026-11-22T21:30:09.5+01:00",
        ])
    }
    let commands = [
      ["focus", "add", "tomorrow 14:00", "--for", "1h"], ["skip", "tomorrow"],
    ]
    for command in commands {
      let failed = try await spotter(command)
      #expect(failed.status == 74, "\(command): \(failed.stderr)")
      #expect(failed.stderr.contains("agenda.crontab: cannot replace: it is a directory"), "\(failed.stderr)")
    }
    #expect(try await SpotterBinary.sqlite(db, "SELECT COUNT(*) FROM focus_block") == "0\n")
    #expect(try await SpotterBinary.sqlite(db, "SELECT COUNT(*) FROM skipped_day") == "0\n")
    #expect(try Data(contentsOf: dir.appendingPathComponent("out/spotter.ics")) == calendar)
    let left = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path)
    #expect(left.sorted() == ["agenda.crontab", "spotter.ics"])
    try FileManager.default.removeItem(at: agenda)
    for command in commands {
      let retried = try await spotter(command)
      #expect(retried.status == 0, "\(command): \(retried.stderr)")
    }
  }

  @Test func malformedRowFailsWithFileLineAndLeavesEverythingIntact() async throws {
    let dir = try await baseline()
    let before = try snapshot(dir)
    var lines = try String(contentsOfFile: SpotterBinary.example("hevy.csv"), encoding: .utf8)
      .components(separatedBy: "\n")
    // Every row from line 40 on with a field too many: not a typo but a file of another shape,
    // refused at its first such row (one such row alone costs only itself).
    for index in 39..<lines.count where !lines[index].isEmpty { lines[index] += ",surplus" }
    let bad = dir.appendingPathComponent("bad.csv")
    try lines.joined(separator: "\n").write(to: bad, atomically: false, encoding: .utf8)
    let result = try await SpotterBinary.run([
      "import", "--config", SpotterBinary.example("config.toml"), "--db",
      dir.appendingPathComponent("db.sqlite").path, "--now", "2026-11-23T21:30:00+01:00",
      SpotterBinary.example("hevy.csv"), bad.path,
    ])
    #expect(result.status == 65)
    #expect(result.stderr.contains("\(bad.path):40: expected 14 fields as in the header, found 15"))
    #expect(try snapshot(dir) == before)
  }

  /// One number typed by hand into an export (`heavy` for a weight) costs that set: the note
  /// names `file:line`, the column and the value, every session of the export is imported, and
  /// the import succeeds. Refusing the file for it refused a whole history for one cell.
  @Test func aTypoedNumberCostsItsSetNotTheHistory() async throws {
    let dir = try SpotterBinary.scratch()
    var lines = try String(contentsOfFile: SpotterBinary.example("hevy.csv"), encoding: .utf8)
      .components(separatedBy: "\n")
    let clean = lines[39]
    lines[39] = lines[39].replacingOccurrences(of: ",\"normal\",", with: ",\"normal\",heavy")
    try #require(lines[39] != clean)
    let bad = dir.appendingPathComponent("typo.csv")
    try lines.joined(separator: "\n").write(to: bad, atomically: false, encoding: .utf8)
    func imported(_ file: String, into db: String) async throws -> (SpotterBinary.Result, String, String) {
      let result = try await SpotterBinary.run([
        "import", "--config", SpotterBinary.example("config.toml"), "--db",
        dir.appendingPathComponent(db).path,
        "--now", "2026-11-23T21:30:00+01:00", file,
      ])
      let path = dir.appendingPathComponent(db).path
      return (
        result, try await SpotterBinary.sqlite(path, "SELECT count(*) FROM session"),
        try await SpotterBinary.sqlite(path, "SELECT sum(length(exercises)) FROM session")
      )
    }
    let (result, sessions, bytes) = try await imported(bad.path, into: "typo.sqlite")
    let (_, cleanSessions, cleanBytes) = try await imported(
      SpotterBinary.example("hevy.csv"), into: "clean.sqlite")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "\(bad.path):40: column 'weight_kg': invalid weight 'heavy"), "\(result.stderr)")
    #expect(result.stderr.contains("the set is left out, its session kept"))
    #expect(result.stdout.contains("1 impossible set left out"), "\(result.stdout)")
    #expect(sessions == cleanSessions && sessions != "0\n")
    // The session keeps its other sets: it holds one set less, so it packs smaller.
    #expect(
      Int(bytes.trimmingCharacters(in: .whitespacesAndNewlines))! < Int(
        cleanBytes.trimmingCharacters(in: .whitespacesAndNewlines))!)
    let strict = try await SpotterBinary.run([
      "import", "--strict", "--config", SpotterBinary.example("config.toml"), "--db",
      dir.appendingPathComponent("strict.sqlite").path, "--now", "2026-11-23T21:30:00+01:00", bad.path,
    ])
    #expect(strict.status == 65)
    #expect(strict.stderr.contains("\(bad.path):40: column 'weight_kg': invalid weight 'heavy"))
    // In German, as the rest of the import's words are.
    let german = dir.appendingPathComponent("de.toml")
    try "timezone = \"Europe/Berlin\"\nlanguage = \"de\"\n".write(
      to: german, atomically: false, encoding: .utf8)
    let told = try await SpotterBinary.run([
      "import", "--config", german.path, "--db", dir.appendingPathComponent("de.sqlite").path, "--now",
      "2026-11-23T21:30:00+01:00", bad.path,
    ])
    #expect(told.status == 0, "\(told.stderr)")
    #expect(
      told.stderr.contains(
        "spotter: Hinweis: \(bad.path):40: Spalte 'weight_kg': ungültiges Gewicht 'heavy"), "\(told.stderr)")
    #expect(
      told.stderr.contains("; der Satz bleibt weg, seine Einheit bleibt (import --strict lehnt die Datei ab)")
    )
  }

  /// An export cut off in its last row (a copy interrupted) costs that row, said with its line;
  /// every workout of it is imported.
  @Test func anExportCutOffInItsLastRowCostsThatRow() async throws {
    let dir = try SpotterBinary.scratch()
    let whole = try Data(contentsOf: URL(fileURLWithPath: SpotterBinary.example("strong.csv")))
    let cut = dir.appendingPathComponent("cut.csv")
    try whole.dropLast(20).write(to: cut)
    let lines = whole.split(separator: UInt8(ascii: "\n")).count
    let result = try await SpotterBinary.run([
      "import", "--config", SpotterBinary.example("config.toml"), "--db",
      dir.appendingPathComponent("db").path,
      "--now", "2026-11-23T21:30:00+01:00", cut.path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "\(cut.path):\(lines): expected 12 fields as in the header, found 6; the row is left out"),
      "\(result.stderr)")
    #expect(result.stdout.contains("33 new"), "\(result.stdout)")
  }

  /// Issue 14 §2: a bad export must not cost tomorrow its reminders. The nightly run imports every
  /// file that parses (each file all or nothing), plans from the store, writes the outputs and a
  /// log, and only then exits non-zero with each failure's `file:line`, so cron mails it.
  @Test func theNightlyRunImportsWhatParsesPlansAndStillFails() async throws {
    let dir = try await baseline()
    var lines = try String(contentsOfFile: SpotterBinary.example("hevy.csv"), encoding: .utf8)
      .components(separatedBy: "\n")
    // Every row from line 40 on with a field too many: not a typo but a file of another shape,
    // refused at its first such row (one such row alone costs only itself).
    for index in 39..<lines.count where !lines[index].isEmpty { lines[index] += ",surplus" }
    let bad = dir.appendingPathComponent("bad.csv")
    try lines.joined(separator: "\n").write(to: bad, atomically: false, encoding: .utf8)
    let missing = dir.appendingPathComponent("not-synced-yet.csv").path
    let state = dir.appendingPathComponent("state")
    let result = try await SpotterBinary.run(
      [
        "run", "--config", SpotterBinary.example("config.toml"), "--db",
        dir.appendingPathComponent("db.sqlite").path, "--out", dir.appendingPathComponent("out").path,
        "--now", "2026-11-23T21:30:00+01:00", "--history", bad.path, missing,
        SpotterBinary.example("strong.csv"),
      ], environment: ["XDG_STATE_HOME": state.path])
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("\(bad.path):40: expected 14 fields as in the header, found 15"))
    #expect(result.stderr.contains("\(missing): No such file or directory"))
    // The good file was imported by the baseline's run and has not changed since.
    #expect(result.stdout.contains("skipped \(SpotterBinary.example("strong.csv")): unchanged"))
    #expect(result.stdout.contains("(from the store, without the sources that failed)"))
    #expect(result.stdout.contains("planned ") && result.stdout.contains("wrote \(dir.path)/out/spotter.ics"))
    // Nothing of the bad file was imported: the store holds no Hevy session.
    let hevySessions = try await SpotterBinary.sqlite(
      dir.appendingPathComponent("db.sqlite").path, "SELECT count(*) FROM session WHERE source = 'hevy'")
    #expect(hevySessions == "0\n")
    let logs = try FileManager.default.contentsOfDirectory(atPath: state.path + "/spotter")
    #expect(
      logs.count == 1 && logs[0].hasPrefix("run-20261123T203000Z-") && logs[0].hasSuffix(".log"), "\(logs)")
    let log = try String(contentsOfFile: state.path + "/spotter/" + logs[0], encoding: .utf8)
    #expect(log.contains("strong.csv: unchanged") && log.contains("error: \(bad.path):40:"))
  }

  @Test func badConfigNamesTheKeyAndExits78() async throws {
    let dir = try SpotterBinary.scratch()
    let config = dir.appendingPathComponent("c.toml")
    try "timezone = \"Europe/Berlin\"\n[reminders]\nlead_minutes = \"soon\"\n".write(
      to: config, atomically: false, encoding: .utf8)
    let result = try await SpotterBinary.run([
      "plan", "--config", config.path, "--db", dir.appendingPathComponent("db").path,
    ])
    #expect(result.status == 78)
    #expect(
      result.stderr.contains(
        "c.toml:3: key 'reminders.lead_minutes': expected a whole number, got '\"soon\"'"))
  }

  @Test func unknownFormatAndMissingFileAreDistinct() async throws {
    let dir = try SpotterBinary.scratch()
    let odd = dir.appendingPathComponent("odd.csv")
    try "Day,Exercise,Category\n".write(to: odd, atomically: false, encoding: .utf8)
    let db = dir.appendingPathComponent("db.sqlite").path
    let unknown = try await SpotterBinary.run(["import", "--db", db, odd.path])
    #expect(unknown.status == 65)
    #expect(unknown.stderr.contains("unknown history format"))
    // Every format the importer reads is in the list, not only the first four it learned.
    for format in [
      "Strong CSV", "Hevy CSV", "FitNotes CSV", "Fit Notes for iOS", "Fitbod CSV", "GymBook CSV", "JEFIT",
      "Apple Health", "native JSON",
    ] {
      #expect(unknown.stderr.contains(format), "\(format)")
    }
    let missing = try await SpotterBinary.run([
      "import", "--db", db, dir.appendingPathComponent("nope.csv").path,
    ])
    #expect(missing.status == 74)
  }

  @Test func usageErrorsExit64() async throws {
    #expect(try await SpotterBinary.run(["plan", "--days", "0"]).status == 64)
    #expect(try await SpotterBinary.run(["plan", "--timezone", "Mars/Olympus"]).status == 64)
    let badNow = try await SpotterBinary.run(["plan", "--now", "tomorrowish", "--db", "/nonexistent/db"])
    #expect(badNow.status == 64)
    #expect(badNow.stderr.contains("option '--now': expected an ISO 8601 instant, got 'tomorrowish'"))
    // A year no plan can be written in (10000-01-01 was planned, its VTIMEZONE started in year 0).
    for (command, now) in [
      ("plan", "9999-12-31T23:59:59Z"), ("run", "1970-06-01T00:00:00Z"), ("batch", "2099-01-01T00:00:00Z"),
    ] {
      let extra = command == "batch" ? ["--users", "/nonexistent/users.jsonl"] : ["--db", "/nonexistent/db"]
      let far = try await SpotterBinary.run([command, "--now", now] + extra)
      #expect(far.status == 64, "\(command) \(now): \(far.stderr)")
      #expect(
        far.stderr.contains("option '--now': expected an instant from 1971 to 2098, got '\(now)'"),
        "\(far.stderr)")
    }
    // Every day from today to a horizon's end is planned, so a typo of a year is refused at once
    // rather than planned for eight thousand years.
    let far = try await SpotterBinary.run([
      "plan", "--from", "9999-12-01", "--now", "2026-11-25T10:00:00Z", "--db", "/nonexistent/db",
    ])
    #expect(far.status == 64)
    #expect(
      far.stderr.contains(
        "option '--from': expected a day within 366 days of today (2026-11-25), got '9999-12-01'"),
      "\(far.stderr)")
    let skip = try await SpotterBinary.run([
      "skip", "0001-01-01", "--now", "2026-11-25T10:00:00Z", "--db", "/nonexistent/db",
    ])
    #expect(skip.status == 64)
    #expect(skip.stderr.contains("option 'DAY': expected a day within 366 days of today"), "\(skip.stderr)")
  }

  /// What a command prints is flushed before it says it succeeded: to a full device or a closed
  /// descriptor its report is lost, and that is an I/O error (74) said on stderr, where it
  /// exited 0 with an empty file. A reader that leaves early (`| head`) is no failure.
  @Test func lostOutputIsAnIOError() async throws {
    let dir = try SpotterBinary.scratch()
    let db = dir.appendingPathComponent("db.sqlite").path
    let command = [
      SpotterBinary.executable.path, "plan", "--json", "--days", "366", "--db", db, "--now",
      "2026-11-22T21:30:00Z",
    ]
    let bash = URL(fileURLWithPath: "/bin/bash")
    for (redirect, reason) in [("> /dev/full", "No space left on device"), (">&-", "Bad file descriptor")] {
      let lost = try await SpotterBinary.run(
        program: bash, ["-c", "exec \"$0\" \"$@\" \(redirect)"] + command,
        environment: SpotterBinary.environment())
      #expect(lost.status == 74, "\(redirect): \(lost.stderr)")
      #expect(
        lost.stderr.hasSuffix("spotter: error: standard output: \(reason); what was printed is incomplete\n"),
        "\(lost.stderr)")
    }
    let early = try await SpotterBinary.run(
      program: bash, ["-c", "\"$0\" \"$@\" | head -c 10 > /dev/null; echo \"${PIPESTATUS[0]}\""] + command,
      environment: SpotterBinary.environment())
    #expect(["0\n", "141\n"].contains(early.stdout), "\(early.stdout)")
    #expect(!early.stderr.contains("standard output"), "\(early.stderr)")
    let whole = try await SpotterBinary.run([
      "plan", "--json", "--days", "366", "--db", db, "--now", "2026-11-22T21:30:00Z",
    ])
    #expect(whole.status == 0 && whole.stdout.count > 10_000, "\(whole.stderr)")
  }

  @Test func planAndPatternWriteNothing() async throws {
    let dir = try SpotterBinary.scratch()
    let db = dir.appendingPathComponent("db.sqlite").path
    let plan = try await SpotterBinary.run([
      "plan", "--db", db, "--json", "--now", "2026-11-22T21:30:00+01:00",
    ])
    #expect(plan.status == 0)
    #expect(plan.stdout.contains("\"events\""))
    #expect(try await SpotterBinary.run(["pattern", "--db", db, "--json"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: db))
  }

  @Test(arguments: [
    "Date,Workout Name\n",
    "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n2026-11-20 18:00:00,Push,Bench,1,abc,5\n",
  ])
  func aFailedImportCreatesNoStoreFile(history: String) async throws {
    let dir = try SpotterBinary.scratch()
    let file = dir.appendingPathComponent("history.csv")
    try history.write(to: file, atomically: false, encoding: .utf8)
    let db = dir.appendingPathComponent("new.sqlite").path
    let now = "2026-11-22T21:30:00+01:00"
    let imported = try await SpotterBinary.run(["import", file.path, "--db", db, "--now", now])
    #expect(imported.status == 65)
    #expect(!FileManager.default.fileExists(atPath: db))
    // The nightly run still writes its outputs (from an empty store here), then fails.
    let run = try await SpotterBinary.run([
      "run", "--history", file.path, "--db", db, "--out", dir.appendingPathComponent("out").path, "--now",
      now,
    ])
    #expect(run.status == 65)
    #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/spotter.ics").path))
  }

  @Test func anImpossibleWeightIsRefusedAndEveryLaterCommandStillWorks() async throws {
    let dir = try await baseline()
    let before = try snapshot(dir)
    let bad = dir.appendingPathComponent("huge.csv")
    try """
    Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
    2026-11-22 18:00:00,"Push",1h,"Bench Press (Barbell)",1,1e300,8,0,0,"","",

    """.write(to: bad, atomically: false, encoding: .utf8)
    let common = [
      "--config", SpotterBinary.example("config.toml"), "--db", dir.appendingPathComponent("db.sqlite").path,
      "--now", "2026-11-22T21:30:00+01:00",
    ]
    let result = try await SpotterBinary.run(["import", bad.path] + common)
    #expect(result.status == 65)
    #expect(result.stderr.contains("huge.csv:2: column 'Weight': weight out of range (0 to 1500 kg) '1e300'"))
    #expect(try snapshot(dir) == before)
    #expect(try await SpotterBinary.run(["plan"] + common).status == 0)
  }

  @Test func aHostileValueReachesTheTerminalEscapedAndShort() async throws {
    let dir = try SpotterBinary.scratch()
    let bad = dir.appendingPathComponent("bad.csv")
    let value = "\u{1B}]0;pwned\u{7}\u{1B}[2J" + String(repeating: "A", count: 1_000_000)
    try """
    Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
    2026-11-22 18:00:00,"Push",1h,"Bench Press (Barbell)",1,\(value),8,0,0,"","",

    """.write(to: bad, atomically: false, encoding: .utf8)
    let result = try await SpotterBinary.run([
      "import", "--db", dir.appendingPathComponent("db").path, bad.path,
    ])
    #expect(result.status == 65)
    #expect(result.stderr.count < 400)
    #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{7}"))
    #expect(result.stderr.contains("invalid weight '\\e]0;pwned\\u{7}\\e[2JAAAA"))
    #expect(result.stderr.contains("… (999934 more characters)'"))
    // Parsed before the store is opened: a failed import leaves no store at a new path.
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("db").path))
  }

  @Test func aCalendarThatIsNotUTF8NamesItsLine() async throws {
    let dir = try SpotterBinary.scratch()
    let bad = dir.appendingPathComponent("latin1.ics")
    var bytes = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY:Caf".utf8)
    bytes += [0xE9] + Array("\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
    try Data(bytes).write(to: bad)
    let result = try await SpotterBinary.run([
      "focus", "import", bad.path, "--db", dir.appendingPathComponent("db").path, "--out",
      dir.appendingPathComponent("out").path, "--now", "2026-11-22T21:30:00+01:00",
    ])
    #expect(result.status == 65)
    #expect(result.stderr.contains("latin1.ics:4: not UTF-8 text, bytes 'e9 0d 0a 45'"))
  }

  @Test func anUnwritableOutputChangesNothingAndARetrySucceeds() async throws {
    let dir = try SpotterBinary.scratch()
    let out = dir.appendingPathComponent("out")
    // A file where the output directory should be: unwritable even for root.
    try "not a directory".write(to: out, atomically: false, encoding: .utf8)
    let arguments = [
      "focus", "add", "2026-11-23 14:00", "--for", "90m", "--db", dir.appendingPathComponent("db").path,
      "--out", out.path, "--now", "2026-11-22T21:30:00+01:00", "--timezone", "Europe/Berlin",
    ]
    let failed = try await SpotterBinary.run(arguments)
    #expect(failed.status == 74, "\(failed.stderr)")
    let list = try await SpotterBinary.run([
      "focus", "list", "--db", dir.appendingPathComponent("db").path, "--timezone", "Europe/Berlin",
    ])
    #expect(!list.stdout.contains("14:00"))
    try FileManager.default.removeItem(at: out)
    // The block was never saved, so it cannot overlap itself on the retry.
    let retry = try await SpotterBinary.run(arguments)
    #expect(retry.status == 0, "\(retry.stderr)")
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("spotter.ics").path))
  }

  /// A mistyped export says the system's words and the file it probably meant; a folder says it
  /// is one. The store is not created.
  @Test func aMissingFileSaysSoWithASuggestion() async throws {
    let dir = try SpotterBinary.scratch()
    let export = dir.appendingPathComponent("strong.csv")
    try FileManager.default.copyItem(atPath: SpotterBinary.example("strong.csv"), toPath: export.path)
    let db = dir.appendingPathComponent("db.sqlite").path
    let typo = try await SpotterBinary.run([
      "import", dir.appendingPathComponent("strnog.csv").path, "--db", db,
    ])
    #expect(typo.status == 74)
    #expect(
      typo.stderr.contains("strnog.csv: No such file or directory; did you mean '\(export.path)'?"),
      "\(typo.stderr)")
    #expect(!FileManager.default.fileExists(atPath: db))
  }

  /// A FIFO, a folder or a planted link where the store or a file SQLite keeps beside it goes is
  /// refused at once by every command that opens the store: a FIFO blocked the first read-only
  /// look for ever, and a link where the log goes would have SQLite write into the file it names.
  /// The store and the outputs stay as they were, and nothing is created where a link points.
  @Test(arguments: [
    ("db.sqlite", "fifo"), ("db.sqlite-wal", "fifo"), ("db.sqlite-shm", "link"), ("db.sqlite-wal", "link"),
    ("db.sqlite-journal", "link"), ("db.sqlite-shm", "folder"),
  ])
  func aStoreFileThatIsNoFileIsRefusedWithoutWaiting(name: String, kind: String) async throws {
    let dir = try await baseline()
    let db = dir.appendingPathComponent("db.sqlite")
    let planted = dir.appendingPathComponent(name)
    let victim = dir.appendingPathComponent("victim")
    if name == "db.sqlite" {
      try FileManager.default.removeItem(at: db)
      try? FileManager.default.removeItem(atPath: db.path + ".lock")
    }
    for sibling in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: db.path + sibling) }
    let before = name == "db.sqlite" ? [:] : try snapshot(dir)
    switch kind {
    case "fifo": try #require(mkfifo(planted.path, 0o644) == 0)
    case "link": try FileManager.default.createSymbolicLink(at: planted, withDestinationURL: victim)
    default: try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: false)
    }
    let commands = [
      [
        "run", "--out", dir.appendingPathComponent("out").path, "--history",
        SpotterBinary.example("strong.csv"),
      ],
      ["plan"], ["history"], ["import", SpotterBinary.example("strong.csv")], ["skip", "tomorrow"],
    ]
    let shown = kind == "fifo" ? "a FIFO (named pipe)" : kind == "link" ? "a symbolic link" : "a folder"
    for command in commands {
      let failed = try await SpotterBinary.run(
        command + [
          "--config", SpotterBinary.example("config.toml"), "--db", db.path, "--now",
          "2026-11-22T21:40:00+01:00",
        ])
      #expect(!failed.timedOut, "\(command) waited on \(name)")
      #expect(failed.status == 74, "\(command): \(failed.stderr)")
      #expect(failed.stderr.contains("\(name) is \(shown), not a file"), "\(command): \(failed.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: victim.path))
    if name != "db.sqlite" { #expect(try snapshot(dir) == before) }
    // Refused before its lock is made: "nothing was changed" holds for the folder too.
    if name == "db.sqlite" { #expect(!FileManager.default.fileExists(atPath: db.path + ".lock")) }
  }
}
