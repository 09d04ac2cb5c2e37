import Foundation
import SpotterCore
import SpotterICal
import SpotterIO

/// The `spotter focus` commands: each change is checked, saved with its alerts' new revisions in
/// one transaction, and written to both outputs at once, like the nightly run does.
public struct FocusService: Sendable {
  private var words: ConsoleWords { workspace.words }

  public let workspace: Workspace
  public let outputDirectory: String

  public init(workspace: Workspace, outputDirectory: String) {
    self.workspace = workspace
    self.outputDirectory = outputDirectory
  }

  /// What the user typed for a new block or a move.
  public struct Timing: Sendable {
    public var start: String
    public var end: String?
    public var duration: String?

    public init(start: String, end: String?, duration: String?) {
      self.start = start
      self.end = end
      self.duration = duration
    }
  }

  public func add(
    _ timing: Timing, title: String?, every: String?, until: String?, force: Bool
  ) throws -> FocusChange {
    return try workspace.change(outputDirectory: outputDirectory) { change in
      let store = change.store
      var blocks = try store.focusBlocks()
      guard let (start, end) = try resolve(timing, defaultLength: nil) else {
        throw SpotterAppError.invalidOption(
          option: "--end/--for", value: timing.start,
          reason: Phrase(
            "a block needs an end or a length, got only",
            de: "ein Block braucht ein Ende oder eine Dauer, nicht nur"))
      }
      var recurrence: FocusRecurrence?
      if let every {
        guard let weekdays = FocusRecurrence.weekdays(parsing: every) else {
          throw SpotterAppError.invalidOption(
            option: "--every", value: every,
            reason: Phrase(
              "expected daily, weekdays, weekends or a list like mon,wed, got",
              de: "erwartet daily, weekdays, weekends oder eine Liste wie mon,wed, nicht"))
        }
        let last = try until.map { try workspace.date($0, option: "--until") }
        recurrence = FocusRecurrence(weekdays: weekdays, until: last)
      }
      let name = title ?? FocusTexts.defaultTitle(start: workspace.clock.local(start).time)
      var id = FocusBlock.id(
        for: "\(name)|\(start.timeIntervalSince1970)|\(workspace.now.timeIntervalSince1970)")
      var salt = 1
      while blocks.contains(where: { $0.id == id }) {
        id = FocusBlock.id(for: "\(name)|\(start.timeIntervalSince1970)|\(salt)")
        salt += 1
      }
      let block = FocusBlock(id: id, title: name, start: start, end: end, recurrence: recurrence)
      let warnings = try check(block, against: blocks, store: store, force: force)
      blocks.append(block)
      return try commit(
        "added", [block], blocks: blocks, upserts: [block], deletes: [], change: change, warnings: warnings)
    }
  }

  public func move(id: String, to timing: Timing, force: Bool) throws -> FocusChange {
    return try workspace.change(outputDirectory: outputDirectory) { change in
      let store = change.store
      var blocks = try store.focusBlocks()
      let index = try find(id, in: blocks)
      var block = blocks[index]
      let length = block.end.timeIntervalSince(block.start)
      // A bare time keeps the block's date: `focus move ID 16:00` moves it within its day.
      guard
        let (start, end) = try resolve(
          timing, defaultLength: length, day: workspace.clock.localDate(block.start))
      else {
        throw SpotterAppError.invalidOption(
          option: "START", value: timing.start, reason: Phrase("cannot read", de: "nicht lesbar:"))
      }
      // A title `focus add` made from the start (`Focus Block 14:00`) follows the block, where a
      // block moved to 16:00 kept saying 14:00; a title the person gave is theirs.
      let clock = workspace.clock
      if block.title == FocusTexts.defaultTitle(start: clock.local(block.start).time) {
        block.title = FocusTexts.defaultTitle(start: clock.local(start).time)
      }
      block.start = start
      block.end = end
      blocks.remove(at: index)
      let warnings = try check(block, against: blocks, store: store, force: force)
      blocks.append(block)
      return try commit(
        "moved", [block], blocks: blocks, upserts: [block], deletes: [], change: change, warnings: warnings)
    }
  }

