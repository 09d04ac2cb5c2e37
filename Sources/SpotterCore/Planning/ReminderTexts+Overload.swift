extension ReminderTexts {
  /// One lift's suggestion: the weight held, for how many sessions, and the weight to try.
  public struct OverloadStep: Sendable, Hashable {
    public var lift: Lift
    public var weight: Double
    public var unit: WeightUnit
    public var sessions: Int
    public var suggestion: Double

    public init(lift: Lift, weight: Double, unit: WeightUnit, sessions: Int, suggestion: Double) {
      self.lift = lift
      self.weight = weight
      self.unit = unit
      self.sessions = sessions
      self.suggestion = suggestion
    }
  }

  /// Seed 000 §6: "Zeit für mehr Gewicht? 💪" / "Bankdrücken 100kg: 3x erfolgreich. Versuch 102.5kg!".
  public func overload(lift: Lift, weight: Double, unit: WeightUnit, sessions: Int, suggestion: Double)
    -> (String, String)
  {
    overload([
      OverloadStep(lift: lift, weight: weight, unit: unit, sessions: sessions, suggestion: suggestion)
    ])
  }

  /// The event's SUMMARY, what a calendar's week view shows: the lifts and the weights to try
  /// ("Bench Press 102.5 kg?"); nil, and the generic title, under minimal privacy.
  public func overloadSummary(_ steps: [OverloadStep]) -> String? {
    guard privacy != .minimal, !steps.isEmpty else { return nil }
    return steps.map { "\(liftName($0.lift)) \(weight($0.suggestion, $0.unit))" }.joined(separator: ", ")
      + "?"
  }

  /// One notification for a session's lifts: several alarms at the same minute with the same title
  /// look like duplicates, so the lifts share one body, "Try Bench Press 102.5 kg, OHP 52.5 kg!".
  public func overload(_ steps: [OverloadStep]) -> (String, String) {
    let title = language == .de ? "Zeit für mehr Gewicht? 💪" : "Time for more weight? 💪"
    if steps.count == 1, let step = steps.first {
      let held = "\(liftName(step.lift)) \(weight(step.weight, step.unit)): \(step.sessions)x"
      return language == .de
        ? (title, "\(held) erfolgreich. Versuch \(weight(step.suggestion, step.unit))!")
        : (title, "\(held) successful. Try \(weight(step.suggestion, step.unit))!")
    }
    let held = steps.map { "\(liftName($0.lift)) \(weight($0.weight, $0.unit)) \($0.sessions)x" }
      .joined(separator: ", ")
    let next = steps.map { "\(liftName($0.lift)) \(weight($0.suggestion, $0.unit))" }.joined(separator: ", ")
    return language == .de
      ? (title, "\(held) erfolgreich. Versuch \(next)!")
      : (title, "\(held) successful. Try \(next)!")
  }

  /// A weight with its unit, as the language writes it: `77.5 kg`, `77,5 kg`.
  private func weight(_ value: Double, _ unit: WeightUnit) -> String {
    "\(amount(value)) \(unit.rawValue)"
  }

  /// The lift's name in the texts' language.
  private func liftName(_ lift: Lift) -> String {
    language == .de ? lift.germanName ?? lift.name : lift.name
  }
}
