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
    blocks.flatMap { block in
      // One block's texts are the same on every day: made once, not for each of its occurrences.
      let soon = texts.alert(blockTitle: block.title, minutes: minutesBefore)
      let startsNow = texts.alert(blockTitle: block.title, minutes: 0)
      return block.occurrences(in: dates, clock: clock).map {
        alert(for: $0, now: now, soon: soon, startsNow: startsNow)
      }
    }
    .sorted { ($0.start, $0.uid) < ($1.start, $1.uid) }
  }

  /// The alert of one occurrence, as seen at `now`.
  public func alert(for occurrence: FocusOccurrence, now: Date) -> Reminder {
    alert(
      for: occurrence, now: now, soon: texts.alert(blockTitle: occurrence.title, minutes: minutesBefore),
      startsNow: texts.alert(blockTitle: occurrence.title, minutes: 0))
  }

  private func alert(
    for occurrence: FocusOccurrence, now: Date, soon: (String, String), startsNow: (String, String)
  ) -> Reminder {
    let early = occurrence.start.addingTimeInterval(-Double(minutesBefore * 60))
    if early > now || occurrence.start <= now {
      return Reminder(focus: occurrence, fire: early, title: soon.0, body: soon.1)
    }
    return Reminder(focus: occurrence, fire: occurrence.start, title: startsNow.0, body: startsNow.1)
  }
}
