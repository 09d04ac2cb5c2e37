import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

@Suite struct CrontabWriterTests {
  let horizon = Horizon(start: TestZones.date("2026-11-23"), days: 1)
  let now = TestZones.instant("2026-11-22T21:30:00+01:00")

  func event(
    title: String = "Workout Time!", body: String = "Today: Push Day", start: String, fire: Int = -1800
  )
    -> Event
  {
    let begin = TestZones.instant(start)
    return Event(
      uid: "workout-reminder-2026-11-23@spotter", kind: .workout, sequence: 0, stamp: now, start: begin,
      end: begin.addingTimeInterval(3600), summary: title, description: body, categories: ["Spotter"],
      status: .confirmed, alarms: [Alarm(description: title, trigger: Trigger(offsetSeconds: fire))])
  }

  @Test func writesOneLinePerAlarmInTheCronZone() throws {
    let writer = CrontabWriter(
      commandTemplate: Settings.defaultAgendaCommand,
      fireCommand: "/usr/bin/spotter fire --db /home/me/spotter.sqlite --quiet", cronZone: TestZones.berlin,
      calendarZone: TestZones.berlin)
    let text = writer.write(events: [event(start: "2026-11-23T18:00:00+01:00")], horizon: horizon, now: now)
    try assertSnapshot(text, named: "berlin.crontab")
    let utc = CrontabWriter(
      commandTemplate: "notify-send {title}", cronZone: TimeZone(identifier: "UTC")!,
      calendarZone: TestZones.berlin)
    let line = utc.write(events: [event(start: "2026-11-23T18:00:00+01:00")], horizon: horizon, now: now)
      .split(separator: "\n").last!
    #expect(line == "30 16 23 11 * notify-send 'Workout Time!' # spotter:workout-reminder-2026-11-23@spotter")
  }

