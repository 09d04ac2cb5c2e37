import Foundation
import SpotterCore

/// An achievement as `spotter achievements` shows it.
public struct AchievementItem: Sendable, Encodable {
  public var key: String
  public var kind: String
  public var sessionID: String
  public var date: LocalDate
  /// When it was earned, and as a local `YYYY-MM-DD HH:MM`.
  public var earned: Date
  public var earnedLocal: String
  public var exercise: String?
  public var value: Double
  public var previous: Double?
  public var reps: Int?
  public var weight: Double?
  public var unit: String
  /// When it was (or will be) announced; nil when it was recorded without an announcement.
  public var announced: Date?
  public var announcedLocal: String?
  public var text: String

  public init(_ achievement: Achievement, texts: ReminderTexts, clock: ZoneClock) {
    key = achievement.key
    kind = achievement.kind.rawValue
    sessionID = achievement.sessionID
    date = achievement.date
    earned = achievement.earnedAt
    earnedLocal = clock.local(achievement.earnedAt).minuteText
    exercise = achievement.exercise
    value = achievement.value
    previous = achievement.previous
    reps = achievement.reps
    weight = achievement.weight
    unit = achievement.unit.rawValue
    announced = achievement.announceAt
    announcedLocal = achievement.announceAt.map { clock.local($0).minuteText }
    text = texts.item(achievement)
  }

  public var line: String { line(ConsoleWords(.en)) }

  /// ``line`` in `words`' language; ``text`` is already in the notifications' language.
  public func line(_ words: ConsoleWords) -> String {
    let announcement =
      announcedLocal.map { words.pick("announced \($0)", "gemeldet \($0)") }
      ?? words.pick("recorded, not announced", "festgehalten, nicht gemeldet")
    return "\(earnedLocal)  \(text)  (\(announcement))"
  }
}
