import Foundation

/// The unit a weight was recorded in.
public enum WeightUnit: String, Sendable, Hashable, Codable, CaseIterable {
  case kilograms = "kg"
  case pounds = "lb"

  /// Kilograms per pound, exact by the 1959 international agreement.
  public static let kilogramsPerPound = 0.45359237

  /// Parses the spellings seen in exports: `kg`, `kgs`, `lb`, `lbs`, `pounds`.
  public init?(spelling: String) {
    let words = spelling.lowercased().split { $0 == " " || $0 == "\t" }
    guard words.count == 1 else { return nil }
    switch words[0] {
    case "kg", "kgs", "kilogram", "kilograms": self = .kilograms
    case "lb", "lbs", "pound", "pounds": self = .pounds
    default: return nil
    }
  }

  /// Converts `value` in this unit to kilograms.
  public func kilograms(_ value: Double) -> Double {
    self == .kilograms ? value : value * Self.kilogramsPerPound
  }

  /// Converts `kilograms` to this unit.
  public func value(fromKilograms kilograms: Double) -> Double {
    self == .kilograms ? kilograms : kilograms / Self.kilogramsPerPound
  }
}
