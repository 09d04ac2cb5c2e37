import Foundation

/// A planned reminder: an event in the calendar plus the moment its alarm fires.
public struct Reminder: Sendable, Hashable, Codable {
  public var kind: ReminderKind
  /// Built from kind, entity and date only, never from content, so a changed reminder keeps it.
  public var uid: String
  /// What the reminder is about, when it is about one thing: a session, a focus block, a plateau.
  public var entity: String?
  public var date: LocalDate
  public var start: Date
  public var end: Date
  /// When the alarm fires, after quiet hours have moved it.
  public var fire: Date
  public var title: String
  public var body: String
  /// The event's SUMMARY when it is not the alert's title, e.g. a focus block's own name.
  public var summary: String?
  public var workoutName: String?
  /// Why this reminder exists, for `spotter plan`.
  public var reason: String

  public init(
    kind: ReminderKind, entity: String? = nil, date: LocalDate, start: Date, end: Date, fire: Date,
    title: String, body: String, summary: String? = nil, workoutName: String?, reason: String
  ) {
    self.kind = kind
    self.uid = Reminder.uid(kind: kind, entity: entity, date: date)
    self.entity = entity
    self.summary = summary
    self.date = date
    self.start = start
    self.end = end
    self.fire = fire
    self.title = title
    self.body = body
    self.workoutName = workoutName
    self.reason = reason
  }

  /// An alert of a focus block occurrence; its UID is the occurrence's.
  public init(focus occurrence: FocusOccurrence, fire: Date, title: String, body: String) {
    self.init(
      kind: .focusBlock, entity: occurrence.blockID, date: occurrence.date, start: occurrence.start,
      end: occurrence.end, fire: fire, title: title, body: body, summary: occurrence.title, workoutName: nil,
      reason: "focus block")
    // The designated initialiser gave it the dated UID; a one-off block's has no date.
    if !occurrence.isRecurring { uid = occurrence.uid }
  }

  /// `workout-reminder-2026-11-22@spotter`, `kind-entity-date@spotter` for per-entity kinds, and
  /// `kind-entity@spotter` for an entity that is dated by itself (a one-off focus block keeps its
  /// UID when it moves to another day).
  ///
  /// A UID holds only `A-Z a-z 0-9 @ . _ -`: CalDAV servers and vdir use it as a file or resource
  /// name (Radicale answers 400 to a colon). The entity, often a session id such as
  /// `strong-2026-11-20 18:02:00`, is escaped one-to-one: `_` becomes `__` and any other
  /// character `_` plus its UTF-8 bytes in hex (`strong-2026-11-20_2018_3A02_3A00`).
  public static func uid(kind: ReminderKind, entity: String?, date: LocalDate?) -> String {
    [kind.rawValue, entity.map(escaped), date?.description].compactMap { $0 }.joined(separator: "-")
      + "@spotter"
  }

  static func escaped(_ entity: String) -> String {
    var result = ""
    for byte in entity.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      case UInt8(ascii: "_"): result += "__"
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        result += (hex.count == 1 ? "_0" : "_") + hex
      }
    }
    return result
  }
}
