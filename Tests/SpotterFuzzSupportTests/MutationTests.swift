import Foundation
import SpotterFuzzSupport
import Testing
import _SpotterTestSupport

/// A short, repeatable taste of `bench/fuzz`: fixed-seed mutations of real files through every
/// reader. The libFuzzer runs go much further; this keeps the known crashes from coming back.
@Suite struct MutationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Values that once crashed or hung a command, and others of their kind.
  static let tokens = [
    "1e300", "1e12", "1e19", "-0", "nan", "inf", "99999999999999999999", "999999999999999999h", "0", "1",
    "true",
    "2226-11-20 18:00:00", "0000-00-00", "FREQ=MINUTELY", "FREQ=SECONDLY", "RRULE:FREQ=DAILY;COUNT=100000",
    "TZID=Evil", "\u{1B}[2J", "\"", ",", ";", "\r\n", "\n", "{", "[", "}", "]", "\u{0}", "\u{FEFF}",
  ].map { Array($0.utf8) }

  static func mutate(_ seed: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
    var bytes = seed
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
      switch Int.random(in: 0..<5, using: &random) {
      case 0 where !bytes.isEmpty: bytes[at] = UInt8.random(in: 0...255, using: &random)
      case 1: bytes.insert(contentsOf: tokens.randomElement(using: &random)!, at: at)
      case 2 where !bytes.isEmpty:
        bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...64, using: &random)))
      case 3 where !bytes.isEmpty:
        let end = min(bytes.count, at + Int.random(in: 1...256, using: &random))
        bytes.insert(contentsOf: bytes[at..<end], at: end)
      default:
        // A number cell made huge.
        if let digit = bytes[at...].firstIndex(where: { $0 >= 0x30 && $0 <= 0x39 }) {
          bytes.insert(contentsOf: Array(repeating: UInt8(ascii: "9"), count: 25), at: digit)
        }
      }
    }
    return bytes
  }

  /// The file's first 4 KiB, cut after a whole line.
  static func seed(_ path: String) throws -> [UInt8] {
    let bytes = Array(try Data(contentsOf: root.appendingPathComponent(path)))
    guard bytes.count > 4096, let end = bytes[..<4096].lastIndex(of: 0x0A) else { return bytes }
    return Array(bytes[...end])
  }

  @Test(arguments: [
    (FuzzHarness.Reader.csv, "examples/strong.csv"), (.csv, "examples/hevy.csv"),
    (.csv, "Tests/SpotterIOTests/Fixtures/strong-s2.csv"),
    (.json, "Tests/SpotterIOTests/Fixtures/sessions.json"),
    (.ics, "Tests/SpotterICalTests/Fixtures/google_daily_recur_valarm__icaljs.ics"),
    (.ics, "Tests/SpotterICalTests/Fixtures/vtimezone_Europe_Berlin_tzdata2025c__libical.ics"),
    (.health, "Tests/SpotterIOTests/Fixtures/apple-health-export.xml"),
    (.hevy, "bench/fuzz-seeds/hevy/workouts.json"), (.hevy, "bench/fuzz-seeds/hevy/events.json"),
  ])
  func mutatedRealFilesNeverCrashAReader(reader: FuzzHarness.Reader, path: String) throws {
    let seed = try Self.seed(path)
    #expect(FuzzHarness.run(reader, Data(seed)), "the unmutated seed must be accepted")
    var random = SeededGenerator(
      seed: UInt64(truncatingIfNeeded: path.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
    var accepted = 0
    for _ in 0..<200 where FuzzHarness.run(reader, Data(Self.mutate(seed, &random))) {
      accepted += 1
    }
    // Some mutations must still be valid files, or the later steps were never reached.
    #expect(accepted > 0)
  }
}
