import Foundation
import SpotterCore
import SpotterIO
import Testing
import _SpotterTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Reading an export a chunk at a time gives exactly what reading it whole gives: the same
/// sessions, sets and errors, wherever the chunks end.
@Suite struct CSVChunkReaderTests {
  /// Every Strong and Hevy file at hand: this project's samples and the real exports beside it.
  static var files: [String] {
    let own = [
      "strong-s0.csv", "strong-s1.csv", "strong-s2.csv", "strong-s2old.csv", "strong-s3.csv",
      "strong-12h.csv", "strong-zh.csv", "hevy-kg.csv", "hevy-lbs.csv",
    ].map { FixtureLoader.url($0).path }
    let shared = SharedFixtureConformanceTests.root
    let real = ["strong", "hevy"].flatMap { folder -> [String] in
      let directory = shared.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      return names.filter { $0.hasSuffix(".csv") }.sorted().map { directory.appendingPathComponent($0).path }
    }
    return own + real
  }

  static func temporary(_ name: String) -> String {
    TestScratch.root.appendingPathComponent("chunks-\(UUID())-\(name)").path
  }

  static func importer(chunkSize: Int) -> HistoryImporter {
    var importer = FixtureLoader.importer()
    importer.chunkSize = chunkSize
    return importer
  }

  @Test(arguments: [61, 4096]) func everyExportReadsAsWhenReadWhole(chunkSize: Int) throws {
    #expect(Self.files.count >= 9)
    for path in Self.files {
      let whole = try FixtureLoader.importer().parse(
        Data(contentsOf: URL(fileURLWithPath: path)), fileName: path)
      let chunked = try Self.importer(chunkSize: chunkSize).read(path: path)
      #expect(chunked.0 == whole.0, "\(path)")
      #expect(chunked.1 == whole.1, "\(path)")
      #expect(!chunked.1.isEmpty, "\(path)")
    }
  }

  /// Quoted notes over several lines, doubled quotes, CRLF, a BOM, blank lines, a spreadsheet's
  /// blank row of commas and a workout whose rows are not contiguous, cut at every byte.
  @Test func chunksMayEndAnywhere() throws {
    let rows = [
      "\u{FEFF}Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE",
      "2024-03-04 18:00:00,Push,1h 2m,Bench Press,1,80,5,0,0,\"two\r\nlines, \"\"quoted\"\"\",\"\",",
      "",
      ",,,,,,,,,,,",
      "2024-03-04 18:00:00,Push,1h 2m,Bench Press,2,82.5,5,0,0,,,",
      "2024-03-06 18:10:00,Pull,55m,Row,1,60,8,0,0,\"a \"\"b\"\"\",,8",
      "2024-03-04 18:00:00,Push,1h 2m,Bench Press,3,85,3,0,0,,,",
      "2024-03-04 18:00:00,Push,1h 2m,Dips,W,0,10,0,0,,,",
      "2024-03-08 07:00:00,Legs,1m,Squat,1,100,5,0,0,,,",
      "2024-03-08 07:00:00,Legs,1m,Squat,2,100,5,0,0,,,",
      "2024-03-08 07:00:00,Legs,1m,Squat,3,100,5,0,0,,,",
      "2024-03-08 07:00:00,Legs,1m,Squat,4,100,5,0,0,,,",
    ]
    let text = rows.joined(separator: "\r\n") + "\r\n"
    let path = Self.temporary("strong.csv")
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let whole = try FixtureLoader.importer().parse(Data(text.utf8), fileName: path)
    #expect(whole.1.count == 3)
    #expect(whole.1[0].exercises.map(\.name) == ["Bench Press", "Dips"])
    #expect(whole.1[0].exercises[0].sets.map(\.weight) == [80, 82.5, 85])
    for chunkSize in 1...Data(text.utf8).count + 1 {
      let chunked = try Self.importer(chunkSize: chunkSize).read(path: path)
      #expect(chunked.1 == whole.1, "chunk size \(chunkSize)")
    }
  }

  /// A Hevy export's header and 28 workouts of March 2024, three sets each, every set's
  /// exercise note `notes` (one with a line break makes each row two lines).
  static func hevyMarch(notes: String) -> [String] {
    var rows = [
      "title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe"
    ]
    for day in 1...28 {
      let date = String(format: "%02d Mar 2024", day)
      for set in 0..<3 {
        rows.append(
          "\"Day \(day)\",\"\(date), 18:00\",\"\(date), 19:00\",\"\",\"Squat\",,\"\(notes)\",\(set),normal,100,5,,,"
        )
      }
    }
    return rows
  }

  /// A bad cell far into the file is reported at its own line, however the file was cut.
  @Test func errorsNameTheSameLine() throws {
    var rows = Self.hevyMarch(notes: "multi\nline")
    // From row 60 on (a third of the sets), a field too many: another shape, refused at its first
    // such row.
    for index in 60..<rows.count { rows[index] += ",surplus" }
    let text = rows.joined(separator: "\n") + "\n"
    let path = Self.temporary("hevy.csv")
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    func message(_ body: () throws -> Void) -> String {
      do {
        try body()
        return "no error"
      } catch {
        return "\(error)"
      }
    }
    let whole = message { _ = try FixtureLoader.importer().parse(Data(text.utf8), fileName: path) }
    #expect(whole.contains("hevy.csv:120:"))
    #expect(whole.contains("expected 14 fields as in the header, found 15"))
    for chunkSize in [1, 50, 333, 1024] {
      #expect(message { _ = try Self.importer(chunkSize: chunkSize).read(path: path) } == whole)
    }
  }

