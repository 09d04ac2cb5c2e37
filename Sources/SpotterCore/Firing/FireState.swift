/// What the store knows at fire time about the day and the reminder, for ``FireGuard``.
public struct FireState: Sendable, Hashable {
  /// A completed session starts on the reminder's date.
  public var trainedOnDate: Bool
  /// An active or paused session starts on the reminder's date.
  public var workoutInProgress: Bool
  /// The session a paused-workout reminder is about has been finished (or is gone).
  public var sessionFinished: Bool
  /// `spotter skip` took the reminder's date off.
  public var daySkipped: Bool
  /// `spotter done` marked the reminder.
  public var done: Bool
  /// An earlier attempt of this round failed, so the grace window does not apply: a failure is
  /// retried until the reminder is stale.
  public var failedBefore: Bool

  public init(
    trainedOnDate: Bool = false, workoutInProgress: Bool = false, sessionFinished: Bool = false,
    daySkipped: Bool = false,
    done: Bool = false, failedBefore: Bool = false
  ) {
    self.trainedOnDate = trainedOnDate
    self.workoutInProgress = workoutInProgress
    self.sessionFinished = sessionFinished
    self.daySkipped = daySkipped
    self.done = done
    self.failedBefore = failedBefore
  }
}
