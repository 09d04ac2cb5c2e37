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
        reason: Phrase(
          "expected today, tomorrow, a weekday (fri, next mon), +2d or YYYY-MM-DD, got",
          de: "erwartet today, tomorrow, einen Wochentag (fri, next mon), +2d oder JJJJ-MM-TT, nicht"))
    }
    return date
  }

  /// How far from today a planned day may lie: the longest horizon (`--days`, `horizon_days`).
  public static let planningReachDays = 366

  /// Reads the first day of a horizon (`--from`) or a day to take off (`skip`): any day
  /// ``date(_:option:)`` reads, within ``planningReachDays`` of today.
  ///
  /// A plan covers every day from today to the end of its horizon, so that each day is planned
  /// as the nightly run plans it; bounding the reach keeps that work bounded whatever is typed.
  public func plannedDay(_ text: String, option: String) throws -> LocalDate {
    let date = try date(text, option: option)
    try checkReach(date, option: option, value: text)
    return date
  }

  /// Fails unless `date` lies within ``planningReachDays`` of today, naming `option` and the
  /// `value` it was given as.
  func checkReach(_ date: LocalDate, option: String, value: String) throws {
    guard abs(today.days(until: date)) <= Self.planningReachDays else {
      throw SpotterAppError.invalidOption(
        option: option, value: value,
        reason: Phrase(
          "expected a day within \(Self.planningReachDays) days of today (\(today)), got",
          de: "erwartet einen Tag höchstens \(Self.planningReachDays) Tage von heute (\(today)), nicht"))
    }
  }
}
