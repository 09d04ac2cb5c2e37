import Foundation
import SpotterCore

extension RunReport {
  /// What `spotter run` prints, and its run log holds: the imports, the plan, the outputs, the
  /// catch-up and `warning`, one line each. `spotter batch` writes the same for every user.
  public func lines(warning: String?, words: ConsoleWords = ConsoleWords(.en)) -> [String] {
    var lines = imports.map { $0.line(words) }
    lines += unchanged.map {
      words.pick(
        "skipped \($0): unchanged since its last import",
        "übersprungen \($0): seit dem letzten Import unverändert")
    }
    if let sync { lines.insert(words.pick("synced ", "synchronisiert ") + sync.line(words), at: 0) }
    let span =
      "\(horizon.start)"
      + (horizon.days > 1 ? words.pick(" to ", " bis ") + "\(horizon.end.adding(days: -1))" : "")
    lines.append(
      words.pick(
        "planned \(Wording.count(reminders, "reminder")) (\(Wording.count(alarms, "alarm"))) for \(span)"
          + (followUps > 0 ? " and \(followUps) follow-ups" : "") + ", \(changed) changed"
          + (failures.isEmpty ? "" : " (from the store, without the sources that failed)"),
        "geplant: \(words.count(reminders, "", (one: "Erinnerung", many: "Erinnerungen"))) "
          + "(\(words.count(alarms, "", (one: "Alarm", many: "Alarme")))) für \(span)"
          + (followUps > 0 ? " und \(followUps) Folgeerinnerungen" : "") + ", \(changed) geändert"
          + (failures.isEmpty ? "" : " (aus dem Speicher, ohne die Quellen, die fehlschlugen)")))
    if noPatternYet {
      lines.append(ReminderTexts(language: words.language, privacy: .standard).noPatternYetNote)
    }
    lines.append(
      words.pick("wrote \(calendarPath) and \(agendaPath)", "geschrieben: \(calendarPath) und \(agendaPath)"))
    lines += catchUp.map { words.pick("catch-up: ", "Nachholen: ") + $0.line(words) }
    if let warning { lines.append(words.warning(warning)) }
    return lines
  }

  /// Whether a reminder changed or sessions came in from an export.
  public var changedSomething: Bool {
    changed > 0 || imports.contains { $0.summary.added + $0.summary.updated > 0 }
  }

  /// A night that changed nothing and has nothing to report: no reminder changed, no session
  /// came in, nothing was caught up, nothing failed. Such a night keeps no run log, in `run` as
  /// in `batch`: what it printed is in cron's `spotter.log` already, and an unchanged night
  /// writes and flushes nothing.
  public var isQuiet: Bool {
    !changedSomething && catchUp.isEmpty && failures.isEmpty && sinkFailures.isEmpty
      && (sync.map { $0.summary.added + $0.summary.updated + $0.deleted == 0 } ?? true)
  }

  /// Every failure the run reports after its outputs are written: sources, then the crontab
  /// block and vdir, then notifiers.
  public var failureMessages: [String] { failureMessages(ConsoleWords(.en)) }

  /// ``failureMessages`` in `words`' language.
  public func failureMessages(_ words: ConsoleWords) -> [String] {
    failures.map(\.message) + sinkFailures.map { $0.line(words) } + catchUp.flatMap(\.failures)
  }

  /// The exit code of the first source or sink that failed; nil when none did.
  public var failureExitCode: Int32? {
    failures.first?.exitCode ?? sinkFailures.first?.exitCode
  }
}
