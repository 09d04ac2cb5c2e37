import Foundation
import Testing
import _SpotterTestSupport

/// Issue 14 §1, §3 and §4 through the binary: `spotter init` writes a config that pins what the
/// shell knew, re-running it changes nothing, the nightly run finds the newest export of each app in
/// the configured folder, and a notifier that is not installed is said with what to do.
@Suite struct InitEndToEndTests {
  /// A shell in Tokyo speaking German, on a Berlin machine, with no notify-send on PATH.
  static func environment(_ home: URL) -> [String: String] {
    [
      "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path, "TZ": "Asia/Tokyo",
      "LANG": "de_DE.UTF-8", "PATH": "/usr/bin:/bin",
    ]
  }

  @Test func initWritesTheSystemZoneAndKeepsAnExistingConfig() async throws {
    let home = try SpotterBinary.scratch()
    let exports = home.appendingPathComponent("exports")
    try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
    let first = try await SpotterBinary.run(
      ["init", "--source", "~/exports", "--now", "2026-11-22T10:00:00Z"], environment: Self.environment(home))
    #expect(first.status == 0, "\(first.stderr)")
    let path = home.appendingPathComponent(".config/spotter/config.toml").path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("timezone = \"Europe/Berlin\"\nlanguage = \"de\"\nweight_unit = \"kg\""), "\(text)")
    #expect(text.contains("sources = [\"~/exports\"]"))
    // Its comments, and what it says, in the language the config gets (LANG's here).
    #expect(text.hasPrefix("# Geschrieben von `spotter init` am 2026-11-22."), "\(text)")
    #expect(first.stderr.contains("Warnung: der Benachrichtigungsbefehl 'notify-send' ist nicht installiert"))
    #expect(first.stderr.contains("apt install libnotify-bin"))
    #expect(first.stderr.contains("Warnung: in '~/exports' liegt noch kein Export"))