  public func remove(id: String) throws -> FocusChange {
    return try workspace.change(outputDirectory: outputDirectory) { change in
      let store = change.store
      var blocks = try store.focusBlocks()
      // An imported series by its id: every occurrence goes.
      if !blocks.contains(where: { $0.id.hasPrefix(id) }), id.count >= 4 {
        let series = blocks.filter { $0.seriesID.map { $0 == id || $0.hasPrefix(id) } ?? false }
        if Set(series.compactMap(\.seriesID)).count == 1 {
          blocks.removeAll { series.map(\.id).contains($0.id) }
          return try commit(
            "removed", series, blocks: blocks, upserts: [], deletes: series.map(\.id), change: change,
            warnings: [])
        }
      }
      let block = blocks.remove(at: try find(id, in: blocks))
      return try commit(
        "removed", [block], blocks: blocks, upserts: [], deletes: [block.id], change: change, warnings: [])
    }
  }

  /// Blocks with an occurrence in `from..<to` (local dates), or all when both are nil.
  public func list(from: LocalDate?, to: LocalDate?) throws -> [FocusListItem] {
    let blocks = try workspace.store.read { try $0.focusBlocks() }
    let clock = workspace.clock
    return blocks.filter { block in
      guard from != nil || to != nil else { return true }
      let first = from ?? clock.localDate(block.start)
      // `--to D` includes D.
      let last = to.map { $0.adding(days: 1) } ?? first.adding(days: 3660)
      return first < last && !block.occurrences(in: first..<last, clock: clock).isEmpty
    }.map { FocusListItem(block: $0, clock: clock) }
  }

  /// The most bytes of a calendar taken whole: an import takes at most 10,000 occurrences,
  /// which a calendar of a few megabytes holds (one of 64 MB is mostly attachments).
  static let largestCalendar = 64 << 20

