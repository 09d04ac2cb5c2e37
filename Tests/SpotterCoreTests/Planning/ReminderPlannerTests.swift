import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterCore

@Suite struct ReminderPlannerTests {
  let clock = TestZones.berlinClock
  let now = TestZones.instant("2026-11-22T21:30:00+01:00")
  let habit = SessionFactory.pushPullLegs

  func plan(
    _ settings: Settings, sessions: [Session]? = nil, from: String = "2026-11-23", days: Int = 1,
    now: Date? = nil, skipped: Set<LocalDate> = []
  ) -> Plan {
    let sessions = sessions ?? habit
    let zone = ZoneClock(timeZone: settings.timeZone)
    let at = now ?? self.now
    let pattern = PatternLearner().learn(from: sessions, today: zone.localDate(at), clock: zone)
    return ReminderPlanner(settings: settings).plan(
      sessions: sessions, pattern: pattern, horizon: Horizon(start: TestZones.date(from), days: days),
      now: at,
      skipped: skipped)
  }

  /// Tomorrow in a silence, and not reminded: its note says why, not "rest day"; the days after
  /// keep the rest-day note, and a weekday never trained is a rest day whatever the silence.
  @Test func anUnremindedDayInASilenceSaysSo() {
    let settings = Settings(timeZone: TestZones.berlin)
    var pattern = PatternLearner().learn(from: habit, today: TestZones.date("2026-11-22"), clock: clock)
    pattern.silentSince = TestZones.date("2026-11-13")
    for index in pattern.weekdays.indices { pattern.weekdays[index].confidence = 0.1 }
    let plan = ReminderPlanner(settings: settings).plan(
      sessions: habit, pattern: pattern, horizon: Horizon(start: TestZones.date("2026-11-23"), days: 3),
      now: now)
    #expect(plan.reminders.isEmpty)
    #expect(
      plan.notes.map(\.text) == [
        "nothing since 2026-11-13, longer than you usually leave: taken as a week off",
        "rest day, no reminder asked for", "rest day, no reminder asked for",
      ])
    pattern.weekdays[0].sessionCount = 0
    let never = ReminderPlanner(settings: settings).plan(
      sessions: habit, pattern: pattern, horizon: Horizon(start: TestZones.date("2026-11-23"), days: 1),
      now: now)
    #expect(never.notes.map(\.text) == ["rest day, no reminder asked for"])
    #expect(
      ReminderTexts(language: .de, privacy: .standard).silenceNote(TestZones.date("2026-11-13"))
        == "nichts seit 2026-11-13, länger als du sonst pausierst: zählt als Woche Pause")
  }

  @Test func learnedDayFiresLeadTimeBeforeUsualStart() throws {
    let plan = plan(Settings(timeZone: TestZones.berlin))
    let reminder = try #require(plan.reminders.first)
    #expect(plan.reminders.count == 1)
    #expect(reminder.uid == "workout-reminder-2026-11-23@spotter")
    #expect(reminder.start == TestZones.instant("2026-11-23T18:00:00+01:00"))
    #expect(reminder.fire == TestZones.instant("2026-11-23T17:30:00+01:00"))
    #expect(reminder.title == "Workout Time: Push Day!")
    #expect(reminder.body == "You usually start at 18:00. Ready?")
  }

  @Test func aScatteredStartKeepsTheEventAtTheUsualStartAndTheAlarmEarlier() throws {
    // Mondays at 17:40, 18:00 and 18:20 in turn: the person usually starts at 18:00, and the
    // alarm keeps 25 minutes before the earliest (17:15), not the 30-minute lead before the usual
    // start (17:30), which came after the 17:40 starts.
    let times = ["17:40", "18:00", "18:20"]
    let sessions = (1...9).map { week in
      SessionFactory.session(
        TestZones.date("2026-11-23").adding(days: -7 * week).description, times[week % 3], name: "Push Day")
    }
    let plan = plan(Settings(timeZone: TestZones.berlin), sessions: sessions)
    let reminder = try #require(plan.reminders.first)
    #expect(reminder.start == TestZones.instant("2026-11-23T18:00:00+01:00"))
    #expect(reminder.fire == TestZones.instant("2026-11-23T17:15:00+01:00"))
    #expect(reminder.body == "You usually start at 18:00. Ready?")
    #expect(plan.sessions.first?.start == reminder.start)
  }

  @Test func dateOnlyHistoryLearnsTheDaysAndRemindsAtThePreferredTime() throws {
    // FitNotes for Android: every session starts at local midnight, with no time of day.
    let dateOnly = habit.map { session -> Session in
      var copy = session
      copy.start = clock.startOfDay(clock.localDate(session.start))
      copy.end = nil
      copy.hasTimeOfDay = false
      return copy
    }
    let pattern = PatternLearner().learn(from: dateOnly, today: TestZones.date("2026-11-22"), clock: clock)
    #expect(pattern.trainingDays(minimumConfidence: 0.5) == [.monday, .wednesday, .friday])
    #expect(pattern[.monday].plannedStart == nil)
    #expect(pattern[.monday].dateOnlySessions == 8)
    #expect(pattern.heat.joined().allSatisfy { $0 == 0 })
    var settings = Settings(timeZone: TestZones.berlin)
    settings.reminders.preferredTime = LocalTime(hour: 17, minute: 0)
    let reminder = try #require(plan(settings, sessions: dateOnly).reminders.first)
    #expect(reminder.start == TestZones.instant("2026-11-23T17:00:00+01:00"))
    #expect(reminder.reason.contains("preferred time 17:00"))
    // One timed session on a day wins over the day's date-only one.
    let mixed =
      dateOnly + [
        SessionFactory.session("2026-11-16", "18:20"), SessionFactory.session("2026-11-09", "18:20"),
      ]
    let learned = PatternLearner().learn(from: mixed, today: TestZones.date("2026-11-22"), clock: clock)
    #expect(learned[.monday].plannedStart != nil)
  }

  @Test func germanTextsFollowSeed000() throws {
    let plan = plan(Settings(timeZone: TestZones.berlin, language: .de))
    let reminder = try #require(plan.reminders.first)
    #expect(reminder.title == "Zeit für dein Push-Workout! 💪")
    #expect(reminder.body == "Du trainierst normalerweise um 18:00. Bereit?")
  }

  @Test func minimalPrivacyKeepsNamesOut() throws {
    let plan = plan(Settings(timeZone: TestZones.berlin, privacy: .minimal))
    let reminder = try #require(plan.reminders.first)
    #expect(reminder.title == "Workout Time!" && !reminder.body.contains("Push"))
  }

  @Test func programDayWithoutHistoryUsesPreferredTime() throws {
    let settings = Settings(timeZone: TestZones.berlin, program: [.tuesday: "Cardio"])
    let plan = plan(settings, sessions: [], from: "2026-11-24")
    let reminder = try #require(plan.reminders.first)
    #expect(reminder.start == TestZones.instant("2026-11-24T09:00:00+01:00"))
    #expect(reminder.fire == TestZones.instant("2026-11-24T08:30:00+01:00"))
    #expect(reminder.title == "Workout Time: Cardio!" && reminder.body == "Planned for 09:00. Ready?")
  }

  @Test func noReminderWhenOffDisabledOrAlreadyTrained() {
    var off = Settings(timeZone: TestZones.berlin)
    off.reminders.enabled = false
    #expect(plan(off).reminders.isEmpty)

    var disabled = Settings(timeZone: TestZones.berlin)
    disabled.reminders.weekdays = [.tuesday]
    #expect(plan(disabled).reminders.isEmpty)
    #expect(plan(disabled).notes.first?.text == "mon is disabled")

    let trainedToday = habit + [SessionFactory.session("2026-11-23", "07:00")]
    let morning = TestZones.instant("2026-11-23T08:00:00+01:00")
    let today = plan(
      Settings(timeZone: TestZones.berlin), sessions: trainedToday, from: "2026-11-23", now: morning)
    #expect(today.reminders.isEmpty)
    #expect(today.notes.first?.text == "already trained")
  }

  @Test func restDayReminderWhenAskedFor() throws {
    var settings = Settings(timeZone: TestZones.berlin)
    settings.restDay.enabled = true
    let plan = plan(settings, from: "2026-11-24")
    let reminder = try #require(plan.reminders.first)
    #expect(reminder.kind == .restDay)
    #expect(reminder.uid == "rest-day-reminder-2026-11-24@spotter")
    #expect(reminder.fire == TestZones.instant("2026-11-24T20:00:00+01:00"))
    #expect(reminder.title == "Rest Day")
  }

  /// Two sessions are no pattern: the days without a reminder say so, instead of "rest day, no
  /// reminder asked for", and no rest-day reminder guesses at a new person's rest days. A
  /// `[program]` still reminds its days, and its other days are rest days.
  @Test func beforeThreeTrainingDaysNoDayIsCalledARestDay() throws {
    let two = [SessionFactory.session("2026-11-18", "17:55"), SessionFactory.session("2026-11-20", "17:55")]
    var settings = Settings(timeZone: TestZones.berlin)
    settings.restDay.enabled = true
    let early = plan(settings, sessions: two, from: "2026-11-23", days: 7)
    #expect(early.reminders.isEmpty)
    #expect(early.notes.count == 7)
    #expect(
      early.notes.allSatisfy {
        $0.text
          == "no pattern yet: fewer than 3 training days logged; a [program] in the config is reminded from the start"
      })
    let german = plan(Settings(timeZone: TestZones.berlin, language: .de), sessions: two, from: "2026-11-23")
    #expect(
      german.notes.map(\.text) == [
        "noch kein Muster: weniger als 3 Trainingstage erfasst; ein [program] in der Konfiguration wird von Anfang an erinnert"
      ])
    settings.program = [.tuesday: "Cardio"]
    let planned = plan(settings, sessions: two, from: "2026-11-23", days: 3)
    #expect(planned.reminders.map(\.kind) == [.restDay, .workout, .restDay])
    // With a third training day the history is a pattern, and the usual note is back.
    let three = two + [SessionFactory.session("2026-11-16", "17:55")]
    let learned = plan(Settings(timeZone: TestZones.berlin), sessions: three, from: "2026-11-23", days: 7)
    #expect(!learned.notes.contains { $0.text.hasPrefix("no pattern yet") })
  }

  @Test func restDayReminderAfterThreeTrainingDaysInARow() throws {
    let sessions = SessionFactory.weekly(
      [.monday, .tuesday, .wednesday], at: "18:00", weeks: 6, until: "2026-11-26")
    let evening = TestZones.instant("2026-11-25T21:00:00+01:00")
    let settings = Settings(timeZone: TestZones.berlin, language: .de)
    let plan = plan(settings, sessions: sessions, from: "2026-11-26", now: evening)
    let reminder = try #require(plan.reminders.first)
    #expect(reminder.kind == .restDay)
    #expect(reminder.title == "Guter Rest Day! 🌙")
    #expect(reminder.body == "3 Tage Training in Folge. Regeneration ist wichtig!")
  }

  @Test func plannedDaysCountTowardsTheStreak() {
    let sessions = SessionFactory.weekly(
      [.friday, .saturday, .sunday], at: "10:00", weeks: 6, until: "2026-11-20")
    let thursday = TestZones.instant("2026-11-19T21:00:00+01:00")
    let plan = plan(
      Settings(timeZone: TestZones.berlin), sessions: sessions, from: "2026-11-20", days: 4, now: thursday)
    #expect(
      plan.reminders.map(\.uid) == [
        "workout-reminder-2026-11-20@spotter", "workout-reminder-2026-11-21@spotter",
        "workout-reminder-2026-11-22@spotter", "rest-day-reminder-2026-11-23@spotter",
      ])
  }

  @Test func aSkippedDayBreaksTheStreak() {
    let sessions = SessionFactory.weekly(
      [.friday, .saturday, .sunday], at: "10:00", weeks: 6, until: "2026-11-20")
    let thursday = TestZones.instant("2026-11-19T21:00:00+01:00")
    let plan = plan(
      Settings(timeZone: TestZones.berlin), sessions: sessions, from: "2026-11-20", days: 4, now: thursday,
      skipped: [TestZones.date("2026-11-21")])
    #expect(
      plan.reminders.map(\.uid) == [
        "workout-reminder-2026-11-20@spotter", "workout-reminder-2026-11-22@spotter",
      ])
  }

  /// Upper and lower body in turn on three weekdays: the rotation names them, and a skipped day
  /// gives its turn to the next training day instead of skipping a program day.
  @Test func aSkippedDayTakesNoTurnInTheRotation() {
    let sessions = SessionFactory.weekly(
      [.monday, .wednesday, .friday], at: "18:00", weeks: 8, until: "2026-11-22"
    )
    .enumerated().map { index, session in
      var session = session
      session.workoutName = index.isMultiple(of: 2) ? "Upper" : "Lower"
      return session
    }
    let settings = Settings(timeZone: TestZones.berlin)
    let names = { (plan: Plan) in plan.reminders.map { "\($0.date) \($0.workoutName ?? "-")" } }
    let week = plan(settings, sessions: sessions, days: 5)
    #expect(names(week) == ["2026-11-23 Upper", "2026-11-25 Lower", "2026-11-27 Upper"])
    let skipped = plan(settings, sessions: sessions, days: 5, skipped: [TestZones.date("2026-11-25")])
    #expect(names(skipped) == ["2026-11-23 Upper", "2026-11-27 Lower"])
  }

  @Test func quietHoursMoveTheAlarmToTheirEnd() throws {
    let sessions = SessionFactory.weekly([.monday], at: "06:30", weeks: 6, until: "2026-11-22")
    var settings = Settings(timeZone: TestZones.berlin)
    settings.quietHours = QuietHours(
      start: LocalTime(hour: 22, minute: 0), end: LocalTime(hour: 6, minute: 15))
    let reminder = try #require(plan(settings, sessions: sessions).reminders.first)
    #expect(reminder.start == TestZones.instant("2026-11-23T06:30:00+01:00"))
    #expect(reminder.fire == TestZones.instant("2026-11-23T06:15:00+01:00"))
  }

  @Test(arguments: [
    ("Europe/Berlin", "2026-03-29", "2026-03-29T17:30:00+02:00"),
    ("Europe/Berlin", "2026-10-25", "2026-10-25T17:30:00+01:00"),
    ("America/New_York", "2026-03-08", "2026-03-08T17:30:00-04:00"),
    ("America/New_York", "2026-11-01", "2026-11-01T17:30:00-05:00"),
  ])
  func firesAtTheRightWallClockOnDSTChangeDays(zone: String, day: String, expected: String) throws {
    let timeZone = TimeZone(identifier: zone)!
    let zoneClock = ZoneClock(timeZone: timeZone)
    let sessions = SessionFactory.weekly([.sunday], at: "18:00", weeks: 8, until: day, clock: zoneClock)
    let night = zoneClock.instant(TestZones.date(day).adding(days: -1), LocalTime(hour: 21, minute: 0))
    let plan = plan(Settings(timeZone: timeZone), sessions: sessions, from: day, now: night)
    let reminder = try #require(plan.reminders.first)
    #expect(reminder.fire == TestZones.instant(expected))
    #expect(zoneClock.local(reminder.start).time == LocalTime(hour: 18, minute: 0))
  }

  @Test func alarmInsideTheSpringGapLandsAfterIt() throws {
    // Usual start 03:00 with a 45-minute lead: 02:15 does not exist on 2026-03-29 in Berlin.
    let sessions = SessionFactory.weekly([.sunday], at: "03:00", weeks: 6, until: "2026-03-29")
    var settings = Settings(timeZone: TestZones.berlin)
    settings.reminders.leadMinutes = 45
    let night = TestZones.instant("2026-03-28T21:00:00+01:00")
    let reminder = try #require(
      plan(settings, sessions: sessions, from: "2026-03-29", now: night).reminders.first)
    #expect(reminder.start == TestZones.instant("2026-03-29T03:00:00+02:00"))
    #expect(reminder.fire == TestZones.instant("2026-03-29T03:00:00+02:00").addingTimeInterval(-45 * 60))
    #expect(!clock.isInGap(clock.local(reminder.fire)))
  }

  /// A name German cannot join into one word is written as it is, not hyphenated.
  @Test func germanTitlesHyphenateOnlyWhatIsAWord() {
    #expect(ReminderTexts.germanTitle("Push Day") == "Zeit für dein Push-Workout! 💪")
    #expect(ReminderTexts.germanTitle("Oberkörper A") == "Zeit für dein Oberkörper-A-Workout! 💪")
    #expect(
      ReminderTexts.germanTitle("Upper // Ramp // Strength // 1")
        == "Zeit für dein Training: Upper // Ramp // Strength // 1 💪")
  }
}
