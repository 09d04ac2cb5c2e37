/// Stored alerts of repeating focus blocks held as values: for a plan made without a store (a
/// replay, a test), or a store that holds none.
public struct StoredFocusAlertList: StoredFocusAlerts {
  public var records: [ReminderRecord]

  public init(_ records: [ReminderRecord] = []) {
    self.records = records
  }

  public func datedFocusAlerts(in dates: Range<LocalDate>) throws -> [ReminderRecord] {
    records.filter { dates.contains($0.date) }.sorted { ($0.start, $0.uid) < ($1.start, $1.uid) }
  }
}
