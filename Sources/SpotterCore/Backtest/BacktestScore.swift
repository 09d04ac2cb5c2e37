/// How well one strategy's reminders matched what a person did, over some days.
public struct BacktestScore: Sendable, Hashable, Codable {
  /// Days with at least one completed session.
  public var trainingDays = 0
  /// Days with a reminder.
  public var reminders = 0
  /// Training days with a reminder.
  public var hits = 0
  /// Training days whose alarm fired 0–90 minutes before the session started.
  public var useful = 0
  /// Training days whose alarm fired after the session had started.
  public var late = 0
  /// |predicted start − real start| of every hit, in minutes.
  public var startErrors: [Int] = []
  /// Training days known by their date only (FitNotes for Android), and those of them with a
  /// reminder: no alarm can be judged early or late against them.
  public var untimedDays = 0
  public var untimedHits = 0
  /// Hits whose real workout had a program name (not an app's auto-title).
  public var namesCompared = 0
  /// Of those, the ones whose name was predicted (case-insensitively).
  public var namesRight = 0

  public init() {}

  /// The window after an alarm in which a start makes the alarm useful: the learner's own
  /// window, so that what the alarm is placed for and what it is scored on are one definition.
  public static let usefulMinutes = PatternLearner.alarmWindowMinutes

  /// Adds another score's counts, e.g. to pool several histories.
  public mutating func add(_ other: BacktestScore) {
    trainingDays += other.trainingDays
    reminders += other.reminders
    hits += other.hits
    useful += other.useful
    late += other.late
    startErrors += other.startErrors
    namesCompared += other.namesCompared
    namesRight += other.namesRight
    untimedDays += other.untimedDays
    untimedHits += other.untimedHits
  }

  public var recall: Double? { Self.share(hits, of: trainingDays) }
  public var precision: Double? { Self.share(hits, of: reminders) }
  /// Useful alarms among the training days with a time of day.
  public var usefulRate: Double? { Self.share(useful, of: trainingDays - untimedDays) }
  /// Late alarms among the alarms on training days with a time of day.
  public var lateRate: Double? { Self.share(late, of: hits - untimedHits) }
  public var nameAccuracy: Double? { Self.share(namesRight, of: namesCompared) }

  /// The median start error in minutes.
  public var medianStartError: Int? {
    guard !startErrors.isEmpty else { return nil }
    let sorted = startErrors.sorted()
    return sorted[sorted.count / 2]
  }

  static func share(_ part: Int, of whole: Int) -> Double? {
    whole > 0 ? Double(part) / Double(whole) : nil
  }
}
