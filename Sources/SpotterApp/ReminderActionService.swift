import Foundation
import SpotterCore
import SpotterIO

/// The seeds' notification actions as commands: "Snooze 1 hour" (seed 003), "Heute pausieren"
/// (seed 000) and done. Each saves its change with the reminder revisions it causes, then
/// rewrites both outputs.
public struct ReminderActionService: Sendable {
  public let workspace: Workspace
  public let outputDirectory: String

  public init(workspace: Workspace, outputDirectory: String) {
    self.workspace = workspace
    self.outputDirectory = outputDirectory
  }

  var now: Date { Date(timeIntervalSince1970: workspace.now.timeIntervalSince1970.rounded(.down)) }

  /// Moves the reminder's alarm `seconds` later than now (or than its fire time still ahead):
  /// a new revision with a new VALARM and agenda line, and a new delivery round.
  public func snooze(uid: String, seconds: Int) throws -> ReminderRecord {
    try workspace.change(outputDirectory: outputDirectory) { change in
      let store = change.store
      let record = try confirmed(uid, change, action: ("snooze", "verschoben"))
      // Keyed by the UID the prefix resolved to: the planner looks actions up by full UID.
      var action = try store.actions()[record.uid] ?? ReminderAction(uid: record.uid)
      action.round += 1
      let fire = ReminderAction.snoozedFire(record.fire, by: seconds, now: now)
      action.snoozedUntil = fire
      let next = record.firing(at: fire, stamp: now)
      try change.revise([next]) { try store.save(action: action, records: [next]) }
      if fire > record.start {
        let clock = workspace.clock
        let (alarm, start) = (PlanView.local(fire, clock), PlanView.local(record.start, clock))
        workspace.notices.add(
          workspace.words.warning(
            workspace.words.pick(
              "the alarm now fires at \(alarm), after the event's start at \(start)",
              "der Alarm kommt jetzt um \(alarm), nach dem Beginn um \(start)")))
      }
      return next
    }
  }

  /// Marks the reminder done: cancelled in both outputs, and no notifier runs for it.
  public func done(uid: String) throws -> ReminderRecord {
    try workspace.change(outputDirectory: outputDirectory) { change in
      let store = change.store
      let record = try confirmed(uid, change, action: ("mark done", "als erledigt markiert"))
      var action = try store.actions()[record.uid] ?? ReminderAction(uid: record.uid)
      action.doneAt = now
      let next = record.cancelled(at: now)
      try change.revise([next]) {
        try store.save(
          action: action, records: [next],
          history: [Delivery(next, round: action.round, at: now, outcome: .skipped, reason: "marked done")])
      }
      return next
    }
  }

  /// Takes back a `done`: the reminder is planned again, as if it had never been marked (so a
  /// session since still silences it), and comes back in both outputs with a higher SEQUENCE.
  public func undoDone(uid: String) throws -> ReminderRecord {
    try workspace.change(outputDirectory: outputDirectory) { change in
      let store = change.store
      let record = try Self.reminder(uid, in: store)
      var actions = try store.actions()
      guard var action = actions[record.uid], action.doneAt != nil else {
        throw SpotterAppError.reminderState(
          uid: record.uid,
          reason: Phrase(
            "is not marked done, so there is nothing to undo",
            de: "ist nicht als erledigt markiert, es gibt nichts zurückzunehmen"))
      }
      guard record.end > workspace.now else {
        throw SpotterAppError.reminderState(
          uid: record.uid,
          reason: Phrase(
            "cannot undo a reminder that is over", de: "ist vorbei und kann nicht zurückgenommen werden"))
      }
      action.doneAt = nil
      actions[record.uid] = action
      let (outcome, _) = try change.plan(
        .from(record.date, count: 1), overrides: PlanOverrides(actions: actions)
      ) {
        try store.save(action: action, records: $0.changed, findings: $0.findings)
      }
      return outcome.records.first { $0.uid == record.uid } ?? record
    }
  }

