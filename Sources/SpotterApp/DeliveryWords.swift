import Foundation
import SpotterCore

/// The delivery log in German: outcomes, and the reasons the fire-time guard, the catch-up and
/// the notifiers give.
///
/// Reasons are kept in the store as they were written, in English, so that `history` reads the
/// same whichever language a later run speaks; they are said in German when shown, one
/// `; `-separated part at a time, by the patterns below. A part no pattern knows (a notifier's
/// own words, a system's) is shown as it was recorded.
public enum DeliveryWords {
  /// `delivered`, `zugestellt`.
  public static func outcome(_ outcome: String, _ words: ConsoleWords) -> String {
    guard words.language == .de else { return outcome }
    return switch outcome {
    case "delivered": "zugestellt"
    case "pending": "ausstehend"
    case "failed": "fehlgeschlagen"
    case "skipped": "übersprungen"
    case "not-due": "nicht fällig"
    case "missed": "verpasst"
    case "discarded": "verworfen"
    case "interrupted": "unterbrochen"
    default: outcome
    }
  }

  /// `reason` in `words`' language.
  public static func reason(_ reason: String, _ words: ConsoleWords) -> String {
    // A reason longer than any Spotter writes (a damaged store's) is shown as recorded: the
    // patterns' backtracking is bounded by what they are given.
    guard words.language == .de, reason.utf8.count <= longestReason else { return reason }
    return reason.components(separatedBy: "; ").map(german).joined(separator: "; ")
  }

  /// The longest reason said in German; Spotter's own are under 300 bytes with a notifier's
  /// excerpt.
  static let longestReason = 2_000

  /// Whole parts the guard and the catch-up write.
  private static let fixed: [String: String] = [
    "marked done": "als erledigt markiert",
    "day skipped": "Tag ausgelassen",
    "cancelled: moved away, removed or no longer planned":
      "abgesagt: verschoben, entfernt oder nicht mehr geplant",
    "already trained today": "heute schon trainiert",
    "a workout is in progress": "ein Workout läuft",
    "workout already finished": "Workout schon beendet",
    "on time": "pünktlich",
    "decided on what the store knew": "entschieden nach dem, was der Speicher wusste",
    "the process ended before the notifier reported":
      "der Prozess endete, bevor die Benachrichtigung antwortete",
    "not retried": "kein neuer Versuch",
    "no notifiers configured": "keine Benachrichtigung eingerichtet",
  ]

  /// Parts with values in them: the pattern, and the German with `$1`, `$2`… for its groups.
  private static let patterns: [(NSRegularExpression, String)] = [
    (#"^not due until (.+)$"#, "erst fällig um $1"),
    (
      #"^planned after its time, (.+): never due, not missed$"#,
      "nach seiner Zeit geplant, $1: nie fällig, nicht verpasst"
    ),
    (#"^stale: due (.+), more than 24 h ago$"#, "veraltet: fällig $1, vor mehr als 24 h"),
    (
      #"^due (.+), (\d+) min ago, past the (\d+) min grace window$"#,
      "fällig $1, vor $2 min, nach der Nachfrist von $3 min"
    ),
    (#"^retry, (\d+) min late$"#, "neuer Versuch, $1 min zu spät"),
    (#"^caught up, (\d+) min late$"#, "nachgeholt, $1 min zu spät"),
    (#"^already delivered at (.+)$"#, "schon zugestellt um $1"),
    (#"^already trained on (.+)$"#, "schon trainiert am $1"),
    (#"^notifier exit status (\d+)(.*)$"#, "Benachrichtigung mit Exit-Status $1$2"),
    (#"^notifier timed out after (\d+) s$"#, "Benachrichtigung nach $1 s abgebrochen"),
    (#"^notifier killed by signal (\d+)(.*)$"#, "Benachrichtigung durch Signal $1 beendet$2"),
    (#"^live source not reached \((.*)\)$"#, "Live-Quelle nicht erreicht ($1)"),
  ].map { (try! NSRegularExpression(pattern: $0.0), $0.1) }

  /// The count a delivery ends with, after the guard's reason: "on time, 1 of 2 notifiers succeeded".
  private static let notifiers = try! NSRegularExpression(
    pattern: #"^(.*), (\d+) of (\d+) notifiers succeeded$"#)

  private static func german(_ part: String) -> String {
    if let fixed = fixed[part] { return fixed }
    let range = NSRange(part.startIndex..., in: part)
    if let match = notifiers.firstMatch(in: part, range: range),
      let reason = Range(match.range(at: 1), in: part),
      let delivered = Range(match.range(at: 2), in: part), let all = Range(match.range(at: 3), in: part)
    {
      return german(String(part[reason]))
        + ", \(part[delivered]) von \(part[all]) Benachrichtigungen erfolgreich"
    }
    for (pattern, template) in patterns where pattern.firstMatch(in: part, range: range) != nil {
      return pattern.stringByReplacingMatches(in: part, range: range, withTemplate: template)
    }
    return part
  }
}
