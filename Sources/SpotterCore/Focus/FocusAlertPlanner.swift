import Foundation

/// Plans the start alert of every focus block occurrence (seed 001).
///
/// The alert fires `minutesBefore` ahead of the start; when that moment has passed it fires at the
/// start, with the "starts now" texts; when the start has passed too, the event stays in the
/// calendar without an alarm. Quiet hours do not move these alerts: the user put the block there,
/// and an alert moved past the start would be no use.
public struct FocusAlertPlanner: Sendable {
  public var minutesBefore: Int
  public var texts: FocusTexts

  public init(minutesBefore: Int, language: Language) {
    self.minutesBefore = minutesBefore
    texts = FocusTexts(language: language)
  }

  /// The alerts of all occurrences whose local date lies in `dates`, ordered by start.
  public func reminders(
    for blocks: [FocusBlock], dates: Range<LocalDate>, now: Date, clock: ZoneClock
  ) -> [Reminder] {
    blocks.flatMap { $0.occurrences(in: dates, clock: clock) }
      .map { alert(for: $0, now: now) }
      .sorted { ($0.start, $0.uid) < ($1.start, $1.uid) }
  }

  /// The alert of one occurrence, as seen at `now`.
  public func alert(for occurrence: FocusOccurrence, now: Date) -> Reminder {
    let early = occurrence.start.addingTimeInterval(-Double(minutesBefore * 60))
    if early > now || occurrence.start <= now {
      let (title, body) = texts.alert(blockTitle: occurrence.title, minutes: minutesBefore)
      return Reminder(focus: occurrence, fire: early, title: title, body: body)
    }
    let (title, body) = texts.alert(blockTitle: occurrence.title, minutes: 0)
    return Reminder(focus: occurrence, fire: occurrence.start, title: title, body: body)
  }
}