  /// cron refuses a whole crontab for one command of 999 bytes: a workout named with a paragraph,
  /// in a template with `{title} {body}`, has the longer text cut short with "…" (whole
  /// characters, quotes and `%` still escaped) so the line fits, the other kept whole; a line
  /// that cannot fit even without its texts becomes a comment, left to the catch-up line.
  @Test(arguments: ["Push Day ", "Bankdrücken 💪🏽 ", "100% 'A' ", "a\r\nb "])
  func aLineLongerThanCronTakesIsCutToFit(_ piece: String) throws {
    let writer = CrontabWriter(
      commandTemplate: "notify-send {title} {body}", cronZone: TestZones.berlin,
      calendarZone: TestZones.berlin)
    let long = String(repeating: piece, count: 400)
    let hostile = event(title: "Workout Time: " + long, start: "2026-11-23T18:00:00+01:00")
    let line = try #require(
      writer.write(events: [hostile], horizon: horizon, now: now).split(separator: "\n").last)
    let command = line.split(separator: " ", maxSplits: 5).last!
    #expect(
      command.utf8.count <= CrontabWriter.longestCommand && command.utf8.count > 900, "\(command.utf8.count)")
    #expect(command.hasPrefix("notify-send 'Workout Time: \(piece.prefix(1))"))
    #expect(
      command.hasSuffix("…' 'Today: Push Day' # spotter:workout-reminder-2026-11-23@spotter"), "\(command)")
    // Both long: the longer goes first, then the other.
    let both = event(title: long, body: long + long, start: "2026-11-23T18:00:00+01:00")
    let fitted = try #require(writer.fittedCommand(for: both, title: long))
    #expect(fitted.utf8.count <= CrontabWriter.longestCommand)
    let tooLong = CrontabWriter(
      commandTemplate: "{fire} {uid}",
      fireCommand: "/usr/bin/spotter fire --db /" + String(repeating: "d", count: 1000),
      cronZone: TestZones.berlin, calendarZone: TestZones.berlin)
    let text = tooLong.write(events: [hostile], horizon: horizon, now: now)
    #expect(
      text.hasSuffix(
        "# workout-reminder-2026-11-23@spotter: its line would be longer than the 998 bytes cron takes after the time (the paths in it are); the catch-up line delivers it\n"
      ))
  }

  @Test func theFireCommandGoesInVerbatimWithItsPercentSignsEscaped() {
    let writer = CrontabWriter(
      commandTemplate: "{fire} {uid}", fireCommand: "'/opt/100% spotter/spotter' fire --quiet",
      cronZone: TestZones.berlin, calendarZone: TestZones.berlin)
    let line = writer.write(events: [event(start: "2026-11-23T18:00:00+01:00")], horizon: horizon, now: now)
      .split(separator: "\n").last!
    #expect(
      line
        == #"30 17 23 11 * '/opt/100\% spotter/spotter' fire --quiet 'workout-reminder-2026-11-23@spotter' # spotter:workout-reminder-2026-11-23@spotter"#
    )
  }

  @Test func hostileNamesAreQuotedAndPercentEscaped() throws {
    let writer = CrontabWriter(
      commandTemplate: "notify-send {title} {body}", cronZone: TestZones.berlin,
      calendarZone: TestZones.berlin)
    let hostile = event(body: "Today: Push %Day 'A'; $(rm -rf ~)", start: "2026-11-23T18:00:00+01:00")
    let line = String(
      writer.write(events: [hostile], horizon: horizon, now: now).split(separator: "\n").last!)
    #expect(
      line
        == #"30 17 23 11 * notify-send 'Workout Time!' 'Today: Push \%Day '\''A'\''; $(rm -rf ~)' # spotter:workout-reminder-2026-11-23@spotter"#
    )
    // What cron hands to /bin/sh (with `\%` turned back into `%`) prints the text verbatim.
    let command = line.split(separator: " ", maxSplits: 5)[5]
      .replacingOccurrences(of: "notify-send", with: "printf '%s|'")
      .replacingOccurrences(of: "\\%", with: "%")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    process.waitUntilExit()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(output == "Workout Time!|Today: Push %Day 'A'; $(rm -rf ~)|")
  }

  @Test func pastAlarmsAndCancelledEventsGetNoLine() {
    let writer = CrontabWriter(
      commandTemplate: Settings.defaultAgendaCommand, cronZone: TestZones.berlin,
      calendarZone: TestZones.berlin)
    var cancelled = event(start: "2026-11-23T18:00:00+01:00")
    cancelled.status = .cancelled
    let late = TestZones.instant("2026-11-23T17:45:00+01:00")
    #expect(!writer.write(events: [cancelled], horizon: horizon, now: now).contains("spotter:"))
    #expect(
      !writer.write(events: [event(start: "2026-11-23T18:00:00+01:00")], horizon: horizon, now: late)
        .contains("spotter:"))
  }

  @Test func secondOccurrenceInAnOverlapIsLeftToTheCatchUpLine() {
    // 02:30 CET on 2026-10-25 is the second 02:30 in Berlin; cron runs only the first, so no line
    // can name it, and a line past the overlap would be 30 minutes late.
    let writer = CrontabWriter(
      commandTemplate: "true", cronZone: TestZones.berlin, calendarZone: TestZones.berlin)
    let second = TestZones.instant("2026-10-25T02:30:00+01:00")
    #expect(writer.cronFireTime(second) == nil)
    let first = TestZones.instant("2026-10-25T02:30:00+02:00")
    #expect(writer.cronFireTime(first)?.description == "2026-10-25T02:30:00")
    let text = writer.write(
      events: [event(start: "2026-10-25T02:40:00+01:00", fire: -600)],
      horizon: Horizon(start: TestZones.date("2026-10-25"), days: 1),
      now: TestZones.instant("2026-10-24T21:30:00+02:00"))
    #expect(!text.contains("# spotter:"))
    #expect(
      text.contains(
        "fires at the second 02:30 of 2026-10-25, which cron cannot name: the catch-up line delivers it"))
  }

  /// A fire time with seconds or a fraction (a block added `+2h` from a shell clock) used to send
  /// the overlap walk on forever; it is the minute that holds it, in and out of an overlap.
  @Test(arguments: [
    ("2026-11-23T12:00:17+01:00", "2026-11-23T12:00:00"),
    ("2026-11-23T12:00:59.75+01:00", "2026-11-23T12:00:00"),
    ("2026-11-23T00:00:00.5+01:00", "2026-11-23T00:00:00"),
    ("2026-10-25T02:30:41+02:00", "2026-10-25T02:30:00"),
    ("2026-03-29T03:00:12+02:00", "2026-03-29T03:00:00"),
  ])
  func fireTimesWithSecondsReadAsTheirMinute(fire: String, expected: String) {
    let writer = CrontabWriter(
      commandTemplate: "true", cronZone: TestZones.berlin, calendarZone: TestZones.berlin)
    #expect(writer.cronFireTime(TestZones.instant(fire))?.description == expected)
  }
}
