import Foundation

/// A training session the plan expects: a training day not yet trained and not skipped.
public struct PlannedSession: Sendable, Hashable, Codable {
  public var date: LocalDate
  /// The usual (or preferred) start.
  public var start: Date
  public var workoutName: String?

  public init(date: LocalDate, start: Date, workoutName: String?) {
    self.date = date
    self.start = start
    self.workoutName = workoutName
  }
}
