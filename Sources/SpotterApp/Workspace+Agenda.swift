import Foundation
import SpotterCore
import SpotterIO

extension Workspace {
  /// The agenda's writer: lines in the cron zone that call `spotter fire` for this store.
  public var agendaWriter: CrontabWriter {
    CrontabWriter(
      commandTemplate: settings.agendaCommand, fireCommand: invocation("fire") + " --quiet",
      cronZone: cronTimeZone, calendarZone: settings.timeZone, warning: cronZoneWarning)
  }

  /// Every stored reminder from today on, `changed` in place of their stored revisions, in the
  /// outputs' order.
  public func storedRecords(store: Store, replacing changed: [ReminderRecord]) throws -> [ReminderRecord] {
    var latest = Dictionary(try store.reminders(from: today).map { ($0.uid, $0) }, uniquingKeysWith: { $1 })
    for record in changed { latest[record.uid] = record }
    return latest.values.sorted { ($0.start, $0.uid) < ($1.start, $1.uid) }
  }
}
