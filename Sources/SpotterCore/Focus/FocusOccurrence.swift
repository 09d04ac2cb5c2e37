import Foundation

/// One occurrence of a focus block, on one local date.
public struct FocusOccurrence: Sendable, Hashable, Codable {
  public var blockID: String
  public var title: String
  public var date: LocalDate
  public var start: Date
  public var end: Date
  /// Whether the block repeats, which puts the date into the UID.
  public var isRecurring: Bool

  public init(block: FocusBlock, date: LocalDate, start: Date, end: Date) {
    blockID = block.id
    title = block.title
    self.date = date
    self.start = start
    self.end = end
    isRecurring = block.recurrence != nil
  }

  /// Seed 001's notification id, `focus-block-start-{blockID}`, per occurrence for repeating blocks.
  public var uid: String {
    Reminder.uid(kind: .focusBlock, entity: blockID, date: isRecurring ? date : nil)
  }

  /// Whether the two occurrences share some time (touching ends do not count).
  public func overlaps(start otherStart: Date, end otherEnd: Date) -> Bool {
    start < otherEnd && otherStart < end
  }
}
