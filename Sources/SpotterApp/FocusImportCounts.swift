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
  /// Events without a length: no end (an instant), or an end not after the start.
  public var noLength = 0
  /// Events longer than ``ICSReader/longestOccurrence``: no block of time one plans around.
  public var tooLong = 0
  /// The window's last day, for the text.
  public var lastDay: LocalDate

  public init(lastDay: LocalDate) {
    self.lastDay = lastDay
  }

  /// `imported 3 of 40 events; 37 before today`, naming only the reasons that occurred.
  public var text: String { text(ConsoleWords(.en)) }

  /// ``text`` in `words`' language.
  public func text(_ words: ConsoleWords) -> String {
    var head = words.pick(
      "imported \(imported) of \(events) event\(events == 1 ? "" : "s")",
      "\(imported) von \(events) Termin\(events == 1 ? "" : "en") importiert")
    if blocks != imported {
      head += " (" + words.count(blocks, "block", (one: "Block", many: "Blöcke")) + ")"
    }
    let reasons: [(Int, String)] = [
      (beforeToday, words.pick("before today", "vor heute")),
      (afterWindow, words.pick("after \(lastDay)", "nach dem \(lastDay)")),
      (
        noneInWindow,
        words.pick("repeating with none by \(lastDay)", "wiederkehrend, aber keiner bis \(lastDay)")
      ),
      (allDay, words.pick("all-day", "ganztägig")), (cancelled, words.pick("cancelled", "abgesagt")),
      (noLength, words.pick("without a length", "ohne Dauer")),
      (tooLong, words.pick("longer than a year", "länger als ein Jahr")),
      (spotters, words.pick("Spotter's own", "von Spotter selbst")),
      (unmatched, words.pick("not matching --match", "passen nicht zu --match")),
      (
        overlapping,
        words.pick(
          "overlapping a focus block (--force takes them)",
          "überschneiden sich mit einem Fokusblock (--force nimmt sie)")
      ),
    ]
    let said = reasons.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
    return said.isEmpty ? head : head + "; " + said.joined(separator: ", ")
  }
}
