import SpotterCore

/// What `focus import` did with each event of a calendar file, so that "imported 3 of 40" says
/// where the other 37 went.
public struct FocusImportCounts: Sendable, Encodable, Hashable {
  /// Events of their own in the file (an override of one occurrence is not one).
  public var events = 0
  /// Events that gave at least one block.
  public var imported = 0
  /// Blocks taken: one per occurrence in the window.
  public var blocks = 0
  /// Spotter's own events (its `spotter.ics`, or a calendar it was synced into): taking them back
  /// would make every reminder a focus block and fire every alert twice.
  public var spotters = 0
  public var cancelled = 0
  public var allDay = 0
  /// Single events that ended before today.
  public var beforeToday = 0
  /// Events that start after the window's last day.
  public var afterWindow = 0
  /// Repeating events with no occurrence in the window.
  public var noneInWindow = 0
  /// Events that `--match` passed over.
  public var unmatched = 0
  /// Events every occurrence of which overlapped a focus block, as `focus add` refuses.
  public var overlapping = 0
  /// The window's last day, for the text.
  public var lastDay: LocalDate

  public init(lastDay: LocalDate) {
    self.lastDay = lastDay
  }

  /// `imported 3 of 40 events; 37 before today`, naming only the reasons that occurred.
  public var text: String {
    var head = "imported \(imported) of \(events) event\(events == 1 ? "" : "s")"
    if blocks != imported { head += " (\(blocks) block\(blocks == 1 ? "" : "s"))" }
    let reasons: [(Int, String)] = [
      (beforeToday, "before today"), (afterWindow, "after \(lastDay)"),
      (noneInWindow, "repeating with none by \(lastDay)"), (allDay, "all-day"), (cancelled, "cancelled"),
      (spotters, "Spotter's own"), (unmatched, "not matching --match"),
      (overlapping, "overlapping a focus block (--force takes them)"),
    ]
    let said = reasons.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
    return said.isEmpty ? head : head + "; " + said.joined(separator: ", ")
  }
}
