import Foundation
import Testing

@testable import SpotterIO

/// A file that is no history is named in words with what to do, never quoted as bytes.
@Suite struct NotAHistoryTests {
  @Test(arguments: [
    (Data(), "history.csv: an empty file; export it again"),
    (Data("\n \r\n".utf8), "history.csv: a file of blank lines;"),
    (
      Data([0xFF, 0xFE, 0x44, 0x00, 0x61, 0x00]),
      "history.csv: UTF-16 text (as Excel's \"Unicode text\" saves it)"
    ),
    (Data([0x44, 0x00, 0x61, 0x00, 0x74, 0x00]), "history.csv: UTF-16 text"),
    (
      Data("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8),
      "history.csv: an iCalendar file, not a workout history; to import its events as focus blocks, use: spotter focus import history.csv"
    ),
    (
      Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00]),
      "history.csv: binary data, not text;"
    ),
  ])
  func isDescribed(_ bytes: Data, _ message: String) {
    #expect {
      try FixtureLoader.importer().parse(bytes, fileName: "history.csv")
    } throws: { error in
      "\(error)".hasPrefix(message) && (error as? SpotterIOError)?.exitCode == .dataError
        && !"\(error)".contains("\\0")
    }
  }
}
