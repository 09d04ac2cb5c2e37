import Foundation
import SpotterCore

/// The words of what the commands print, in the configured language: weekday names from CLDR
/// through Foundation, decimals as the language writes them, and each sentence in English and
/// German side by side, so neither can be changed without the other being seen.
public struct ConsoleWords: Sendable {
  public let language: Language

  public init(_ language: Language) {
    self.language = language
  }

  /// `en` or `de` as the sentence to print.
  public func pick(_ english: String, _ german: String) -> String {
    language == .de ? german : english
  }

  /// CLDR's standalone weekday names of each language, full and short, Monday first, read from
  /// Foundation once per process rather than for every name a table prints.
  private static let weekdayNames: [Language: (full: [String], short: [String])] = Dictionary(
    uniqueKeysWithValues: Language.allCases.map { language in
      var calendar = Calendar(identifier: .gregorian)
      calendar.locale = Locale(identifier: language == .de ? "de_DE" : "en_US_POSIX")
      // Foundation's lists begin on Sunday; ours on Monday.
      let monday = { (names: [String]) in Array(names.dropFirst()) + names.prefix(1) }
      return (
        language,
        (monday(calendar.standaloneWeekdaySymbols), monday(calendar.shortStandaloneWeekdaySymbols))
      )
    })

  /// "Monday", "Montag".
  func weekday(_ weekday: Weekday) -> String {
    Self.weekdayNames[language]!.full[weekday.rawValue - 1]
  }

  /// "Mon", "Mo ": three columns wide, for the tables.
  func shortWeekday(_ weekday: Weekday) -> String {
    let name = Self.weekdayNames[language]!.short[weekday.rawValue - 1].replacingOccurrences(
      of: ".", with: "")
    return String(name.prefix(3)).padding(toLength: 3, withPad: " ", startingAt: 0)
  }

  /// A notice for stderr: "note: …", "Hinweis: …".
  public func note(_ text: String) -> String { pick("note: ", "Hinweis: ") + text }

  /// "warning: …", "Warnung: …".
  public func warning(_ text: String) -> String { pick("warning: ", "Warnung: ") + text }

  /// "error: …", "Fehler: …".
  public func error(_ text: String) -> String { pick("error: ", "Fehler: ") + text }

  /// 0.43 or 0,43; `roundingDown`, never more than the value.
  func decimal(_ value: Double, roundingDown: Bool = false) -> String {
    ReminderTexts(language: language, privacy: .standard).decimal(value, roundingDown: roundingDown)
  }

  /// A count with its noun: "1 reminder", "2 reminders"; "1 Erinnerung", "2 Erinnerungen".
  public func count(_ count: Int, _ english: String, _ german: (one: String, many: String)) -> String {
    language == .de ? "\(count) \(count == 1 ? german.one : german.many)" : Wording.count(count, english)
  }

  /// A revision's change against the last run, as `plan` lists it.
  func change(_ change: RevisionChange) -> String {
    switch change {
    case .new: return pick("new", "neu")
    case .changed: return pick("changed", "geändert")
    case .cancelled: return pick("cancelled", "abgesagt")
    case .unchanged: return pick("unchanged", "unverändert")
    }
  }
}
