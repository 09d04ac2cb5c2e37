import ArgumentParser
import Foundation
import SpotterApp
import SpotterCore

extension SpotterCommand {
  struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "init",
      abstract: "Write a first config.toml: zone, language, weight unit, history sources and notifier.",
      discussion: """
        On a terminal it asks for each value, offering what it detected: the system's zone \
        (/etc/localtime, never $TZ) and $LANG's language. Otherwise it takes the flags. An existing \
        config is left as it is, and no question asked, unless --force, which keeps the old one as \
        config.toml.bak; flags given for an existing config without --force are refused (exit 64).
        """)

    @OptionGroup var options: GlobalOptions

    @Option(help: "Reminder language: en or de (default: from $LANG).")
    var language: String?

    @Option(
      name: .customLong("source"), parsing: .singleValue,
      help: "A history export, a folder of exports or a glob; repeat for more.")
    var sources: [String] = []

    @Option(help: "The notifier command (default: notify-send with {title} and {body}).")
    var notifier: String?

    @Option(
      help: ArgumentHelp(
        "A file holding your Hevy API key, for `spotter sync` (written as [hevy] api_key_file).",
        valueName: "file"))
    var hevyKeyFile: String?

    @Flag(help: "Replace an existing config (the old one is kept as .bak).")
    var force = false

    @Flag(help: "Never ask, even on a terminal.")
    var noInput = false

    func validate() throws {
      if let language, Language(rawValue: language) == nil {
        throw UsageWords.refusal(
          "--language must be 'en' or 'de', not '\(language)'.",
          "--language muss 'en' oder 'de' sein, nicht '\(language)'.")
      }
      if let notifier, notifier.trimmingCharacters(in: .whitespaces).isEmpty || notifier.hasLineBreak {
        throw UsageWords.refusal(
          "--notifier must be a one-line command, not '\(notifier)'.",
          "--notifier muss ein einzeiliger Befehl sein, nicht '\(notifier)'.")
      }
    }

    func run() throws {
      let initializer = ConfigInitializer(options: options.spotterOptions)
      let given = [
        ("--timezone", options.spotterOptions.timeZone != nil),
        ("--weight-unit", options.spotterOptions.weightUnit != nil),
        ("--language", language != nil), ("--source", !sources.isEmpty), ("--notifier", notifier != nil),
        ("--hevy-key-file", hevyKeyFile != nil),
      ].filter(\.1).map(\.0)
      // Said in the language the config would have: the flag's, else LANG's.
      let offered = initializer.detected.language
      var words = ConsoleWords(language.flatMap(Language.init(rawValue:)) ?? offered)
      // Said before any question: answers to a config that stays would be thrown away.
      let current: String?
      do {
        current = try initializer.existing(force: force, flags: given)
      } catch {
        FileHandle.standardError.write(
          Data("spotter: \(words.error(ExitStatus.message(for: error, words)))\n".utf8))
        throw ExitCode(ExitStatus.code(for: error))
      }
      if let current {
        print(
          words.pick(
            "a config exists at \(initializer.path) and was left as it is (--force replaces it, keeping a .bak):",
            "unter \(initializer.path) gibt es schon eine Konfiguration; sie bleibt, wie sie ist (--force ersetzt sie und behält eine .bak):"
          ))
        print(current, terminator: current.hasSuffix("\n") ? "" : "\n")
        return
      }
      var answers = initializer.detected
      if let language { answers.language = Language(rawValue: language) ?? answers.language }
      if !sources.isEmpty { answers.sources = sources }
      if let notifier { answers.notifier = notifier }
      if let hevyKeyFile { answers.hevyKeyFile = hevyKeyFile }
      if !noInput && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 {
        answers = try ask(answers, words)
      }
      words = ConsoleWords(answers.language)
      let outcome: ConfigInitializer.Outcome
      do {
        outcome = try initializer.write(answers, force: force)
      } catch {
        FileHandle.standardError.write(
          Data("spotter: \(words.error(ExitStatus.message(for: error, words)))\n".utf8))
        throw ExitCode(ExitStatus.code(for: error))
      }
      for warning in outcome.warnings {
        FileHandle.standardError.write(
          Data("spotter: \(words.pick("warning", "Warnung")): \(warning)\n".utf8))
      }
      guard outcome.written else {
        print(
          words.pick(
            "\(outcome.path) exists and was left as it is (--force replaces it, keeping a .bak):",
            "\(outcome.path) gibt es schon; die Datei bleibt, wie sie ist (--force ersetzt sie und behält eine .bak):"
          ))
        print(outcome.text, terminator: outcome.text.hasSuffix("\n") ? "" : "\n")
        return
      }
      let backup = outcome.backup.map { words.pick(" (the old one is \($0))", " (die alte ist \($0))") } ?? ""
      print(words.pick("wrote \(outcome.path)\(backup):", "geschrieben: \(outcome.path)\(backup):"))
      print(outcome.text, terminator: "")
      print(
        words.pick(
          "next: `spotter run` imports and plans; `spotter agenda install` runs it every night.",
          "weiter: `spotter run` importiert und plant; `spotter agenda install` führt es jede Nacht aus."))
    }

    /// Asks for each value on the terminal; an empty answer keeps the offered one.
    func ask(_ offered: ConfigInitializer.Answers, _ words: ConsoleWords) throws -> ConfigInitializer.Answers
    {
      var answers = offered
      // Flushed, so each question shows before the answer is read.
      func say(_ text: String) {
        print(text, terminator: "")
        fflush(nil)
      }
      func prompt(_ question: String, _ current: String) -> String {
        say("\(question) [\(current)]: ")
        let line = readLine()?.trimmingCharacters(in: .whitespaces) ?? ""
        return line.isEmpty ? current : line
      }
      while true {
        let zone = prompt(words.pick("Time zone", "Zeitzone"), answers.timeZone)
        if TimeZone.named(zone) != nil {
          answers.timeZone = zone
          break
        }
        say("'\(zone)': \(TimeZone.suggestion(for: zone).text(words.language)).\n")
      }
      if let asked = ConfigInitializer.unavailableLanguage(in: options.spotterOptions.environment) {
        say(
          "Notifications are written in English (en) and German (de); \(asked) is not one yet, so English is offered.\n"
        )
      }
      while true {
        let language = prompt(words.pick("Language (en, de)", "Sprache (en, de)"), answers.language.rawValue)
        if let parsed = Language(rawValue: language) {
          answers.language = parsed
          break
        }
      }
      while true {
        let unit = prompt(
          words.pick("Weight unit (kg, lb)", "Gewichtseinheit (kg, lb)"), answers.weightUnit.rawValue)
        if let parsed = WeightUnit(spelling: unit) {
          answers.weightUnit = parsed
          break
        }
      }
      let sources = prompt(
        words.pick(
          "Where your exports arrive (files, folders or globs, comma-separated)",
          "Wo deine Exporte ankommen (Dateien, Ordner oder Globs, durch Kommas getrennt)"),
        answers.sources.joined(separator: ", "))
      answers.sources = sources.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
      answers.notifier = prompt(
        words.pick("Notifier command", "Befehl für Benachrichtigungen"), answers.notifier)
      let key = prompt(
        words.pick(
          "Hevy API key file, for the live sync (empty: none)",
          "Datei mit dem Hevy-API-Schlüssel, für die Live-Synchronisierung (leer: keine)"),
        answers.hevyKeyFile ?? "")
      answers.hevyKeyFile = key.isEmpty ? nil : key
      return answers
    }
  }
}
