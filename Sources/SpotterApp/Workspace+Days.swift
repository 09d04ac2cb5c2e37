import Foundation
import SpotterCore

extension Workspace {
  /// The local date of `now`.
  public var today: LocalDate { clock.localDate(now) }

  /// Reads a day as every command does: `today`, `tomorrow`, `fri`, `next mon`, `+2d`,
  /// `YYYY-MM-DD`.
  public func date(_ text: String, option: String) throws -> LocalDate {
    guard let date = FocusTimeParser(clock: clock, now: now).day(text) else {
      throw SpotterAppError.invalidOption(
        option: option, value: text,
        reason: "expected today, tomorrow, a weekday (fri, next mon), +2d or YYYY-MM-DD, got")
    }
    return date
  }
}
