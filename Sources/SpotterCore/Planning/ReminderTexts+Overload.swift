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

  /// One notification for a session's lifts: several alarms at the same minute with the same title
  /// look like duplicates, so the lifts share one body, "Try Bench Press 102.5 kg, OHP 52.5 kg!".
  /// The event's SUMMARY, what a calendar's week view shows: the lifts and the weights to try
  /// ("Bench Press 102.5 kg?"); nil, and the generic title, under minimal privacy.
  public func overloadSummary(_ steps: [OverloadStep]) -> String? {
    guard privacy != .minimal, !steps.isEmpty else { return nil }
    let name = { (lift: Lift) in self.language == .de ? lift.germanName ?? lift.name : lift.name }
    let amount = { (value: Double, unit: WeightUnit) in
      self.language == .de
        ? "\(Self.amount(value))\(unit.rawValue)" : "\(Self.amount(value)) \(unit.rawValue)"
    }
    return steps.map { "\(name($0.lift)) \(amount($0.suggestion, $0.unit))" }.joined(separator: ", ") + "?"
  }

  public func overload(_ steps: [OverloadStep]) -> (String, String) {
    let title = language == .de ? "Zeit für mehr Gewicht? 💪" : "Time for more weight? 💪"
    // German writes the unit without a space (seed 000 §6), English with one.
    let amount = { (value: Double, unit: WeightUnit) in
      self.language == .de
        ? "\(Self.amount(value))\(unit.rawValue)" : "\(Self.amount(value)) \(unit.rawValue)"
    }
    let name = { (lift: Lift) in self.language == .de ? lift.germanName ?? lift.name : lift.name }
    if steps.count == 1, let step = steps.first {
      let held = "\(name(step.lift)) \(amount(step.weight, step.unit)): \(step.sessions)x"
      return language == .de
        ? (title, "\(held) erfolgreich. Versuch \(amount(step.suggestion, step.unit))!")
        : (title, "\(held) successful. Try \(amount(step.suggestion, step.unit))!")
    }
    let held = steps.map { "\(name($0.lift)) \(amount($0.weight, $0.unit)) \($0.sessions)x" }
      .joined(separator: ", ")
    let next = steps.map { "\(name($0.lift)) \(amount($0.suggestion, $0.unit))" }.joined(separator: ", ")
    return language == .de
      ? (title, "\(held) erfolgreich. Versuch \(next)!")
      : (title, "\(held) successful. Try \(next)!")
  }
}
