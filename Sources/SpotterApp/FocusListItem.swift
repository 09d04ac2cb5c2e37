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
  }

  /// `a1b2c3d4  2026-11-23 09:00–10:30  Deep work  (weekdays until 2026-12-18)`.
  public var line: String {
    let repeats = every.map { " (\($0) until \(until.map(\.description) ?? "?"))" } ?? ""
    return "\(id)  \(startLocal)–\(endLocal.suffix(5))  \(title)\(repeats)"
  }
}
