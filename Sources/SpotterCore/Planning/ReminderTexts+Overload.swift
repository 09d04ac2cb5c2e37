extension ReminderTexts {
  /// Seed 000 §6: "Zeit für mehr Gewicht? 💪" / "Bankdrücken 100kg: 3x erfolgreich. Versuch 102.5kg!".
  public func overload(lift: Lift, weight: Double, unit: WeightUnit, sessions: Int, suggestion: Double)
    -> (String, String)
  {
    let (now, next) = (Self.amount(weight), Self.amount(suggestion))
    switch language {
    case .en:
      return (
        "Time for more weight? 💪",
        "\(lift.name) \(now) \(unit.rawValue): \(sessions)x successful. Try \(next) \(unit.rawValue)!"
      )
    case .de:
      return (
        "Zeit für mehr Gewicht? 💪",
        "\(lift.germanName ?? lift.name) \(now)\(unit.rawValue): \(sessions)x erfolgreich. Versuch \(next)\(unit.rawValue)!"
      )
    }
  }
}