    // Re-running changes nothing and asks nothing; a flag it cannot apply is refused, not ignored,
    // and nothing is warned of values it never wrote.
    let again = try await SpotterBinary.run(["init"], environment: Self.environment(home))
    #expect(
      again.status == 0
        && again.stdout.hasPrefix("unter \(path) gibt es schon eine Konfiguration; sie bleibt, wie sie ist"))
    #expect(again.stderr.isEmpty, "\(again.stderr)")
    let flagged = try await SpotterBinary.run(
      ["init", "--language", "en", "--source", "~/nowhere"], environment: Self.environment(home))
    #expect(flagged.status == 64)
    #expect(
      flagged.stderr.contains(
        "a config exists at \(path), so --language, --source cannot be applied; add --force"),
      "\(flagged.stderr)")
    #expect(!flagged.stderr.contains("warning"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    let forced = try await SpotterBinary.run(
      ["init", "--force", "--notifier", "printf %s {title}"], environment: Self.environment(home))
    #expect(forced.status == 0, "\(forced.stderr)")
    let replaced = try String(contentsOfFile: path, encoding: .utf8)
    #expect(replaced.contains("sources = [\"~/exports\"]") && replaced.contains("language = \"de\""))
    #expect(replaced.contains("commands = [\"printf %s {title}\"]"))
    #expect(!forced.stderr.contains("notifier"))
    #expect(try String(contentsOfFile: path + ".bak", encoding: .utf8) == text)
  }

  /// A source that does not exist is said to not exist, with the closest name; an empty folder
  /// holds no export yet; a glob matches nothing yet.
  @Test func aSourceThatDoesNotExistIsToldApartFromAnEmptyOne() async throws {
    let home = try SpotterBinary.scratch()
    try FileManager.default.createDirectory(
      at: home.appendingPathComponent("exports"), withIntermediateDirectories: true)
    let result = try await SpotterBinary.run(
      ["init", "--source", "~/exprots", "--source", "~/exports", "--source", "~/exports/*.csv"],
      environment: Self.environment(home))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "Warnung: '~/exprots' gibt es nicht (Datei oder Verzeichnis nicht gefunden; meintest du '\(home.path)/exports'?)"
      ),
      "\(result.stderr)")
    #expect(result.stderr.contains("Warnung: in '~/exports' liegt noch kein Export"))
    #expect(result.stderr.contains("Warnung: '~/exports/*.csv' passt noch auf keine Datei"))
  }

  @Test func theNightlyRunImportsTheNewestExportOfEachAppInTheConfiguredFolder() async throws {
    let home = try SpotterBinary.scratch()
    let exports = home.appendingPathComponent("exports")
    try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
    let strong = try String(contentsOfFile: SpotterBinary.example("strong.csv"), encoding: .utf8)
    let lines = strong.split(separator: "\n", omittingEmptySubsequences: false)
    // An old, short Strong export, the newest one, a Hevy export and a file of something else.
    let old = exports.appendingPathComponent("strong_2026-10-01.csv")
    try lines.prefix(8).joined(separator: "\n").write(to: old, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_790_000_000)], ofItemAtPath: old.path)
    try strong.write(
      to: exports.appendingPathComponent("strong_2026-11-20.csv"), atomically: false, encoding: .utf8)
    try FileManager.default.copyItem(
      atPath: SpotterBinary.example("hevy.csv"),
      toPath: exports.appendingPathComponent("hevy_workouts (3).csv").path)
    try "shopping list\n".write(
      to: exports.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
    // Files that open with a bracket, as a folder of downloads holds them: an INI file, another
    // program's JSON and a JSON list of something else. Each once failed the folder's import.
    try "[core]\n\tbare = false\n".write(
      to: exports.appendingPathComponent("settings.ini"), atomically: false, encoding: .utf8)
    try "{\"name\": \"package\", \"version\": \"1.0\"}\n".write(
      to: exports.appendingPathComponent("package.json"), atomically: false, encoding: .utf8)
    try "[{\"id\": 1, \"title\": \"todo\"}]\n".write(
      to: exports.appendingPathComponent("todos.json"), atomically: false, encoding: .utf8)
    // Strava's activities.csv, newer than the Strong export: taken for Strong, it hid that one.
    try """
    Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Max Heart Rate,Relative Effort,Commute
    123,"Nov 20, 2026, 6:00:00 PM",Evening Weight Training,Weight Training,,2700,0.00,150,20,false

    """.write(to: exports.appendingPathComponent("activities.csv"), atomically: false, encoding: .utf8)
    // And a zip archive of something else, which was taken for Apple Health's and refused.
    try ZipBuilder.archive([.stored("photos/a.txt", Data("hi\n".utf8))]).write(
      to: exports.appendingPathComponent("photos.zip"))
    #expect(
      try await SpotterBinary.run(
        ["init", "--source", "~/exports", "--notifier", "true"], environment: Self.environment(home)
      )
      .status == 0)
    let run = try await SpotterBinary.run(
      [
        "run", "--db", home.appendingPathComponent("db.sqlite").path, "--out",
        home.appendingPathComponent("out").path,
        "--now", "2026-11-22T21:30:00+01:00",
      ], environment: Self.environment(home))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("exports/strong_2026-11-20.csv (strong-csv): "), "\(run.stdout)")
    #expect(run.stdout.contains("exports/hevy_workouts (3).csv (hevy-csv)"))
    #expect(!run.stdout.contains("strong_2026-10-01") && !run.stdout.contains("notes.txt"))
    #expect(!run.stdout.contains("settings.ini") && !run.stdout.contains(".json"), "\(run.stdout)")
    #expect(!run.stdout.contains("photos.zip") && !run.stderr.contains("photos.zip"), "\(run.stderr)")
    #expect(!run.stdout.contains("activities.csv") && !run.stderr.contains("activities.csv"), "\(run.stderr)")
    // The config pins the zone and language: no note about pinning them into the store.
    #expect(!run.stderr.contains("note:"), "\(run.stderr)")

    // A glob names the same exports.
    let glob = try await SpotterBinary.run(
      ["import", exports.path + "/strong_*.csv", "--db", home.appendingPathComponent("db2.sqlite").path],
      environment: Self.environment(home))
    #expect(glob.stdout.contains("strong_2026-11-20.csv") && !glob.stdout.contains("strong_2026-10-01"))
    // A folder without exports is a clear error that names it.
    let empty = home.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let none = try await SpotterBinary.run(
      ["import", empty.path, "--db", home.appendingPathComponent("db3.sqlite").path],
      environment: Self.environment(home))
    // Said in LANG's German, as the config was not given another language.
    #expect(none.status != 0 && none.stderr.contains("\(empty.path): kein Export gefunden"), "\(none.stderr)")
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "script(1) is not installed"))
  func onATerminalItAsksOfferingWhatItDetected() async throws {
    let home = try SpotterBinary.scratch()
    // script(1) gives init a terminal; the answers come through it as typed, the last one empty.
    let terminal = try await SpotterBinary.run(
      program: URL(fileURLWithPath: "/usr/bin/script"),
      ["-qec", "'\(SpotterBinary.executable.path)' init --now 2026-11-22T10:00:00Z", "/dev/null"],
      environment: SpotterBinary.environment(Self.environment(home)).merging(["TERM": "xterm"]) { $1 },
      input: "America/New_York\nde\nlb\n~/exports\n\n")
    let shown = terminal.stdout
    #expect(terminal.status == 0, "\(shown)")
    #expect(shown.contains("Zeitzone [Europe/Berlin]: ") && shown.contains("Sprache (en, de) [de]: "))
    let text = try String(
      contentsOfFile: home.appendingPathComponent(".config/spotter/config.toml").path, encoding: .utf8)
    #expect(
      text.contains("timezone = \"America/New_York\"\nlanguage = \"de\"\nweight_unit = \"lb\""), "\(text)")
    #expect(text.contains("sources = [\"~/exports\"]"))
    #expect(text.contains("commands = [\"notify-send --app-name=Spotter {title} {body}\"]"))
  }

  @Test func theInstalledNightlyLineReadsTheConfigNotTodaysArguments() async throws {
    let home = try SpotterBinary.scratch()
    // The crontab stand-in stays first on PATH: no real crontab is touched.
    let environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path]
    #expect(
      try await SpotterBinary.run(
        ["init", "--source", "~/exports", "--notifier", "true"], environment: environment
      )
      .status == 0)
    let install = try await SpotterBinary.run(
      ["agenda", "install", "--dry-run", "--db", home.appendingPathComponent("db.sqlite").path],
      environment: environment)
    #expect(install.status == 0, "\(install.stderr)")
    let nightly = install.stdout.split(separator: "\n").first { $0.contains(" run ") }.map(String.init) ?? ""
    #expect(nightly.contains("--config \(home.path)/.config/spotter/config.toml"), "\(install.stdout)")
    #expect(!nightly.contains("--history"))
  }
}