  /// Takes blocks from a calendar file: every timed event (or those whose category equals, or
  /// whose text contains, `match`) with an occurrence in the next `days` days, today included.
  ///
  /// Spotter's own events are passed over (a calendar it was synced into would otherwise turn
  /// every reminder into a block), and an occurrence that overlaps a focus block is refused as
  /// `focus add` refuses it, unless `force`. The counts say what became of every event.
  public func importCalendar(path: String, match: String?, days: Int, force: Bool = false) throws
    -> FocusChange
  {
    let text = try UTF8File.read(
      path: path, atMost: Self.largestCalendar, kind: Phrase("a calendar", de: "ein Kalender"))
    let clock = workspace.clock
    let from = clock.startOfDay(workspace.today)
    let to = clock.startOfDay(workspace.today.adding(days: days))
    let reader = ICSReader()
    let (occurrences, allEvents) = try reader.occurrencesAndEvents(
      text, fileName: path, from: from, to: to, fallbackZone: clock.identifier)
    let events = allEvents.filter { !$0.isOverride }
    let needle = match?.lowercased()
    return try workspace.change(outputDirectory: outputDirectory) { change in
      let store = change.store
      var blocks = try store.focusBlocks()
      var imported: [FocusBlock] = []
      var warnings = reader.structureProblems(text, fileName: path, language: workspace.settings.language)
      var counts = FocusImportCounts(lastDay: workspace.today.adding(days: days - 1))

      // Each occurrence, and what became of it, by the UID of its event.
      enum Fate { case imported, unmatched, overlapping }
      var fates: [String: [Fate]] = [:]
      var candidates: [(occurrence: CalendarOccurrence, block: FocusBlock)] = []
      for occurrence in occurrences where !Self.isSpotters(occurrence.uid) {
        if let needle {
          let categories = occurrence.categories.map { $0.lowercased().trimmingCharacters(in: .whitespaces) }
          guard
            categories.contains(needle) || occurrence.summary.lowercased().contains(needle)
              || occurrence.description.lowercased().contains(needle)
          else {
            fates[occurrence.uid, default: []].append(.unmatched)
            continue
          }
        }
        let sourceKey = "ics:" + occurrence.key
        let title =
          occurrence.summary.isEmpty
          ? FocusTexts.defaultTitle(start: clock.local(occurrence.start).time) : occurrence.summary
        let block = FocusBlock(
          id: FocusBlock.id(for: sourceKey), title: title, start: occurrence.start, end: occurrence.end,
          sourceKey: sourceKey)
        candidates.append((occurrence, block))
      }
      // A re-import replaces its own earlier blocks; every other block is in the way.
      let replaced = Set(candidates.map(\.block.id))
      blocks.removeAll { replaced.contains($0.id) }
      var leftOut: [String] = []
      var busy = BusyIntervals(
        blocks.flatMap {
          $0.occurrences(
            in: workspace.today.adding(days: -1)..<workspace.today.adding(days: days + 1), clock: clock)
        })
      for (occurrence, block) in candidates.sorted(by: {
        ($0.block.start, $0.block.id) < ($1.block.start, $1.block.id)
      }) {
        if let tzid = occurrence.unresolvedTZID {
          warnings.append(
            words.pick(
              "unknown TZID \(ErrorText.quoted(tzid)) of \(ErrorText.quoted(occurrence.summary)) read as \(clock.identifier)",
              "unbekannte TZID \(ErrorText.quoted(tzid)) von \(ErrorText.quoted(occurrence.summary)) als \(clock.identifier) gelesen"
            ))
        }
        if busy.overlaps(start: block.start, end: block.end) {
          guard force else {
            fates[occurrence.uid, default: []].append(.overlapping)
            let (title, start) = (ErrorText.quoted(block.title), PlanView.local(block.start, clock))
            leftOut.append(
              words.pick(
                "\(title) at \(start) left out: it overlaps a focus block (--force keeps both)",
                "\(title) um \(start) ausgelassen: überschneidet sich mit einem Fokusblock (--force behält beide)"
              ))
            continue
          }
          let (title, start) = (ErrorText.quoted(block.title), PlanView.local(block.start, clock))
          warnings.append(
            words.pick(
              "\(title) at \(start) overlaps a focus block",
              "\(title) um \(start) überschneidet sich mit einem Fokusblock"))
        }
        busy.add(start: block.start, end: block.end)
        fates[occurrence.uid, default: []].append(.imported)
        blocks.append(block)
        imported.append(block)
      }

      warnings += leftOut.prefix(10)
      if leftOut.count > 10 {
        warnings.append(
          words.pick(
            "\(leftOut.count - 10) more occurrences left out for overlaps",
            "\(leftOut.count - 10) weitere Termine wegen Überschneidungen ausgelassen"))
      }
      counts.events = events.count
      counts.blocks = imported.count
      for event in events {
        if Self.isSpotters(event.uid) {
          counts.spotters += 1
        } else if event.status == "CANCELLED" {
          counts.cancelled += 1
        } else if event.isAllDay {
          counts.allDay += 1
        } else if let fate = fates[event.uid] {
          if fate.contains(.imported) {
            counts.imported += 1
          } else if fate.contains(.overlapping) {
            counts.overlapping += 1
          } else {
            counts.unmatched += 1
          }
        } else if !((event.length ?? 0) > 0) {
          counts.noLength += 1
        } else if let length = event.length, length > ICSReader.longestOccurrence {
          counts.tooLong += 1
        } else if event.start >= to {
          counts.afterWindow += 1
        } else if event.repeats {
          counts.noneInWindow += 1
        } else {
          counts.beforeToday += 1
        }
      }
      warnings += try workoutOverlaps(of: imported, store: store)
      var result = try commit(
        "imported", imported, blocks: blocks, upserts: imported, deletes: [], change: change,
        warnings: warnings
      )
      result.counts = counts
      return result
    }
  }

  /// Whether a UID is one Spotter wrote: every reminder's ends in `@spotter`.
  static func isSpotters(_ uid: String) -> Bool { uid.hasSuffix("@spotter") }

  // MARK: Helpers

