import Foundation
import SpotterCore

/// Reads calendar text back through libical, for checks and for importing calendars.
public struct ICSReader: Sendable {
  public init() {}

  /// The longest an occurrence may last; a longer event gives none.
  public static let longestOccurrence = Libical.longestOccurrence

  /// Parses `text`; `fileName` is quoted in errors.
  public func read(_ text: String, fileName: String) throws -> ParsedCalendar {
    try Libical.parse(text, fileName: fileName)
  }

  /// The timed occurrences overlapping `from..<to` of every event in `text`, repeating events
  /// expanded; floating times and unknown TZIDs are read in `fallbackZone`.
  public func occurrences(
    _ text: String, fileName: String, from: Date, to: Date, fallbackZone: String
  ) throws -> [CalendarOccurrence] {
    try Libical.occurrences(text, fileName: fileName, from: from, to: to, fallbackZone: fallbackZone)
  }

  /// ``occurrences(_:fileName:from:to:fallbackZone:)``, and every event of the file as
  /// ``read(_:fileName:)`` gives it, from one parse: what `focus import` counts events by.
  public func occurrencesAndEvents(
    _ text: String, fileName: String, from: Date, to: Date, fallbackZone: String
  ) throws -> (occurrences: [CalendarOccurrence], events: [ParsedEvent]) {
    try Libical.occurrencesAndEvents(
      text, fileName: fileName, from: from, to: to, fallbackZone: fallbackZone, withEvents: true)
  }

  /// Where BEGIN and END lines of `text` do not pair up, as `file:line: …` sentences (at most
  /// 20): what libical passes over while parsing.
  public func structureProblems(_ text: String, fileName: String, language: Language = .en) -> [String] {
    Libical.structureProblems(in: text, fileName: fileName, language: language)
  }
}
