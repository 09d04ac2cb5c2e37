import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterCore

/// When achievements are announced: at the session's end, else at the next minute outside quiet
/// hours; once; and never for what was earned long before Spotter saw it.
@Suite struct FollowUpPlannerTests {
  typealias F = ProgressFactory
  let clock = TestZones.berlinClock

  func sessions(endingAt end: String) -> [Session] {
    var last = F.session("2026-11-20", [("Bench Press", [F.set(105, 8)])])
    last.end = TestZones.instant(end)
    return [F.session("2026-11-18", [("Bench Press", [F.set(100, 8)])]), last]
  }

  func plan(
    _ sessions: [Session], now: String, quiet: Bool = true, stored: [Achievement] = [],
    cursor: ProgressCursor<AchievementDetector.State>? = nil
  ) -> FollowUpPlanner.Result {
    var settings = Settings(timeZone: TestZones.berlin)
    if quiet {
      settings.quietHours = QuietHours(
        start: LocalTime(hour: 22, minute: 0), end: LocalTime(hour: 7, minute: 0))
    }
    let pattern = PatternLearner().learn(from: sessions, today: TestZones.date("2026-11-21"), clock: clock)
    return FollowUpPlanner(settings: settings).plan(
      sessions: sessions, pattern: pattern, upcoming: [], known: [:], achievements: stored,
      now: TestZones.instant(now), achievementCursor: cursor)
  }

