import Foundation
import SpotterApp
import SpotterCore
import Testing

/// Issue 46's scenarios that turn on what a person did with their reminders, lived night by
/// night through the services the commands call: each evening's nightly run, each reminder fired
/// at its time and ignored, snoozed or followed by a session, and `spotter skip`.
@Suite struct ReactionScenarioTests {
  /// One simulated person: their export so far and their sandbox, in Berlin.
  final class Life {
    let box: AppSandbox
    var sessions: [(LocalDate, Int)]

    init(_ sessions: [(LocalDate, Int)]) throws {
      box = try AppSandbox(
        config: "timezone = \"Europe/Berlin\"\n[notify]\ncommands = [\"true\"]\n")
      self.sessions = sessions
    }

    let clock = ZoneClock(timeZone: TimeZone(identifier: "Europe/Berlin")!)

    /// `minute` of `date` in Berlin, summer or winter, as `--now` takes it.
    func instant(_ date: LocalDate, _ minute: Int) -> String {
      Self.iso(clock.instant(date, LocalTime(minuteOfDay: minute)))
    }

    static func iso(_ instant: Date) -> String {
      let formatter = ISO8601DateFormatter()
      formatter.timeZone = TimeZone(identifier: "UTC")
      return formatter.string(from: instant)
    }

    /// The evening before `date`: the export so far is imported and the coming days planned;
    /// returns `date`'s workout reminder, if any.
    func night(before date: LocalDate) throws -> ReminderRecord? {
      let history = try box.strongExport(sessions)
      let workspace = try box.workspace(at: instant(date.adding(days: -1), 21 * 60 + 30))
      _ = try NightlyRunner(workspace: workspace).run(
        histories: [history], horizon: .coming(count: 2), outputDirectory: box.out)
      return try workspace.store.read { try $0.reminders(kinds: [.workout]) }
        .first { $0.date == date && $0.status != .cancelled }
    }

    func minute(_ instant: Date) -> Int { clock.local(instant).secondOfDay / 60 }

    /// Delivers `reminder` at its alarm, as its agenda line would.
    func fire(_ reminder: ReminderRecord) throws {
      let workspace = try box.workspace(at: Self.iso(reminder.fire))
      _ = try FireService(workspace: workspace).fire(uid: reminder.uid)
    }

    func snooze(_ reminder: ReminderRecord, minutes: Int) throws {
      let workspace = try box.workspace(at: Self.iso(reminder.fire.addingTimeInterval(60)))
      _ = try ReminderActionService(workspace: workspace, outputDirectory: box.out)
        .snooze(uid: reminder.uid, seconds: minutes * 60)
    }

    func skip(_ date: LocalDate) throws {
      let workspace = try box.workspace(at: instant(date, 8 * 60))
      _ = try ReminderActionService(workspace: workspace, outputDirectory: box.out).skip(date, undo: false)
    }
  }

  func days(from start: String, to end: String, on weekdays: Set<Weekday>) -> [LocalDate] {
    let first = LocalDate(parsing: start)!
    return (0..<first.days(until: LocalDate(parsing: end)!)).map { first.adding(days: $0) }
      .filter { weekdays.contains($0.weekday) }
  }

  /// Mon/Tue/Thu evenings; two Tuesday reminders fired and ignored; then every Tuesday trained.
  /// The weekday is reminded again by the second trained Tuesday, in time.
  @Test func aSilencedWeekdayIsRemindedAgainByTheSecondTrainedWeek() throws {
    let life = try Life(
      days(from: "2026-08-03", to: "2026-10-12", on: [.monday, .tuesday, .thursday]).map { ($0, 18 * 60) })
    var alarms: [(date: LocalDate, alarm: Int?)] = []
    for date in days(from: "2026-10-12", to: "2026-11-18", on: [.monday, .tuesday, .thursday]) {
      let reminder = try life.night(before: date)
      let ignored = date == LocalDate(parsing: "2026-10-13")! || date == LocalDate(parsing: "2026-10-20")!
      if let reminder { try life.fire(reminder) }
      if !ignored { life.sessions.append((date, 18 * 60)) }
      if date.weekday == .tuesday, !ignored { alarms.append((date, reminder.map { life.minute($0.fire) })) }
    }
    #expect(alarms.count == 4)
    for (date, alarm) in alarms.dropFirst() {
      #expect(
        alarm.map { (0...90).contains(18 * 60 - $0) } == true, "\(date): alarm \(String(describing: alarm))")
    }
  }

  /// Mon/Wed/Fri at 18:00; three Mondays snoozed and started that much later; then Mondays at
  /// 18:00 again. From the second normal Monday, no alarm comes after the start. An hour's
  /// snoozes drew the learned start later too, and the alarm moved on from there came at 18:15
  /// on the normal Mondays after the first.
  @Test(arguments: [40, 60])
  func afterSnoozingStopsNoAlarmIsLateFromTheSecondNormalWeek(snoozeMinutes: Int) throws {
    let life = try Life(
      days(from: "2026-08-03", to: "2026-10-05", on: [.monday, .wednesday, .friday]).map { ($0, 18 * 60) })
    let snoozed = Set(["2026-10-05", "2026-10-12", "2026-10-19"].compactMap(LocalDate.init(parsing:)))
    var mondays: [(LocalDate, Int?)] = []
    for date in days(from: "2026-10-05", to: "2026-11-17", on: [.monday, .wednesday, .friday]) {
      let reminder = try life.night(before: date)
      if let reminder {
        try life.fire(reminder)
        if snoozed.contains(date) { try life.snooze(reminder, minutes: snoozeMinutes) }
      }
      life.sessions.append((date, snoozed.contains(date) ? 18 * 60 + snoozeMinutes : 18 * 60))
      if date.weekday == .monday, !snoozed.contains(date) {
        mondays.append((date, reminder.map { life.minute($0.fire) }))
      }
    }
    #expect(mondays.count >= 3)
    for (date, alarm) in mondays.dropFirst() {
      let alarm = try #require(alarm, "no reminder on \(date)")
      #expect(alarm <= 18 * 60, "\(date): alarm \(alarm) after the 18:00 start")
    }
  }

  /// Mon/Tue/Wed evenings; a Tuesday reminder ignored and the Wednesday skipped: Thursday, never
  /// trained, gets no reminder.
  @Test func aWeekdayNeverTrainedIsNotRemindedAfterReactions() throws {
    let life = try Life(
      days(from: "2026-09-21", to: "2026-11-16", on: [.monday, .tuesday, .wednesday]).map { ($0, 18 * 60) })
    let monday = LocalDate(parsing: "2026-11-16")!
    _ = try life.night(before: monday)
    life.sessions.append((monday, 18 * 60))
    let tuesday = monday.adding(days: 1)
    if let reminder = try life.night(before: tuesday) { try life.fire(reminder) }
    let wednesday = tuesday.adding(days: 1)
    _ = try life.night(before: wednesday)
    try life.skip(wednesday)
    #expect(try life.night(before: wednesday.adding(days: 1)) == nil)
  }
}
