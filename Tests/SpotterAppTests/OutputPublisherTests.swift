import Foundation
import SpotterApp
import SpotterCore
import SpotterIO
import Testing

/// The calendar is built only when what it is made of changed, or the file on disk is not the one
/// last published; whichever way it is made, its bytes are the same.
@Suite struct OutputPublisherTests {
  let evening = "2026-11-22T21:30:00+01:00"
  let key = "calendar.published"

  /// The night's plan published again at `now`, optionally with tomorrow skipped.
  func publish(_ box: AppSandbox, at now: String, skippingTomorrow: Bool = false) throws -> Publication {
    let workspace = try box.workspace(at: now)
    let tomorrow = workspace.today.adding(days: 1)
    let skipped: Set<LocalDate> = skippingTomorrow ? [tomorrow] : []
    return try workspace.change(outputDirectory: box.out) { change in
      try change.plan(.coming(count: 7), overrides: PlanOverrides(skipped: skipped)) {
        try change.store.save(
          skip: skippingTomorrow ? (tomorrow, true, workspace.now) : nil, records: $0.changed,
          findings: $0.findings)
      }
    }.publication
  }

  func modified(_ path: String) throws -> Date {
    try #require(FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
  }

  @Test func anUnchangedCalendarIsNotBuiltAgain() throws {
    let box = try AppSandbox.afterANight(at: evening)
    let calendar = box.out + "/" + NightlyRunner.calendarFileName
    let before = (try box.read(NightlyRunner.calendarFileName), try modified(calendar))
    #expect(before.0.contains("BEGIN:VEVENT"))
    #expect(try !publish(box, at: evening).calendarBuilt)
    #expect(try !publish(box, at: evening).calendarBuilt)
    #expect(try box.read(NightlyRunner.calendarFileName) == before.0)
    #expect(try modified(calendar) == before.1)
  }

  @Test func aCalendarChangedOnDiskIsBuiltAgain() throws {
    let box = try AppSandbox.afterANight(at: evening)
    let calendar = box.out + "/" + NightlyRunner.calendarFileName
    let original = try box.read(NightlyRunner.calendarFileName)
    for damage in ["BEGIN:VEVENT\r\nEND:VEVENT\r\n", ""] {
      try (damage.isEmpty ? "" : original + damage).write(
        toFile: calendar, atomically: false, encoding: .utf8)
      #expect(try publish(box, at: evening).calendarBuilt)
      #expect(try box.read(NightlyRunner.calendarFileName) == original)
    }
    // The same bytes copied in (another file): built again, and left as it is, bytes and all.
    let copy = box.dir.appendingPathComponent("copy.ics").path
    try original.write(toFile: copy, atomically: false, encoding: .utf8)
    try FileManager.default.removeItem(atPath: calendar)
    try FileManager.default.moveItem(atPath: copy, toPath: calendar)
    let copied = try modified(calendar)
    #expect(try publish(box, at: evening).calendarBuilt)
    #expect(try modified(calendar) == copied)
    #expect(try !publish(box, at: evening).calendarBuilt)
    // Gone, or a link planted in its place: built again, the link replaced, never followed.
    try FileManager.default.removeItem(atPath: calendar)
    #expect(try publish(box, at: evening).calendarBuilt)
    let elsewhere = box.dir.appendingPathComponent("elsewhere.ics").path
    try original.write(toFile: elsewhere, atomically: false, encoding: .utf8)
    try FileManager.default.removeItem(atPath: calendar)
    try FileManager.default.createSymbolicLink(atPath: calendar, withDestinationPath: elsewhere)
    #expect(try publish(box, at: evening).calendarBuilt)
    let attributes = try FileManager.default.attributesOfItem(atPath: calendar)
    #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    #expect(try String(contentsOfFile: elsewhere, encoding: .utf8) == original)
    #expect(try box.read(NightlyRunner.calendarFileName) == original)
  }

  @Test func aDamagedRecordIsBuiltAgainAndRewritten() throws {
    let box = try AppSandbox.afterANight(at: evening)
    let workspace = try box.workspace(at: evening)
    for damage in ["", "one", "a b c", " x"] {
      try workspace.store.write { try $0.setSetting(key, damage) }
      #expect(try publish(box, at: evening).calendarBuilt)
      let kept = try #require(try workspace.store.read { try $0.setting(key) })
      let words = kept.split(separator: " ").map(String.init)
      #expect(
        words.count == 2 && words[0].count == 32 && words[1].split(separator: ":").count == 4, "\(kept)")
      #expect(try !publish(box, at: evening).calendarBuilt)
    }
  }

  @Test func aChangedEventIsBuiltToTheSameBytesEitherWay() throws {
    // Two stores alike; one forgets what it published, so its calendar is built in one pass with
    // the agenda, the other's in a second walk after the agenda's.
    let (first, second) = (try AppSandbox.afterANight(at: evening), try AppSandbox.afterANight(at: evening))
    try second.workspace(at: evening).store.write { try $0.setSetting(key, nil) }
    #expect(try publish(first, at: evening, skippingTomorrow: true).calendarBuilt)
    #expect(try publish(second, at: evening, skippingTomorrow: true).calendarBuilt)
    let calendar = try first.read(NightlyRunner.calendarFileName)
    #expect(calendar.contains("STATUS:CANCELLED"))
    #expect(calendar == (try second.read(NightlyRunner.calendarFileName)))
    // The agendas differ only in the sandboxes' paths.
    #expect(
      try first.read(NightlyRunner.agendaFileName).replacingOccurrences(of: first.dir.path, with: "BOX")
        == (try second.read(NightlyRunner.agendaFileName).replacingOccurrences(
          of: second.dir.path, with: "BOX")))
    // The skip is the store's now, and planned from there once; then nothing changes.
    _ = try publish(first, at: evening)
    let settled = try first.read(NightlyRunner.calendarFileName)
    #expect(try !publish(first, at: evening).calendarBuilt)
    #expect(try first.read(NightlyRunner.calendarFileName) == settled)
  }

  @Test func anAlarmThatPassedBuildsTheCalendar() throws {
    // The same events a day on: the first day's alarms are behind, so the bytes differ.
    let box = try AppSandbox.afterANight(at: evening)
    let before = try box.read(NightlyRunner.calendarFileName)
    let publication = try publish(box, at: "2026-11-23T21:30:00+01:00")
    #expect(publication.calendarBuilt)
    #expect(try box.read(NightlyRunner.calendarFileName) != before)
  }
}
