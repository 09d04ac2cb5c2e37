import Foundation
import Testing
import _SpotterTestSupport

/// `focus import` of calendars at the edge of the format: control bytes and 10,000 characters
/// in a TZID and a title, a 10 MB line, 100,000 EXDATEs, a property with 100,000 parameters,
/// components nested 300,000 deep.
/// Every one ends with a clean message and a code, its text escaped and bounded.
@Suite struct FocusImportHostileEndToEndTests {
  let now = "2026-11-26T10:00:00+01:00"

  func calendar(_ lines: [String], in box: Sandbox, name: String = "hostile.ics") throws -> String {
    let path = box.dir.appendingPathComponent(name).path
    let text =
      ([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//t//EN", "BEGIN:VEVENT", "UID:a@b",
        "DTSTAMP:20261101T000000Z",
      ] + lines + ["END:VEVENT", "END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  /// Whether `text` holds a raw control byte other than a newline, or a line over `longest`.
  static func isUnsafe(_ text: String, longest: Int = 1_000) -> Bool {
    text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
      || text.split(separator: "\n").contains { $0.count > longest }
  }

  @Test func controlBytesAndHugeNamesReachNoTerminal() async throws {
    let box = try Sandbox()
    let path = try calendar(
      [
        "DTSTART;TZID=Europe/Berlin\u{1}\u{1B}[31m:20261127T140000", "DTEND:20261127T150000Z",
        "SUMMARY:Deep\u{1B}[31m work\u{7}\u{202E}",
      ], in: box)
    let first = try await box.spotter(["focus", "import", path], now: now, writes: true)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(!Self.isUnsafe(first.stdout + first.stderr), "\(first.stdout)\(first.stderr)")
    #expect(first.stdout.contains("unknown TZID 'Europe/Berlin\\u{1}\\e[31m'"), "\(first.stdout)")
    let listed = try await box.spotter(["focus", "list"], now: now)
    #expect(!Self.isUnsafe(listed.stdout) && listed.stdout.contains("Deep [31m work"), "\(listed.stdout)")
    let planned = try await box.spotter(["plan"], now: now)
    #expect(!Self.isUnsafe(planned.stdout + planned.stderr))

    let long = try calendar(
      [
        "DTSTART;TZID=" + String(repeating: "Z", count: 10_000) + ":20261128T140000",
        "DTEND:20261128T150000Z", "SUMMARY:" + String(repeating: "W", count: 10_000),
      ], in: box, name: "long.ics")
    let second = try await box.spotter(["focus", "import", long], now: now, writes: true)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(!Self.isUnsafe(second.stdout + second.stderr), "\(second.stdout.prefix(2_000))")
    #expect(second.stdout.contains("(9920 more characters)"), "\(second.stdout.prefix(2_000))")
  }

  /// Shapes that once took time growing with the square of their size finish, or are refused
  /// with their line; how long each takes is measured in bench/focus-import, not here.
  @Test func inputsOnceQuadraticEndWithAnAnswer() async throws {
    let box = try Sandbox()
    let attach = try calendar(
      [
        "DTSTART:20261127T140000Z", "DTEND:20261127T150000Z", "SUMMARY:Deep work",
        "ATTACH;ENCODING=BASE64;VALUE=BINARY:" + String(repeating: "QUJD", count: 10 << 18),
      ], in: box, name: "attach.ics")
    let attached = try await box.spotter(["focus", "import", attach], now: now, writes: true)
    #expect(attached.status == 0 && !attached.timedOut, "\(attached.stderr)")
    #expect(attached.stdout.contains("Deep work"))

    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime]
    let base = formatter.date(from: "20000101T140000")!
    let exdates = (0..<100_000).map {
      "EXDATE:" + formatter.string(from: base.addingTimeInterval(Double($0) * 3600)) + "Z"
    }
    let many = try calendar(
      ["DTSTART:20261127T140000Z", "DTEND:20261127T150000Z", "SUMMARY:Standup", "RRULE:FREQ=DAILY"] + exdates,
      in: box, name: "exdates.ics")
    let excluded = try await box.spotter(["focus", "import", many, "--force"], now: now, writes: true)
    #expect(excluded.status == 0 && !excluded.timedOut, "\(excluded.stderr)")

    let parameters = (0..<100_000).map { "P\($0)=v" }.joined(separator: ";")
    let params = try calendar(
      ["DTSTART:20261127T140000Z", "DTEND:20261127T150000Z", "SUMMARY:x", "X-FOO;" + parameters + ":v"],
      in: box, name: "params.ics")
    let refused = try await box.spotter(["focus", "import", params], now: now, writes: true)
    #expect(refused.status == 65, "\(refused.stderr)")
    #expect(
      refused.stderr.contains("params.ics:10: property 'X-FOO' has more than 100 parameters"),
      "\(refused.stderr)")
  }

  /// 300,000 nested VEVENTs (7.8 MB) overflowed libical's stack: the process died of SIGSEGV
  /// with a backtrace. The BEGIN one past the deepest a calendar may nest is refused by its line.
  @Test func componentsNestedDeepAreRefusedNotACrash() async throws {
    let box = try Sandbox()
    let path = box.dir.appendingPathComponent("deep.ics").path
    let depth = 300_000
    let text =
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n"
      + String(repeating: "BEGIN:VEVENT\r\n", count: depth)
      + String(repeating: "END:VEVENT\r\n", count: depth)
      + "END:VCALENDAR\r\n"
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    let refused = try await box.spotter(["focus", "import", path], now: now, writes: true)
    #expect(refused.status == 65 && !refused.timedOut, "\(refused.stderr.prefix(2_000))")
    #expect(
      refused.stderr
        == "spotter: error: \(path):19: BEGIN:VEVENT nests components more than 16 deep; a calendar nests three\n",
      "\(refused.stderr.prefix(2_000))")
  }
}
