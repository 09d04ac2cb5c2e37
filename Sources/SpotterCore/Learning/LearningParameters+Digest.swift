extension LearningParameters {
  /// Every constant by name and value, in declaration order: what a learned pattern's key holds
  /// of the learner it came from.
  ///
  /// Spelt out rather than interpolating the struct, which goes through reflection: a
  /// millisecond of a single `spotter run`, spent on every night's cache key. The shipped values'
  /// digest is made once a process: spelling out the doubles cost 60,000 instructions of every
  /// user of a batch.
  public var digest: String {
    self == .standard ? Self.standardDigest : spelt
  }

  /// The digest of ``standard``, made on first use.
  private static let standardDigest = LearningParameters.standard.spelt

  private var spelt: String {
    let values: [(String, String)] = [
      ("windowDays", "\(windowDays)"), ("activeWeeks", "\(activeWeeks)"), ("weekDecay", "\(weekDecay)"),
      ("skipInactiveWeeks", "\(skipInactiveWeeks)"),
      ("silenceCountsWeeksOff", "\(silenceCountsWeeksOff)"), ("activityRadiusDays", "\(activityRadiusDays)"),
      ("givenUpCap", "\(givenUpCap)"), ("gapEvidence", "\(gapEvidence)"),
      ("gapWindowDays", "\(gapWindowDays)"),
      ("cellPrior", "\(cellPrior)"), ("cellWindowDays", "\(cellWindowDays)"),
      ("habitChangeSurprises", "\(habitChangeSurprises)"),
      ("surpriseRate", "\(surpriseRate)"), ("minimumTrainingDays", "\(minimumTrainingDays)"),
      ("minimumStarts", "\(minimumStarts)"), ("latePenalty", "\(latePenalty)"),
      ("safetyMinutes", "\(safetyMinutes)"), ("startDecay", "\(startDecay)"),
      ("recentHalfLifeDays", "\(recentHalfLifeDays)"), ("latestStarts", "\(latestStarts)"),
      ("breakDays", "\(breakDays)"), ("returnDays", "\(returnDays)"),
      ("returnConfidence", "\(returnConfidence)"),
      ("newRoutineLastWeek", "\(newRoutineLastWeek)"), ("chooseStartSource", "\(chooseStartSource)"),
      ("secondWindowShare", "\(secondWindowShare)"), ("reactionDays", "\(reactionDays)"),
      ("reactionsToAct", "\(reactionsToAct)"), ("declineFactor", "\(declineFactor)"),
    ]
    return values.map { "\($0.0)=\($0.1)" }.joined(separator: " ")
  }
}
