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
        throw ValidationError("--language must be 'en' or 'de', not '\(language)'.")
      }
      if let notifier, notifier.trimmingCharacters(in: .whitespaces).isEmpty || notifier.contains("\n") {
        throw ValidationError("--notifier must be a one-line command, not '\(notifier)'.")
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
      // Said before any question: answers to a config that stays would be thrown away.
      let current: String?
      do {
        current = try initializer.existing(force: force, flags: given)
      } catch {
        FileHandle.standardError.write(Data("spotter: error: \(ExitStatus.message(for: error))\n".utf8))
        throw ExitCode(ExitStatus.code(for: error))
      }
      if let current {
        print(
          "a config exists at \(initializer.path) and was left as it is (--force replaces it, keeping a .bak):"
        )
        print(current, terminator: current.hasSuffix("\n") ? "" : "\n")
        return
      }
      var answers = initializer.detected
      if let language { answers.language = Language(rawValue: language) ?? answers.language }
      if !sources.isEmpty { answers.sources = sources }
      if let notifier { answers.notifier = notifier }
      if let hevyKeyFile { answers.hevyKeyFile = hevyKeyFile }
      if !noInput && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 {
        answers = try ask(answers)
      }
      let outcome: ConfigInitializer.Outcome
      do {
        outcome = try initializer.write(answers, force: force)
      } catch {
        FileHandle.standardError.write(Data("spotter: error: \(ExitStatus.message(for: error))\n".utf8))
        throw ExitCode(ExitStatus.code(for: error))
      }
      for warning in outcome.warnings {
        FileHandle.standardError.write(Data("spotter: warning: \(warning)\n".utf8))
      }
      guard outcome.written else {
        print("\(outcome.path) exists and was left as it is (--force replaces it, keeping a .bak):")
        print(outcome.text, terminator: outcome.text.hasSuffix("\n") ? "" : "\n")
        return
      }
      print("wrote \(outcome.path)" + (outcome.backup.map { " (the old one is \($0))" } ?? "") + ":")
      print(outcome.text, terminator: "")
      print("next: `spotter run` imports and plans; `spotter agenda install` runs it every night.")
    }

    /// Asks for each value on the terminal; an empty answer keeps the offered one.
    func ask(_ offered: ConfigInitializer.Answers) throws -> ConfigInitializer.Answers {
      var answers = offered
      // Unbuffered, so each question shows before the answer is read.
      func say(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
      func prompt(_ question: String, _ current: String) -> String {
        say("\(question) [\(current)]: ")
        let line = readLine()?.trimmingCharacters(in: .whitespaces) ?? ""
        return line.isEmpty ? current : line
      }
      while true {
        let zone = prompt("Time zone", answers.timeZone)
        if TimeZone.named(zone) != nil {
          answers.timeZone = zone
          break
        }
        say("'\(zone)': \(TimeZone.suggestion(for: zone)).\n")
      }
      if let asked = ConfigInitializer.unavailableLanguage(in: options.spotterOptions.environment) {
        say(
          "Notifications are written in English (en) and German (de); \(asked) is not one yet, so English is offered.\n"
        )
      }
      while true {
        let language = prompt("Language (en, de)", answers.language.rawValue)
        if let parsed = Language(rawValue: language) {
          answers.language = parsed
          break
        }
      }
      while true {
        let unit = prompt("Weight unit (kg, lb)", answers.weightUnit.rawValue)
        if let parsed = WeightUnit(spelling: unit) {
          answers.weightUnit = parsed
          break
        }
      }
      let sources = prompt(
        "Where your exports arrive (files, folders or globs, comma-separated)",
        answers.sources.joined(separator: ", "))
      answers.sources = sources.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
      answers.notifier = prompt("Notifier command", answers.notifier)
      let key = prompt("Hevy API key file, for the live sync (empty: none)", answers.hevyKeyFile ?? "")
      answers.hevyKeyFile = key.isEmpty ? nil : key
      return answers
    }
  }
}