  /// Takes `date` off (or, with `undo`, puts it back): its workout and rest-day reminders are
  /// cancelled (or planned again); focus blocks stay.
  public func skip(_ date: LocalDate, undo: Bool) throws -> PlanOutcome {
    guard date >= workspace.today else {
      throw SpotterAppError.invalidOption(
        option: "<day>", value: date.description,
        reason: Phrase("date is in the past:", de: "der Tag liegt in der Vergangenheit:"))
    }
    try workspace.checkReach(date, option: "<day>", value: date.description)
    return try workspace.change(outputDirectory: outputDirectory) { change in
      let store = change.store
      var skipped = try store.skippedDays()
      // Undoing a day never skipped would plan it from nothing: a reminder nobody asked for.
      guard !undo || skipped.contains(date) else {
        throw SpotterAppError.invalidOption(
          option: "<day>", value: date.description,
          reason: Phrase(
            "was not skipped, so there is nothing to undo:",
            de: "wurde nicht ausgelassen, es gibt nichts zurückzunehmen:"))
      }
      if undo { skipped.remove(date) } else { skipped.insert(date) }
      return try change.plan(.from(date, count: 1), overrides: PlanOverrides(skipped: skipped)) {
        try store.save(skip: (date, !undo, now), records: $0.changed, findings: $0.findings)
      }.outcome
    }
  }

  /// Whether `date` is taken off already, so that a second `skip` can say so.
  public func isSkipped(_ date: LocalDate) throws -> Bool {
    try workspace.store.read { try $0.skippedDays().contains(date) }
  }

  /// The reminder `id` names, if it can still take `action` (English, and German as a past
  /// participle: "snooze", "verschoben").
  private func confirmed(_ id: String, _ change: StoreChange, action: (en: String, de: String)) throws
    -> ReminderRecord
  {
    let store = change.store
    let record = try keptOrPlanned(id, change)
    let uid = record.uid
    guard record.status == .confirmed else {
      if try store.actions()[uid]?.doneAt != nil {
        throw SpotterAppError.reminderState(
          uid: uid,
          reason: Phrase(
            "is already done; 'spotter done \(uid) --undo' takes that back",
            de: "ist schon erledigt; 'spotter done \(uid) --undo' nimmt das zurück"))
      }
      throw SpotterAppError.reminderState(
        uid: uid,
        reason: Phrase(
          "cannot \(action.en) a cancelled reminder", de: "ist abgesagt und kann nicht \(action.de) werden"))
    }
    guard record.end > workspace.now else {
      throw SpotterAppError.reminderState(
        uid: uid,
        reason: Phrase(
          "cannot \(action.en) a reminder that is over",
          de: "ist vorbei und kann nicht mehr \(action.de) werden"))
    }
    return record
  }

  /// The stored reminder `id` names or, when none is stored yet but `plan` shows one for the day
  /// the UID names (a day the nightly run has not planned yet), that day planned and kept first,
  /// in the outputs too: acting on what `plan` shows must work.
  private func keptOrPlanned(_ id: String, _ change: StoreChange) throws -> ReminderRecord {
    let store = change.store
    do {
      return try Self.reminder(id, in: store)
    } catch SpotterAppError.unknownReminder {
      guard let date = Self.date(in: id), date >= workspace.today,
        abs(workspace.today.days(until: date)) <= Workspace.planningReachDays
      else { throw SpotterAppError.unknownReminder(uid: id) }
      // Planned, and kept only when it shows the reminder: otherwise nothing is saved.
      struct NotPlanned: Error {}
      do {
        try change.plan(.from(date, count: 1)) { outcome in
          guard outcome.records.contains(where: { $0.uid.hasPrefix(id) }) else { throw NotPlanned() }
          try store.save(records: outcome.changed, findings: outcome.findings)
        }
      } catch is NotPlanned {
        throw SpotterAppError.unknownReminder(uid: id)
      }
      return try Self.reminder(id, in: store)
    }
  }

  /// The first `YYYY-MM-DD` in a UID or its prefix: the day the reminder belongs to.
  static func date(in id: String) -> LocalDate? {
    let characters = Array(id)
    guard characters.count >= 10 else { return nil }
    for start in 0...(characters.count - 10) {
      if let date = LocalDate(parsing: String(characters[start..<start + 10])) { return date }
    }
    return nil
  }

  /// The one stored reminder whose UID is `id` or starts with it.
  static func reminder(_ id: String, in store: Store) throws -> ReminderRecord {
    let found = try store.reminders(matching: id)
    guard found.count <= 1 else {
      throw SpotterAppError.ambiguousReminder(id: id, candidates: found.map(\.uid))
    }
    guard let record = found.first else {
      // Prefixes are looked up from four characters: a shorter one is not "no such reminder".
      if id.count < 4 { throw SpotterAppError.shortPrefix(what: "reminder", id: id, minimum: 4) }
      throw SpotterAppError.unknownReminder(uid: id)
    }
    return record
  }
}
