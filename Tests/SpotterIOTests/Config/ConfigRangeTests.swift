import Foundation
import SpotterCore
import Testing

@testable import SpotterIO

/// Every number with a range is refused outside it by the table's reader, naming the key, its
/// line and the value, and taken at both ends.
@Suite struct ConfigRangeTests {
  let loader = ConfigLoader(fallbackTimeZone: TimeZone(identifier: "UTC")!, fallbackLanguage: .en)

  static let ranges:
    [(table: String?, key: String, low: String, high: String, outside: String, expected: String)] = [
      ("reminders", "lead_minutes", "0", "720", "721", "0 to 720 minutes"),
      ("reminders", "horizon_days", "1", "366", "0", "1 to 366 days"),
      ("focus", "minutes_before", "0", "240", "241", "0 to 240 minutes"),
      ("focus", "horizon_days", "1", "366", "367", "1 to 366 days"),
      ("rest_day", "after_streak", "0", "31", "32", "0 to 31 days"),
      ("notify", "grace_minutes", "0", "1440", "-1", "0 to 1440 minutes"),
      ("notify", "timeout_seconds", "1", "600", "601", "1 to 600 seconds"),
      ("notify", "snooze_minutes", "1", "1440", "0", "1 to 1440 minutes"),
      ("achievements", "record_reps_threshold", "1", "50", "51", "1 to 50 reps"),
      ("achievements", "record_threshold", "0", "100", "100.5", "0 to 100 (in weight_unit)"),
      (nil, "min_confidence", "0", "1", "1.5", "a number from 0 to 1"),
    ]

  func text(_ table: String?, _ key: String, _ value: String) -> String {
    "# a config\n" + (table.map { "[\($0)]\n" } ?? "") + "\(key) = \(value)\n"
  }

  @Test(arguments: ranges.indices)
  func outsideIsRefusedAndBothEndsAreTaken(_ index: Int) throws {
    let range = Self.ranges[index]
    _ = try loader.parse(text(range.table, range.key, range.low), fileName: "c.toml")
    _ = try loader.parse(text(range.table, range.key, range.high), fileName: "c.toml")
    let path = (range.table.map { "\($0)." } ?? "") + range.key
    let line = range.table == nil ? 2 : 3
    do {
      _ = try loader.parse(text(range.table, range.key, range.outside), fileName: "c.toml")
      Issue.record("\(path) = \(range.outside) was taken")
    } catch let error as SpotterIOError {
      let value = Double(range.outside).map { range.outside.contains(".") ? "\($0)" : range.outside } ?? ""
      #expect(
        error.description.hasPrefix(
          "c.toml:\(line): key '\(path)': expected \(range.expected), got '\(value)'"),
        "\(error.description)")
      #expect(error.exitCode == .config)
    }
  }
}