  /// A number cell typed by hand (`heavy` for a weight) costs its set, at its own line however
  /// the file was cut, and the rest of the file is read: one cell once refused 84 sets.
  @Test func aTypoedNumberCostsItsSetAtItsLine() throws {
    var rows = Self.hevyMarch(notes: "multi\nline")
    rows[70] = rows[70].replacingOccurrences(of: ",normal,100,", with: ",normal,heavy,")
    let path = Self.temporary("hevy.csv")
    try (rows.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    for chunkSize in [1, 50, 333, 1024, 1 << 18] {
      let read = try Self.importer(chunkSize: chunkSize).readPackedCounting(path: path)
      #expect(read.1.count == 28 && read.impossibleSets == 1, "chunk size \(chunkSize)")
      let sets = read.1.map { session in session.unpacked.exercises.map(\.sets.count).reduce(0, +) }
      #expect(sets.reduce(0, +) == 83, "chunk size \(chunkSize)")
      #expect(
        read.2 == [
          "\(path):140: column 'weight_kg': invalid weight 'heavy'; the set is left out, its session kept "
            + "(import --strict refuses the file)"
        ], "chunk size \(chunkSize)")
    }
    var strict = Self.importer(chunkSize: 333)
    strict.strict = true
    #expect(throws: SpotterIOError.self) { try strict.readPackedCounting(path: path) }
  }

  /// A row with a field too many (a comma typed into a cell by hand) and an export cut off in
  /// its last row each cost that row, noted at its line however the file was cut.
  @Test func aRowThatCannotBeSplitCostsThatRow() throws {
    var rows = Self.hevyMarch(notes: "")
    rows[40] = rows[40].replacingOccurrences(of: ",100,5,", with: ",100,5,3,")
    // Cut off in the middle of the last row, as an interrupted copy leaves it.
    rows[84] = String(rows[84].prefix(30))
    let path = Self.temporary("hevy.csv")
    try rows.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    for chunkSize in [1, 50, 333, 1 << 18] {
      let read = try Self.importer(chunkSize: chunkSize).readPackedCounting(path: path)
      #expect(read.1.count == 28 && read.impossibleSets == 2, "chunk size \(chunkSize)")
      #expect(
        read.2 == [
          "\(path):41: expected 14 fields as in the header, found 15; the row is left out (import --strict "
            + "refuses the file)",
          "\(path):85: expected 14 fields as in the header, found 3; the row is left out (import --strict "
            + "refuses the file)",
        ], "chunk size \(chunkSize)")
    }
    var strict = Self.importer(chunkSize: 50)
    strict.strict = true
    #expect(throws: SpotterIOError.self) { try strict.readPackedCounting(path: path) }
  }

  /// A file whose every weight is a word was read as the wrong dialect, not mistyped: it is
  /// refused, naming its first such cell.
  @Test func wordsInEveryNumberCellRefuseTheFile() throws {
    var rows = [
      "title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe"
    ]
    for day in 1...10 {
      let date = String(format: "%02d Mar 2024", day)
      rows.append("\"Day\",\"\(date), 18:00\",\"\(date), 19:00\",\"\",\"Squat\",,\"\",0,normal,heavy,5,,,")
    }
    let path = Self.temporary("hevy.csv")
    try (rows.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect {
      try Self.importer(chunkSize: 1 << 18).readPackedCounting(path: path)
    } throws: { "\($0)" == "\(path):2: column 'weight_kg': invalid weight 'heavy'" }
  }

  /// A row is read on past its chunk only as far as a row can be long: zeros after an export's
  /// rows (a sparse file of 10 GB here) were one record read on for ever, 16 GB of memory in two
  /// minutes; an unclosed quote ran to the end of the file. Both are refused at the row's line.
  @Test func aRowWithoutEndIsRefusedAtItsLine() throws {
    // The sample's rows again and again, past the 4 KB its start is checked by.
    let sample = try String(contentsOf: FixtureLoader.url("strong-s0.csv"), encoding: .utf8)
    let header = sample.prefix { $0 != "\n" }
    let body = sample.dropFirst(header.count + 1)
    let rows = header + "\n" + String(repeating: String(body), count: 4096 / body.utf8.count + 1)
    #expect(rows.hasSuffix("\n") && rows.utf8.count > 4096)
    let lineCount = rows.split(separator: "\n", omittingEmptySubsequences: false).count
    let zeros = Self.temporary("zeros.csv")
    try Data(rows.utf8).write(to: URL(fileURLWithPath: zeros))
    #expect(truncate(zeros, off_t(10) << 30) == 0)
    defer { try? FileManager.default.removeItem(atPath: zeros) }
    let quote = Self.temporary("quote.csv")
    let open = rows + "2026-01-01 10:00:00,\"Push" + String(repeating: " and more", count: 200_000) + "\n"
    try open.write(toFile: quote, atomically: false, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: quote) }
    for (path, start) in [(zeros, ""), (quote, "2026-01-01 10:00:00,\"Push and more")] {
      for chunkSize in [4096, 1 << 18] {
        #expect {
          _ = try Self.importer(chunkSize: chunkSize).read(path: path)
        } throws: { error in
          "\(error)".hasPrefix(
            "\(path):\(lineCount): column 'row': a row of more than 1048576 bytes without its end")
            && (start.isEmpty || "\(error)".contains(start))
            && (error as? SpotterIOError)?.exitCode == .dataError
        }
      }
    }
  }
}
