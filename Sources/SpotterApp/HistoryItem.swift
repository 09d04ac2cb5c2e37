import Foundation
import SpotterCore

/// One line of `spotter history`.
public struct HistoryItem: Sendable, Codable, Hashable {
  /// When it happened (in JSON a local time with its offset), and that local time as
  /// `YYYY-MM-DD HH:MM`.
  public var at: Date
  public var atLocal: String
  /// The outcome; `interrupted` for a claim whose process ended before the notifier reported
  /// (never retried, so the reminder is not delivered twice).
  public var outcome: String
  public var uid: String
  public var kind: String
  public var title: String
  /// The fire time it was about, and as a local `YYYY-MM-DD HH:MM`.
  public var due: Date
  public var dueLocal: String
  public var round: Int
  public var notifier: String?
  public var reason: String

  public init(_ delivery: Delivery, clock: ZoneClock, interrupted: Bool) {
    func local(_ instant: Date) -> String {
      clock.local(instant).minuteText
    }
    at = delivery.at
    atLocal = local(delivery.at)
    outcome = interrupted ? "interrupted" : delivery.outcome.rawValue
    uid = delivery.uid
    kind = delivery.kind.rawValue
    title = delivery.title
    due = delivery.fire
    dueLocal = local(delivery.fire)
    round = delivery.round
    notifier = delivery.channel
    reason = interrupted ? "the process ended before the notifier reported; not retried" : delivery.reason
  }

  public var line: String { line(ConsoleWords(.en)) }

  /// ``line`` in `words`' language: the recorded reason said as ``DeliveryWords`` says it.
  public func line(_ words: ConsoleWords) -> String {
    // Wide enough for the longest outcome word: "interrupted", "fehlgeschlagen".
    let width = words.language == .de ? 14 : 11
    let padded = DeliveryWords.outcome(outcome, words).padding(toLength: width, withPad: " ", startingAt: 0)
    return "\(atLocal)  \(padded) \(uid)  \(title) — \(DeliveryWords.reason(reason, words))"
  }
}