  private func resolve(_ timing: Timing, defaultLength: TimeInterval?, day: LocalDate? = nil) throws -> (
    Date, Date
  )? {
    let clock = workspace.clock
    let parser = FocusTimeParser(clock: clock, now: workspace.now)
    let parsed: (start: Date, end: Date?)
    if let instant = InstantParser.parse(timing.start, clock: clock) {
      parsed = (instant, nil)
    } else if let friendly = parser.start(timing.start, on: day) {
      parsed = friendly
    } else {
      let suggestion = FocusTimeParser.suggestion(for: timing.start)
      let forms = "ISO 8601, 'tomorrow 09:00', '+2d 09:00', 'fri 14:00'"
      throw SpotterAppError.invalidOption(
        option: "<start>", value: timing.start,
        reason: FocusTimeParser.timeProblem(timing.start).map { Phrase("\($0), in") }
          ?? Phrase(
            (suggestion.map { "did you mean '\($0)'? " } ?? "") + "expected \(forms) or '09:00-10:30', got",
            de: (suggestion.map { "meintest du '\($0)'? " } ?? "")
              + "erwartet \(forms) oder '09:00-10:30', nicht"))
    }
    // A start the clocks skip that day is said, with what it became.
    if let typed = FocusTimeParser.typedTime(timing.start) {
      let date = clock.localDate(parsed.start)
      for day in [date, date.adding(days: -1)] where clock.isInGap(LocalDateTime(date: day, time: typed)) {
        let start = PlanView.local(parsed.start, clock)
        workspace.notices.add(
          workspace.words.note(
            workspace.words.pick(
              "\(typed) does not exist on \(day) in \(clock.identifier), where the clocks skip it; "
                + "the block starts at \(start), as calendars read it",
              "\(typed) gibt es am \(day) in \(clock.identifier) nicht, die Uhren springen darüber; "
                + "der Block beginnt um \(start), wie Kalender ihn lesen")))
        break
      }
    }
    var end = parsed.end
    if let text = timing.end {
      if parser.isBareTimeBefore(text, start: parsed.start) {
        throw SpotterAppError.invalidOption(
          option: "--end", value: text,
          reason: Phrase(
            "ends before the block starts at \(PlanView.local(parsed.start, clock)); for a block of "
              + "more than 12 hours past midnight give the end's day (e.g. a date and time), got",
            de:
              "endet, bevor der Block um \(PlanView.local(parsed.start, clock)) beginnt; für einen Block über "
              + "Mitternacht hinaus gib den Tag des Endes an (z. B. Datum und Uhrzeit), nicht"))
      }
      // `+3h` counts from the block's start, as `--for 3h` does.
      let relative = text.hasPrefix("+") ? FocusTimeParser.duration(String(text.dropFirst())) : nil
      guard
        let value = relative.map({ parsed.start.addingTimeInterval(TimeInterval($0)) })
          ?? parser.end(text, after: parsed.start) ?? InstantParser.parse(text, clock: clock)
      else {
        throw SpotterAppError.invalidOption(
          option: "--end", value: text,
          reason: Phrase("expected a time such as 10:30, got", de: "erwartet eine Uhrzeit wie 10:30, nicht"))
      }
      end = value
    }
    if let text = timing.duration {
      guard let seconds = FocusTimeParser.duration(text) else {
        throw SpotterAppError.invalidOption(
          option: "--for", value: text,
          reason: Phrase(
            "expected a length such as 90m, 90, 1h30 or 2h, got",
            de: "erwartet eine Dauer wie 90m, 90, 1h30 oder 2h, nicht"))
      }
      end = parsed.start.addingTimeInterval(TimeInterval(seconds))
    }
    if end == nil, let defaultLength { end = parsed.start.addingTimeInterval(defaultLength) }
    guard let end else { return nil }
    guard end > parsed.start else {
      throw SpotterAppError.invalidOption(
        option: "--end", value: PlanView.local(end, clock),
        reason: Phrase(
          "the end must come after the start, got", de: "das Ende muss nach dem Beginn liegen, nicht"))
    }
    return (parsed.start, end)
  }

