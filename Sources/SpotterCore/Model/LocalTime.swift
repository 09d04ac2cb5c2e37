import Foundation

/// A wall-clock time of day, to the minute, with no date and no zone.
public struct LocalTime: Sendable, Hashable, TextCodable, Comparable {
  /// Minutes since local midnight, `0..<1440`.
  public let minuteOfDay: Int

  public init(hour: Int, minute: Int) {
    minuteOfDay = ((hour * 60 + minute) % 1440 + 1440) % 1440
  }

  public init(minuteOfDay: Int) {
    self.minuteOfDay = (minuteOfDay % 1440 + 1440) % 1440
  }

  /// Parses `HH:MM` (24-hour); returns nil for anything else.
  public init?(parsing text: String) {
    let parts = text.trimmingCharacters(in: .whitespaces).split(
      separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[1].count == 2, (1...2).contains(parts[0].count),
      let hour = Int(parts[0]), let minute = Int(parts[1]),
      (0..<24).contains(hour), (0..<60).contains(minute)
    else { return nil }
    self.init(hour: hour, minute: minute)
  }

  public var hour: Int { minuteOfDay / 60 }
  public var minute: Int { minuteOfDay % 60 }

  /// `HH:MM`, zero-padded.
  public var description: String {
    (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
  }

  public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool { lhs.minuteOfDay < rhs.minuteOfDay }

  public static let textForm = "HH:MM"
}
