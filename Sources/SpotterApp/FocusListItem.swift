import Foundation
import SpotterCore

/// A focus block as `spotter focus list` shows it.
public struct FocusListItem: Sendable, Encodable {
  public var id: String
  public var title: String
  public var start: Date
  public var startLocal: String
  public var end: Date
  public var endLocal: String
  /// `daily`, `weekdays` or `mon,wed`; nil for a one-off block.
  public var every: String?
  public var until: LocalDate?
  public var source: String?
  /// For an occurrence of an imported repeating event: the id of its series, which `focus rm`
  /// takes to remove every occurrence at once.
  public var series: String?

  public init(block: FocusBlock, clock: ZoneClock) {
    id = block.id
    title = block.title
    start = block.start
    startLocal = PlanView.local(block.start, clock)
    end = block.end
    endLocal = PlanView.local(block.end, clock)
    every = block.recurrence?.weekdaysText
    until = block.recurrence?.until
    source = block.sourceKey
    series = block.seriesID
  }

  /// `a1b2c3d4  2026-11-23 09:00–10:30  Deep work  (weekdays until 2026-12-18)`, or with the end's
  /// date when it falls on the next day: `2026-11-23 23:00–2026-11-24 01:00`.
  public var line: String { line(ConsoleWords(.en)) }

  /// ``line`` in `words`' language: "bis", "ohne Ende".
  public func line(_ words: ConsoleWords) -> String {
    let repeats =
      every.map {
        " (\($0)\(until.map { words.pick(" until \($0)", " bis \($0)") } ?? words.pick(", no end", ", ohne Ende")))"
      } ?? ""
    // An end on another day shows its date: "23:00–01:00" alone reads as a 22-hour block.
    let end = endLocal.prefix(10) == startLocal.prefix(10) ? String(endLocal.suffix(5)) : endLocal
    return "\(id)  \(startLocal)–\(end)  \(title)\(repeats)"
  }
}
