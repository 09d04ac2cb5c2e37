import Foundation

/// Why nothing was learned, when nothing was: no session at all, or none within the weeks the
/// learner reads. Without it, a person who imported an old export sees "0 sessions" and seven
/// rest days, and no word of why.
public enum HistoryAge {
  /// The sentence for sessions whose newest completed start is `newest` (nil for none), as seen
  /// `now`; nil when the learner has something to learn from.
  public static func notice(
    newest: Date?, now: Date, windowDays: Int, clock: ZoneClock, language: Language = .en
  ) -> String? {
    let german = language == .de
    guard let newest else {
      return german
        ? "noch nichts importiert: 'spotter import DATEI' mit einem Export aus \(ExportAppNames.german) "
          + "(oder in [import] sources der Konfiguration eintragen); bis dahin folgen die "
          + "Erinnerungen [program] und preferred_time"
        : "nothing imported yet: run 'spotter import FILE' with an export from \(ExportAppNames.english) "
          + "(or list it in the config's [import] sources); until then reminders follow "
          + "[program] and preferred_time"
    }
    let today = clock.localDate(now)
    let day = clock.localDate(newest)
    let age = day.days(until: today)
    guard age > windowDays else { return nil }
    return german
      ? "deine neueste Einheit ist vom \(day), vor \(age / 7) Wochen; Spotter lernt aus den letzten "
        + "\(windowDays / 7) Wochen und hat daher nichts gelernt: importiere einen aktuellen Export"
      : "your newest session is \(day), \(age / 7) weeks ago; Spotter learns from the last \(windowDays / 7) "
        + "weeks, so it has learned nothing: import a recent export"
  }
}
