import SpotterApp
import SpotterCore
import Testing

/// The delivery log is kept in English and said in German part by part; what no pattern knows
/// (a notifier's own words) is shown as recorded.
@Suite struct DeliveryWordsTests {
  let german = ConsoleWords(.de)

  @Test(arguments: [
    ("marked done", "als erledigt markiert"),
    ("already trained today", "heute schon trainiert"),
    ("already trained on 2026-11-16", "schon trainiert am 2026-11-16"),
    ("not due until 2026-11-23 17:30", "erst fällig um 2026-11-23 17:30"),
    (
      "due 2026-11-23 17:30, 394 min ago, past the 30 min grace window",
      "fällig 2026-11-23 17:30, vor 394 min, nach der Nachfrist von 30 min"
    ),
    (
      "stale: due 2026-11-22 17:30, more than 24 h ago",
      "veraltet: fällig 2026-11-22 17:30, vor mehr als 24 h"
    ),
    (
      "caught up, 12 min late, 1 of 2 notifiers succeeded",
      "nachgeholt, 12 min zu spät, 1 von 2 Benachrichtigungen erfolgreich"
    ),
    (
      "on time; notifier exit status 3: no display",
      "pünktlich; Benachrichtigung mit Exit-Status 3: no display"
    ),
    (
      "the process ended before the notifier reported; not retried",
      "der Prozess endete, bevor die Benachrichtigung antwortete; kein neuer Versuch"
    ),
    ("something a notifier said", "something a notifier said"),
  ])
  func reasonsAreSaidInGerman(_ english: String, _ said: String) {
    #expect(DeliveryWords.reason(english, german) == said)
    #expect(DeliveryWords.reason(english, ConsoleWords(.en)) == english)
  }

  @Test func everyOutcomeHasAGermanWord() {
    for outcome in DeliveryOutcome.allCases.map(\.rawValue) + ["interrupted"] {
      #expect(DeliveryWords.outcome(outcome, german) != outcome, "\(outcome)")
      #expect(DeliveryWords.outcome(outcome, ConsoleWords(.en)) == outcome)
    }
  }

  /// A reason no run writes, as long as a damaged store can hold, is shown as it was recorded,
  /// at once.
  @Test func aHugeReasonIsShownAsRecorded() {
    let huge = String(repeating: "x, ", count: 200_000) + "1 of 2 notifiers succeeded"
    #expect(DeliveryWords.reason(huge, german) == huge)
  }
}
