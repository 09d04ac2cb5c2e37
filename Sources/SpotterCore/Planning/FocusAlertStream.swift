import Foundation

/// The alerts of repeating focus blocks, planned and reconciled with their stored revisions a
/// week of dates at a time, in the outputs' order.
///
/// Four hundred daily blocks over a focus horizon of 250 days are a hundred thousand alerts: held
/// at once, their revisions were most of a run's memory. Each such alert carries its date in its
/// UID, so the stored revision of a UID is always in the week of its date, and each week can be
/// reconciled on its own with the same result as all of them together. One-off blocks keep their
/// UID when they move to another day, so their alerts are planned with the rest of the outcome.
public struct FocusAlertStream: Sendable {
  /// One week's alerts.
  public struct Chunk: Sendable {
    /// Every record dated in the week, planned or cancelled, ordered by start then UID.
    public var records: [ReminderRecord]
    /// The records to save because they are new or changed.
    public var changed: [ReminderRecord]
    /// Each record's change against its stored revision, by UID.
    public var changes: [String: RevisionChange]
    /// The alerts planned for the week.
    public var planned: [Reminder]
  }

  /// How many dates one chunk covers: a week of even a thousand daily blocks is a few MB.
  static let chunkDays = 7

  /// Where the stored alerts are read, a week at a time.
  let source: any StoredFocusAlerts
  let planner: FocusAlertPlanner
  /// The repeating blocks, whose alerts are planned inside ``window``.
  let blocks: [FocusBlock]
  let actions: [String: ReminderAction]
  /// The focus window: planned alerts, and the stored ones that are cancelled when not planned.
  let window: Horizon
  /// Every date the stream covers: the window, and the stored alerts' dates from the plan's
  /// first day on; none once ``emptied``.
  private(set) var dates: Range<LocalDate>
  /// The latest end of a stored alert in ``dates``.
  let storedLatestEnd: Date?
  let now: Date
  let clock: ZoneClock

  /// A stream of the alerts `blocks` (only their repeating ones) have in `window`, reconciled
  /// with those the snapshot's source holds from its first day on.
  init(
    snapshot: PlanSnapshot, planner: FocusAlertPlanner, blocks: [FocusBlock],
    actions: [String: ReminderAction],
    window: Horizon, now: Date, clock: ZoneClock
  ) {
    let stored = snapshot.datedFocusBounds
    let first = snapshot.first
    source = snapshot.focusAlerts
    self.planner = planner
    self.blocks = blocks.filter { $0.recurrence != nil }
    self.actions = actions
    self.window = window
    let start = min(first, window.start)
    // No repeating block and no stored alert of one: nothing to plan, nor to cancel, so no week
    // is read at all.
    dates =
      self.blocks.isEmpty && stored == nil
      ? start..<start : start..<max(window.end, stored.map { $0.lastDate.adding(days: 1) } ?? start)
    storedLatestEnd = stored?.latestEnd
    self.now = now
    self.clock = clock
  }

  /// A stream with no alerts, for an outcome whose records were all read out of it.
  var emptied: FocusAlertStream {
    var stream = self
    stream.dates = dates.lowerBound..<dates.lowerBound
    return stream
  }

  /// Hands `body` each week's chunk, in date order.
  public func forEachChunk(_ body: (Chunk) throws -> Void) throws {
    var start = dates.lowerBound
    while start < dates.upperBound {
      let end = min(start.adding(days: Self.chunkDays), dates.upperBound)
      try body(chunk(start..<end))
      start = end
    }
  }

  /// The week `days`, reconciled: the same records, changes and revisions as reconciling every
  /// week at once would give for those dates.
  func chunk(_ days: Range<LocalDate>) throws -> Chunk {
    let stored = try source.datedFocusAlerts(in: days)
    let from = max(days.lowerBound, window.start)
    let to = min(days.upperBound, window.end)
    let planned =
      from < to
      ? ReminderAction.apply(
        actions, to: planner.reminders(for: blocks, dates: from..<to, now: now, clock: clock))
      : []
    let reconciled = ReminderReconciler().reconcile(
      planned: planned, stored: stored, horizon: window, now: now)
    let (records, changes) = RunPlanner.merged(stored: stored, revised: reconciled.records)
    return Chunk(records: records, changed: reconciled.changed, changes: changes, planned: planned)
  }

  /// The latest local date on which one of the stream's records ends, nil when it has none: the
  /// outputs' headers name it before the first record is written.
  ///
  /// The stored and planned alerts bound it from above; the last week's records reach that bound
  /// unless a revision of a late alert ends earlier than it did, and only then are all weeks read
  /// for it.
  public func lastEndDate() throws -> LocalDate? {
    guard !dates.isEmpty else { return nil }
    let plannedEnd = blocks.compactMap {
      $0.lastOccurrence(in: window.start..<window.end, clock: clock)?.end
    }.max()
    guard let bound = [storedLatestEnd, plannedEnd].compactMap({ $0 }).max().map(clock.localDate) else {
      return nil
    }
    let lastWeek = max(dates.lowerBound, dates.upperBound.adding(days: -Self.chunkDays))..<dates.upperBound
    if let tail = try chunk(lastWeek).records.lastEndDate(in: clock), tail >= bound { return tail }
    var latest: LocalDate?
    try forEachChunk { chunk in
      latest = [latest, chunk.records.lastEndDate(in: clock)].compactMap { $0 }.max()
    }
    return latest
  }
}