  @Test func aPassedEndFiresAtTheNextMinuteOutsideQuietHours() {
    let late = plan(sessions(endingAt: "2026-11-20T21:50:00+01:00"), now: "2026-11-20T23:30:00+01:00")
    #expect(late.reminders.map { clock.local($0.fire).minuteText } == ["2026-11-21 07:00"])
    #expect(
      late.newAchievements.allSatisfy { $0.announceAt == TestZones.instant("2026-11-21T07:00:00+01:00") })
    let soon = plan(
      sessions(endingAt: "2026-11-20T19:00:00+01:00"), now: "2026-11-20T19:10:20+01:00", quiet: false)
    #expect(soon.reminders.map { clock.local($0.fire).minuteText } == ["2026-11-20 19:11"])
    #expect(soon.reminders.first?.uid == "achievement-s-2026-11-20-2026-11-20@spotter")
  }

  @Test func storedAchievementsAreNotNewAndKeepTheirTime() {
    let first = plan(sessions(endingAt: "2026-11-20T19:00:00+01:00"), now: "2026-11-20T19:10:00+01:00")
    let again = plan(
      sessions(endingAt: "2026-11-20T19:00:00+01:00"), now: "2026-11-20T20:00:00+01:00",
      stored: first.newAchievements)
    #expect(again.newAchievements.isEmpty)
    #expect(again.reminders == first.reminders)
  }

  @Test func earnedMoreThan24HoursAgoIsRecordedSilently() {
    let old = plan(sessions(endingAt: "2026-11-20T19:00:00+01:00"), now: "2026-11-21T19:00:01+01:00")
    #expect(!old.newAchievements.isEmpty)
    #expect(old.newAchievements.allSatisfy { $0.announceAt == nil })
    #expect(old.reminders.isEmpty)
  }

  /// Nights with nothing new resume from the first one's cursor: the weekly target is the habit's
  /// days, which nine days without sessions do not move from night to night, not tomorrow's
  /// confidence, which the gap since the last session does (a 104-week history went from 3 to
  /// 4 and back on alternate nights, and every session's achievements were read again each time).
  @Test func nightsWithNothingNewResumeFromTheCursor() throws {
    var history: [Session] = []
    var date = TestZones.date("2026-11-20").adding(days: -7 * 20)
    while date <= TestZones.date("2026-11-20") {
      if [.monday, .wednesday, .friday].contains(date.weekday) {
        history.append(F.session(date.description, [("Bench Press", [F.set(100, 8)])]))
      }
      date = date.adding(days: 1)
    }
    var settings = Settings(timeZone: TestZones.berlin)
    settings.achievements.consistency = true
    var cursor: ProgressCursor<AchievementDetector.State>?
    var targets: Set<Int> = []
    for day in 21...30 {
      let now = TestZones.instant("2026-11-\(day)T21:00:00+01:00")
      let pattern = PatternLearner().learn(from: history, now: now, clock: clock)
      targets.insert(pattern.habitualDays(minimumRate: settings.minimumConfidence).count)
      let result = FollowUpPlanner(settings: settings).plan(
        sessions: history, pattern: pattern, upcoming: [], known: [:], achievements: [], now: now,
        achievementCursor: cursor)
      if let cursor { #expect(result.achievementCursor?.digest == cursor.digest, "2026-11-\(day)") }
      cursor = result.achievementCursor
    }
    #expect(targets == [3])
  }

  /// Detection resumes after the sessions the last run read while they are as they were; then it
  /// finds just what a replay of everything would.
  @Test func achievementsResumeFromTheCursorWhileTheSessionsBeforeItHold() throws {
    let history = sessions(endingAt: "2026-11-20T19:00:00+01:00")
    let first = plan([history[0]], now: "2026-11-18T20:00:00+01:00")
    let cursor = try #require(first.achievementCursor)
    #expect(cursor.sessions == 1)
    let stored = first.newAchievements
    let replayed = plan(history, now: "2026-11-20T19:10:00+01:00", stored: stored)
    let resumed = plan(history, now: "2026-11-20T19:10:00+01:00", stored: stored, cursor: cursor)
    #expect(!resumed.newAchievements.isEmpty)
    #expect(resumed == replayed)
    #expect(resumed.achievementCursor?.sessions == 2)
    // A doctored cursor shows it was used: a 200 kg mark leaves 105 kg no record.
    var doctored = cursor
    doctored.state.weightMarks["bench press"]?[8]?.kilograms = 200
    doctored.state.oneRepMaxMarks["bench press"]?.kilograms = 300
    let fromDoctored = plan(history, now: "2026-11-20T19:10:00+01:00", stored: stored, cursor: doctored)
    #expect(fromDoctored.newAchievements.filter(\.kind.isRecord).isEmpty)
    // A corrected weight before the cursor is a change: detection replays and finds the record.
    var corrected = history
    corrected[0].exercises[0].sets[0].weight = 95
    let changed = plan(corrected, now: "2026-11-20T19:10:00+01:00", stored: stored, cursor: doctored)
    #expect(!changed.newAchievements.filter(\.kind.isRecord).isEmpty)
    // Nothing new: nothing is read, and the cursor stays where it was.
    let again = plan(
      history, now: "2026-11-20T20:00:00+01:00", stored: stored + resumed.newAchievements,
      cursor: resumed.achievementCursor)
    #expect(again.newAchievements.isEmpty)
    #expect(again.achievementCursor == resumed.achievementCursor)
  }

  @Test func plateausResumeFromTheCursorWhileTheSessionsBeforeItHold() throws {
    let bench = { (date: String, weight: Double) in
      F.session(date, [("Bench Press (Barbell)", [F.set(weight, 5), F.set(weight, 5)])])
    }
    let history = [bench("2026-11-02", 100), bench("2026-11-09", 100), bench("2026-11-16", 100)]
    let settings = Settings(timeZone: TestZones.berlin)
    let pattern = PatternLearner().learn(from: history, today: TestZones.date("2026-11-21"), clock: clock)
    let planner = FollowUpPlanner(settings: settings)
    let now = TestZones.instant("2026-11-21T12:00:00+01:00")
    func plan(_ sessions: [Session], _ cursor: ProgressCursor<PlateauDetector.State>?)
      -> FollowUpPlanner.Result
    {
      planner.plan(
        sessions: sessions, pattern: pattern, upcoming: [], known: [:], achievements: [], now: now,
        plateauCursor: cursor)
    }
    let first = plan(history, nil)
    let cursor = try #require(first.plateauCursor)
    #expect(cursor.state.plateaus.map(\.weight) == [100])
    // A fourth session at the same weight extends the plateau from the cursor as a replay does.
    let grown = history + [bench("2026-11-20", 100)]
    #expect(plan(grown, cursor) == plan(grown, nil))
    #expect(plan(grown, cursor).plateauCursor?.state.plateaus.first?.sessionIDs.count == 4)
    // A doctored cursor shows it was used, until a session before it changes.
    var doctored = cursor
    doctored.state.plateaus[0].weight = 90
    #expect(plan(grown, doctored).plateauCursor?.state.plateaus.map(\.weight) == [90])
    // Sessions whose sets are still packed, as the store hands them over, digest the same.
    let packed = grown.map { session in
      var packed = session
      let taken = packed.setPackedExercises(session.packedExercises)
      #expect(taken)
      return packed
    }
    #expect(plan(packed, doctored).plateauCursor?.state.plateaus.map(\.weight) == [90])
    var corrected = packed
    corrected[0].exercises[0].sets[0].weight = 97.5
    #expect(plan(corrected, doctored).plateauCursor?.state.plateaus.allSatisfy { $0.weight != 90 } == true)
  }

  /// Sessions from the store digest by their ``Session/contentDigest``, so a night may leave
  /// their sets unread; a plan that would read sets it was not given asks for them instead.
  @Test func storedSessionsDigestByTheirContentAndAPlanAsksForSetsItLacks() throws {
    let bench = { (date: String, weight: Double, digest: UInt64) in
      var session = F.session(date, [("Bench Press (Barbell)", [F.set(weight, 5), F.set(weight, 5)])])
      session.contentDigest = digest
      return session
    }
    let history = [bench("2026-11-02", 100, 1), bench("2026-11-09", 100, 2), bench("2026-11-16", 100, 3)]
    let pattern = PatternLearner().learn(from: history, today: TestZones.date("2026-11-21"), clock: clock)
    let planner = FollowUpPlanner(settings: Settings(timeZone: TestZones.berlin))
    let now = TestZones.instant("2026-11-21T12:00:00+01:00")
    func plan(_ sessions: [Session], _ result: FollowUpPlanner.Result?, withSets: Set<String>?)
      -> FollowUpPlanner.Result
    {
      planner.plan(
        sessions: sessions, pattern: pattern, upcoming: [], known: [:], achievements: [], now: now,
        achievementCursor: result?.achievementCursor, plateauCursor: result?.plateauCursor, withSets: withSets
      )
    }
    let first = plan(history, nil, withSets: nil)
    #expect(first.plateauCursor?.state.plateaus.map(\.weight) == [100] && !first.needsSets)
    // The same sessions without their sets resume from the cursors and find what the sets did.
    let unread = history.map { session in
      var unread = session
      unread.exercises = []
      return unread
    }
    #expect(plan(unread, first, withSets: []) == plan(history, first, withSets: nil))
    #expect(!plan(unread, first, withSets: []).needsSets)
    // A new session past the cursors: its sets are needed, and given, they are enough.
    let grown = unread + [bench("2026-11-20", 100, 4)]
    let newID = try #require(grown.last?.id)
    #expect(plan(grown, first, withSets: []).needsSets)
    let resumed = plan(grown, first, withSets: [newID])
    #expect(!resumed.needsSets && resumed == plan(history + [grown[3]], first, withSets: nil))
    #expect(resumed.plateauCursor?.state.plateaus.first?.sessionIDs.count == 4)
    // Without overload suggestions, no plateau is detected: achievements alone ask for them.
    var achievementsOnly = Settings(timeZone: TestZones.berlin)
    achievementsOnly.overload.enabled = false
    let detecting = FollowUpPlanner(settings: achievementsOnly)
    let known = detecting.plan(
      sessions: history, pattern: pattern, upcoming: [], known: [:], achievements: [], now: now)
    #expect(known.plateauCursor == nil && known.achievementCursor != nil)
    func detect(withSets: Set<String>) -> Bool {
      detecting.plan(
        sessions: grown, pattern: pattern, upcoming: [], known: [:], achievements: [], now: now,
        achievementCursor: known.achievementCursor, withSets: withSets
      ).needsSets
    }
    #expect(detect(withSets: []) && !detect(withSets: [newID]))
    // An old session whose content changed (its digest with it) replays from the start.
    var edited = grown
    edited[0].contentDigest = 9
    #expect(plan(edited, first, withSets: [newID]).needsSets)
    // An unfinished session's sets are read for its paused-workout reminder; it is not among
    // the completed sessions the detectors read, so nothing else is needed.
    var paused = grown
    paused[3].state = .paused
    #expect(plan(paused, first, withSets: []).needsSets)
    #expect(!plan(paused, first, withSets: [newID]).needsSets)
  }

  /// The cursor's digest names every achievement setting: changing any one replays detection.
  @Test func everyAchievementSettingEntersTheCursorDigest() {
    let base = AchievementSettings()
    var changed: [AchievementSettings] = []
    for path in [\AchievementSettings.records, \.streaks, \.consistency, \.volume] {
      var settings = base
      settings[keyPath: path].toggle()
      changed.append(settings)
    }
    var threshold = base
    threshold.recordThreshold = 5
    var reps = base
    reps.recordRepsThreshold += 1
    let keys = ([base] + changed + [threshold, reps]).map(FollowUpPlanner.digestKey)
    #expect(Set(keys).count == keys.count)
  }
}
