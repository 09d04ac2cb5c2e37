import Foundation
import SpotterApp
import SpotterCore
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Focus blocks in process: an added block is published at once, an overlap is refused.
@Suite struct FocusServiceTests {
  let morning = "2026-11-23T08:00:12+01:00"

  @Test func anAddedBlockIsPublishedAndAnOverlapIsRefusedUnlessForced() throws {
    let box = try AppSandbox()
    let service = FocusService(workspace: try box.workspace(at: morning), outputDirectory: box.out)
    let added = try service.add(
      .init(start: "14:00", end: "15:00", duration: nil), title: "Deep work", every: nil, until: nil,
      force: false)
    #expect(added.blocks.count == 1)
    #expect(added.alerts.first?.change == .new)
    #expect(try box.read(NightlyRunner.calendarFileName).contains("SUMMARY:Deep work"))
    #expect(try box.read(NightlyRunner.agendaFileName).contains("55 13 23 11 *"))

    let overlapping = FocusService(workspace: try box.workspace(at: morning), outputDirectory: box.out)
    do {
      _ = try overlapping.add(
        .init(start: "14:30", end: nil, duration: "1h"), title: nil, every: nil, until: nil, force: false)
      Issue.record("an overlapping block was added")
    } catch {
      #expect(ExitStatus.exitCode(for: error) == .dataError)
    }
    let forced = try overlapping.add(
      .init(start: "14:30", end: nil, duration: "1h"), title: nil, every: nil, until: nil, force: true)
    #expect(forced.blocks.count == 1)
    #expect(try service.list(from: nil, to: nil).count == 2)
  }

  /// A block moved keeps the title the person gave it; the one `focus add` made from its start
  /// (`Focus Block 14:00`) follows it to its new time.
  @Test func aMovedBlocksMadeTitleFollowsItsStart() throws {
    let box = try AppSandbox()
    let service = FocusService(workspace: try box.workspace(at: morning), outputDirectory: box.out)
    let made = try service.add(
      .init(start: "14:00", end: nil, duration: "1h"), title: nil, every: nil, until: nil, force: false)
    let given = try service.add(
      .init(start: "10:00", end: nil, duration: "1h"), title: "Focus Block 10:00 sharp", every: nil,
      until: nil,
      force: false)
    let moving = FocusService(workspace: try box.workspace(at: morning), outputDirectory: box.out)
    _ = try moving.move(
      id: made.blocks[0].id, to: .init(start: "16:00", end: nil, duration: nil), force: false)
    _ = try moving.move(
      id: given.blocks[0].id, to: .init(start: "11:00", end: nil, duration: nil), force: false)
    let titles = try moving.list(from: nil, to: nil).map(\.title).sorted()
    #expect(titles == ["Focus Block 10:00 sharp", "Focus Block 16:00"])
    #expect(try box.read(NightlyRunner.calendarFileName).contains("SUMMARY:Focus Block 16:00"))
  }

  /// A one-off block keeps its alert's UID wherever it moves, so one moved from a past day into
  /// the coming days continues that alert's SEQUENCE: from 0 again, a calendar holding the
  /// earlier revision would keep the old time (found by random command sequences: 0 → 0, and
  /// 1 → 0 after a second move).
  @Test func aBlockMovedFromAPastDayContinuesItsAlertsSequence() throws {
    let box = try AppSandbox()
    let added = try FocusService(workspace: try box.workspace(at: morning), outputDirectory: box.out).add(
      .init(start: "14:00", end: nil, duration: "1h"), title: "Deep work", every: nil, until: nil,
      force: false)
    #expect(added.alerts.map(\.sequence) == [0])
    let later = FocusService(
      workspace: try box.workspace(at: "2026-11-25T09:00:00+01:00"), outputDirectory: box.out)
    let moved = try later.move(
      id: added.blocks[0].id, to: .init(start: "2026-11-26 10:00", end: nil, duration: nil), force: false)
    #expect(moved.alerts.map(\.sequence) == [1])
    #expect(try box.read(NightlyRunner.calendarFileName).contains("SEQUENCE:1"))
    let again = try later.move(
      id: added.blocks[0].id, to: .init(start: "2026-11-26 11:00", end: nil, duration: nil), force: false)
    #expect(again.alerts.map(\.sequence) == [2])
  }

  /// A calendar is read whole, so one of more than 64 MB (a sparse file of 10 GB here, which
  /// filled memory until the process was killed) is refused by its size, unread, as bad input,
  /// and nothing is published.
  @Test func aHugeCalendarIsRefusedUnread() throws {
    let box = try AppSandbox()
    let path = box.dir.appendingPathComponent("huge.ics").path
    try Data("BEGIN:VCALENDAR\r\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect(truncate(path, off_t(10) << 30) == 0)
    let service = FocusService(workspace: try box.workspace(at: morning), outputDirectory: box.out)
    do {
      _ = try service.importCalendar(path: path, match: nil, days: 7)
      Issue.record("a 10 GB calendar was imported")
    } catch {
      #expect(ExitStatus.exitCode(for: error) == .dataError)
      #expect(
        "\(error)".contains("huge.ics: 10737418240 bytes, more than a calendar can be (at most 67108864)"))
    }
    #expect(!FileManager.default.fileExists(atPath: box.out + "/" + NightlyRunner.calendarFileName))
  }

  /// An event without a length (no end, an end before its start, a DURATION that libical's `int`
  /// wrapped negative) or longer than a year gives no block and is counted as such, where each
  /// was counted "before today", and a DTEND of 9999 wrote `DTEND:00000000T000000`.
  @Test func eventsWithoutALengthOrLongerThanAYearAreCountedSo() throws {
    let box = try AppSandbox()
    let path = box.dir.appendingPathComponent("lengths.ics").path
    let shapes = [
      "DTSTART:20261124T140000Z", "DTSTART:20261124T140000Z\r\nDTEND:20261124T130000Z",
      "DTSTART:20261124T140000Z\r\nDURATION:-P999999999W",
      "DTSTART:20261124T140000Z\r\nDTEND:99991231T000000Z",
      "DTSTART:20261124T140000Z\r\nDURATION:P999999999W",
      "DTSTART:20261124T140000Z\r\nDURATION:PT90M", "DTSTART:20261125T140000Z\r\nDURATION:P52W",
    ]
    let events = shapes.enumerated().map { index, shape in
      "BEGIN:VEVENT\r\nUID:e\(index)@t\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:E\(index)\r\n\(shape)\r\nEND:VEVENT\r\n"
    }
    try ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n" + events.joined() + "END:VCALENDAR\r\n")
      .write(toFile: path, atomically: false, encoding: .utf8)
    let service = FocusService(workspace: try box.workspace(at: morning), outputDirectory: box.out)
    let change = try service.importCalendar(path: path, match: nil, days: 7)
    let counts = try #require(change.counts)
    #expect(counts.text == "imported 2 of 7 events; 3 without a length, 2 longer than a year")
    #expect(change.blocks.map(\.title).sorted() == ["E5", "E6"])
    #expect(
      change.blocks.first { $0.title == "E6" }.map { $0.end.timeIntervalSince($0.start) }
        == TimeInterval(52 * 604_800))
    let calendar = try box.read(NightlyRunner.calendarFileName)
    #expect(!calendar.contains("00000000T"))
  }
}
