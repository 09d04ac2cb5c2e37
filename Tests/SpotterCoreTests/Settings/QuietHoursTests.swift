import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterCore

@Suite struct QuietHoursTests {
  let quiet = QuietHours(start: LocalTime(hour: 22, minute: 0), end: LocalTime(hour: 7, minute: 0))
  let clock = TestZones.berlinClock

  @Test func spansMidnight() {
    #expect(quiet.contains(LocalTime(hour: 23, minute: 0)))
    #expect(quiet.contains(LocalTime(hour: 3, minute: 0)))
    #expect(!quiet.contains(LocalTime(hour: 7, minute: 0)))
    #expect(!quiet.contains(LocalTime(hour: 21, minute: 59)))
  }

  @Test func movesEveningAlarmsToNextMorning() {
    let late = TestZones.instant("2026-11-22T23:15:00+01:00")
    #expect(quiet.adjust(late, clock: clock) == TestZones.instant("2026-11-23T07:00:00+01:00"))
    let early = TestZones.instant("2026-11-23T05:00:00+01:00")
    #expect(quiet.adjust(early, clock: clock) == TestZones.instant("2026-11-23T07:00:00+01:00"))
    let fine = TestZones.instant("2026-11-23T17:30:00+01:00")
    #expect(quiet.adjust(fine, clock: clock) == fine)
  }

  @Test func germanCompoundsJoinWithHyphens() {
    #expect(ReminderTexts.germanWorkoutCompound("Push Day") == "Push-Workout")
    #expect(ReminderTexts.germanWorkoutCompound("Oberkörper A") == "Oberkörper-A-Workout")
    #expect(ReminderTexts.germanWorkoutCompound("Beine") == "Beine-Workout")
  }
}