  private func find(_ id: String, in blocks: [FocusBlock]) throws -> Int {
    if let exact = blocks.firstIndex(where: { $0.id == id }) { return exact }
    if id.count < 4, !blocks.contains(where: { $0.id == id }) {
      throw SpotterAppError.shortPrefix(what: "focus block", id: id, minimum: 4)
    }
    let matches = blocks.indices.filter { id.count >= 4 && blocks[$0].id.hasPrefix(id) }
    guard matches.count == 1 else { throw SpotterAppError.unknownFocusBlock(id: id) }
    return matches[0]
  }

  /// The first clash of two blocks' occurrences within a year of the later one's start, if any:
  /// neither has an occurrence before that, and a year holds every weekday of both.
  private func overlap(_ block: FocusBlock, _ other: FocusBlock) -> FocusOccurrence? {
    let clock = workspace.clock
    // A day earlier: an occurrence past midnight of the day before can reach into the first.
    let first = max(clock.localDate(block.start), clock.localDate(other.start)).adding(days: -1)
    let range = first..<first.adding(days: 366)
    let mine = block.occurrences(in: range, clock: clock)
    return other.occurrences(in: range, clock: clock).first { occurrence in
      mine.contains { $0.overlaps(start: occurrence.start, end: occurrence.end) }
    }
  }

  /// Refuses an overlap with another block unless forced; returns workout overlaps as warnings.
  private func check(_ block: FocusBlock, against blocks: [FocusBlock], store: Store, force: Bool) throws
    -> [String]
  {
    if !force {
      for other in blocks {
        if let clash = overlap(block, other) {
          throw SpotterAppError.focusOverlap(
            id: other.id, title: other.title, start: PlanView.local(clash.start, workspace.clock))
        }
      }
    }
    return try workoutOverlaps(of: [block], store: store)
  }

  private func workoutOverlaps(of blocks: [FocusBlock], store: Store) throws -> [String] {
    let clock = workspace.clock
    let workouts = try store.reminders(from: workspace.today)
      .filter { $0.kind == .workout && $0.status == .confirmed }
    guard let lastDate = workouts.map(\.date).max() else { return [] }
    var warnings: [String] = []
    for block in blocks {
      let first = clock.localDate(block.start)
      guard first <= lastDate else { continue }
      let range = first..<lastDate.adding(days: 1)
      for occurrence in block.occurrences(in: range, clock: clock) {
        for workout in workouts where occurrence.overlaps(start: workout.start, end: workout.end) {
          let (title, start) = (ErrorText.quoted(block.title), PlanView.local(occurrence.start, clock))
          let planned = PlanView.local(workout.start, clock)
          warnings.append(
            words.pick(
              "\(title) at \(start) overlaps the planned workout at \(planned)",
              "\(title) um \(start) überschneidet sich mit dem geplanten Workout um \(planned)"))
        }
      }
    }
    return warnings
  }

  private func commit(
    _ action: String, _ changed: [FocusBlock], blocks: [FocusBlock], upserts: [FocusBlock], deletes: [String],
    change: StoreChange, warnings: [String]
  ) throws -> FocusChange {
    let (outcome, paths) = try change.plan(
      .from(workspace.today.adding(days: 1), count: 1), overrides: PlanOverrides(blocks: blocks)
    ) {
      try change.store.save($0.changed, focusUpserts: upserts, focusDeletes: deletes, findings: $0.findings)
    }
    let ids = Set(changed.map(\.id))
    let reminders = Dictionary(outcome.focus.map { ($0.uid, $0) }, uniquingKeysWith: { $1 })
    let alerts = zip(outcome.records, outcome.events).filter { record, _ in
      record.kind == .focusBlock && ids.contains(where: { record.uid.hasPrefix("focus-block-start-\($0)") })
    }.map { record, event in
      PlanView.item(
        record, event, change: outcome.changes[record.uid], reminder: reminders[record.uid],
        clock: workspace.clock)
    }
    return FocusChange(
      action: action, blocks: changed.map { FocusListItem(block: $0, clock: workspace.clock) },
      alerts: alerts,
      warnings: warnings, calendarPath: paths.calendarPath, agendaPath: paths.agendaPath)
  }
}
