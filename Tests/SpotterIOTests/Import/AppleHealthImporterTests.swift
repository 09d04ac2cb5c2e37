import Foundation
import SpotterCore
import Testing
import ZIPFoundation
import _SpotterTestSupport

@testable import SpotterIO

/// Apple Health's export, from a trimmed real one (dogsheep/healthkit-to-sqlite `tests/export.xml`,
/// Apache-2.0): a 2016 run in Los Angeles stamped `-0700`, although the city was on PST (-0800)
/// that day, with `HKTimeZone` saying where it was.
@Suite struct AppleHealthImporterTests {
  static let fixture = FixtureLoader.url("apple-health-export.xml")

  func importer(_ zone: String, types: [String]) -> HistoryImporter {
    HistoryImporter(
      clock: ZoneClock(timeZone: TimeZone(identifier: zone)!), defaultUnit: .kilograms,
      appleHealthTypes: types)
  }

  @Test func onlyTheConfiguredWorkoutTypesCount() throws {
    let (format, sessions) = try importer(
      "America/Los_Angeles", types: AppleHealthImporter.defaultActivityTypes
    )
    .read(path: Self.fixture.path)
    #expect(format == .appleHealth)
    #expect(sessions.isEmpty)
    let (_, runs) = try importer("America/Los_Angeles", types: ["Running"]).read(path: Self.fixture.path)
    #expect(runs.count == 1)
    #expect(runs[0].workoutName == "Running" && runs[0].source == .appleHealth && runs[0].exercises.isEmpty)
  }

  @Test func theWallClockIsWhereTheWorkoutWasNotTheExportsOffset() throws {
    // 07:25:41 -0700 is 14:25:41 UTC: 06:25:41 in Los Angeles that November day.
    let (_, home) = try importer("America/Los_Angeles", types: ["HKWorkoutActivityTypeRunning"])
      .read(path: Self.fixture.path)
    #expect(home[0].start == TestZones.instant("2016-11-14T06:25:41-08:00"))
    #expect(home[0].end == TestZones.instant("2016-11-14T06:30:52-08:00"))
    // Someone whose Spotter runs in Berlin learns that they ran at 06:25 where they were.
    let (_, travel) = try importer("Europe/Berlin", types: ["Running"]).read(path: Self.fixture.path)
    #expect(travel[0].start == TestZones.instant("2016-11-14T06:25:41+01:00"))
  }

  @Test func theZipIsReadWithoutUnpacking() throws {
    let dir = TestScratch.root.appendingPathComponent("health-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let zip = dir.appendingPathComponent("export.zip")
    let archive = try Archive(url: zip, accessMode: .create)
    let xml = try Data(contentsOf: Self.fixture)
    try archive.addEntry(
      with: "apple_health_export/export.xml", type: .file, uncompressedSize: Int64(xml.count),
      compressionMethod: .deflate
    ) { position, size in xml.subdata(in: Int(position)..<Int(position) + size) }
    #expect(HistoryImporter.format(sniffing: try Data(contentsOf: zip).prefix(4096)) == .appleHealth)
    let (format, sessions) = try importer("America/Los_Angeles", types: ["Running"]).read(path: zip.path)
    #expect(format == .appleHealth)
    #expect(sessions.map(\.start) == [TestZones.instant("2016-11-14T06:25:41-08:00")])
    // Nothing was unpacked beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["export.zip"])
  }

  @Test func badInputNamesTheFileLineAndField() throws {
    let text = try String(contentsOf: Self.fixture, encoding: .utf8)
    let dir = TestScratch.root
    let badDate = dir.appendingPathComponent("health-bad-date-\(UUID().uuidString).xml")
    try text.replacingOccurrences(
      of: "startDate=\"2016-11-14 07:25:41 -0700\"", with: "startDate=\"14.11.2016\""
    )
    .write(to: badDate, atomically: false, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: badDate) }
    #expect {
      try importer("UTC", types: ["Running"]).read(path: badDate.path)
    } throws: { error in
      "\(error)".contains("\(badDate.path):14: column 'startDate'") && "\(error)".contains("'14.11.2016'")
    }
    let cut = dir.appendingPathComponent("health-cut-\(UUID().uuidString).xml")
    try String(text.prefix(2000)).write(to: cut, atomically: false, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: cut) }
    #expect(throws: SpotterIOError.self) { try importer("UTC", types: ["Running"]).read(path: cut.path) }
  }

  /// An element with 480,000 attributes (72 s inside libxml2, which compares each new attribute
  /// with every earlier one), and megabytes without a `>` (which its push parser looks through
  /// again at every chunk), are refused before libxml2 sees them, as damage.
  @Test func elementsNoExportHasAreRefusedBeforeLibxml2SeesThem() throws {
    let head =
      "<?xml version=\"1.0\"?>\n<HealthData>\n<Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" "
    let attributes = (0..<480_000).map { "a\($0)=\"x\"" }.joined(separator: " ")
    let unclosed = String(repeating: "x", count: 3 << 20)
    for (body, reason) in [
      (attributes + "/>\n</HealthData>\n", "more than 1000 attributes"),
      ("note=\"" + unclosed + "\"/>\n</HealthData>\n", "bytes without closing a tag"),
    ] {
      let url = TestScratch.root.appendingPathComponent(
        "health-\(UUID().uuidString).xml")
      try (head + body).write(to: url, atomically: false, encoding: .utf8)
      defer { try? FileManager.default.removeItem(at: url) }
      #expect {
        try importer("UTC", types: ["Running"]).read(path: url.path)
      } throws: { error in
        "\(error)".contains(reason) && "\(error)".contains("the file is damaged")
      }
    }
  }

  /// Writes `archive` to a fresh temporary file and reads it as the Berlin runner would.
  func read(archive: Data) throws -> (HistoryFormat, [Session]) {
    let url = TestScratch.root.appendingPathComponent("health-\(UUID().uuidString).zip")
    try archive.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return try importer("America/Los_Angeles", types: ["Running"]).read(path: url.path)
  }

  /// A re-zipped export puts `export.xml` wherever the person's zip tool did, stored or
  /// deflated, in a ZIP64 archive or not; it is found, and macOS's `__MACOSX/` copy is not it.
  @Test func exportXMLIsFoundWhereverTheArchiveHoldsIt() throws {
    let xml = try Data(contentsOf: Self.fixture)
    let run = [TestZones.instant("2016-11-14T06:25:41-08:00")]
    for (entries, zip64) in [
      ([ZipBuilder.Entry.stored("export.xml", xml)], false),
      (
        [.stored("readme.txt", Data("hi".utf8)), .deflatedAsStoredBlocks("Health Export/export.xml", xml)],
        false
      ),
      (
        [
          .stored("__MACOSX/apple_health_export/export.xml", Data("junk".utf8)),
          .stored("apple_health_export/export_cda.xml", Data("<x/>".utf8)),
          .deflatedAsStoredBlocks("apple_health_export/export.xml", xml),
        ], true
      ),
    ] {
      let (format, sessions) = try read(archive: ZipBuilder.archive(entries, zip64: zip64))
      #expect(format == .appleHealth)
      #expect(sessions.map(\.start) == run, "\(entries.map(\.path))")
    }
  }

  /// A zip without `export.xml`, or a damaged one, is described in words: what it holds, what
  /// is wrong, what to do; never its bytes.
  @Test func archivesThatAreNotExportsAreDescribed() throws {
    let other = ZipBuilder.archive([.stored("strong.csv", Data("Date,Workout Name\n".utf8))])
    #expect {
      try read(archive: other)
    } throws: { error in
      "\(error)".contains("a zip archive without export.xml (it holds 1 files: 'strong.csv')")
        && (error as? SpotterIOError)?.exitCode == .dataError
    }
    let xml = try Data(contentsOf: Self.fixture)
    var flipped = ZipBuilder.Entry.stored("apple_health_export/export.xml", xml)
    flipped.packed[flipped.packed.startIndex + 100] ^= 0x01
    let cases: [(Data, String)] = [
      (ZipBuilder.archive([flipped]), "export.xml fails its checksum"),
      (ZipBuilder.archive([.stored("apple_health_export/export.xml", xml)]).prefix(20), "no zip directory"),
      (ZipBuilder.runawayDeflate(xml: Data("<HealthData><!--".utf8), chunk: 1 << 16), "damaged zip archive"),
    ]
    for (archive, words) in cases {
      #expect {
        try read(archive: archive)
      } throws: { error in
        "\(error)".contains(words) && !"\(error)".contains("PK")
          && (error as? SpotterIOError)?.exitCode == .dataError
      }
    }
  }

  /// An export as iOS 16 and later write it: the DTD broken (`<!ATTLIST VisionPrescription`
  /// never closed, a stray `>` before `]>`, as reported in jameno/Simple-Apple-Health-XML-to-CSV
  /// #3 and markwk/qs_ledger #23) and U+000B in some values. Each refused the whole export; the
  /// DTD is left out and the control character read as a space, however the file is cut into
  /// chunks, and line numbers stay the file's.
  @Test(arguments: [1, 3, 64, 4096, 1 << 20])
  func anExportOfIOS16Reads(chunk: Int) throws {
    let workout = { (day: Int) in
      """
       <Workout workoutActivityType="HKWorkoutActivityTypeTraditionalStrengthTraining" duration="60" \
      durationUnit="min" sourceName="Watch\u{0B}" startDate="2026-09-0\(day) 18:00:00 +0100" \
      endDate="2026-09-0\(day) 19:00:00 +0100">
        <MetadataEntry key="HKIndoorWorkout" value="1\u{0B}"/>
       </Workout>

      """
    }
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE HealthData [
      <!-- HealthKit Export Version: 12 -->
      <!ELEMENT HealthData (ExportDate,Me,(Record|Workout|VisionPrescription)*)>
      <!ATTLIST HealthData
        locale CDATA #REQUIRED
      >
      <!ELEMENT VisionPrescription ((RightEye|LeftEye|Attachment|MetadataEntry)*)>
      <!ATTLIST VisionPrescription
        type             CDATA #REQUIRED
        dateIssued       CDATA #REQUIRED
      <!ELEMENT RightEye EMPTY>
      <!ATTLIST RightEye
        sphere           CDATA #IMPLIED
      >
      >
      ]>
      <HealthData locale="en_US">
       <ExportDate value="2026-11-22 10:00:00 +0200"/>

      """ + (1...3).map(workout).joined() + " <Record type=\"a\" value=\"&\"/>\n</HealthData>\n"
    let bytes = Array(xml.utf8)
    var workouts: [HealthWorkout] = []
    let parser = HealthXMLParser(fileName: "export.xml") { workouts.append($0) }
    var offset = 0
    let failure = #expect(throws: SpotterIOError.self) {
      while offset < bytes.count {
        let end = min(offset + chunk, bytes.count)
        try bytes[offset..<end].withUnsafeBytes { try parser.feed($0) }
        offset = end
      }
      try parser.finish()
    }
    // The three workouts are read at their lines in the file; the `&` typed into a later value
    // is damage, named at its line.
    let lines = xml.split(separator: "\n", omittingEmptySubsequences: false)
    let lineOf = { (text: String) in lines.indices.filter { lines[$0].contains(text) }.map { $0 + 1 } }
    #expect(workouts.map(\.line) == lineOf("<Workout "))
    #expect(workouts.map(\.startDate) == (1...3).map { "2026-09-0\($0) 18:00:00 +0100" })
    let damage = try #require(lineOf("<Record ").first)
    #expect(
      failure.map { "\($0)" }?.hasPrefix("export.xml:\(damage): column 'xml'") == true,
      "\(String(describing: failure))")
  }

  /// An export cut off at its end, as an interrupted copy of gigabytes leaves it, keeps the
  /// workouts before the cut, with a note naming the line; one missing only its closing tag loses
  /// nothing. Strictly read, both are refused; damage before the end still refuses the file.
  @Test func anExportCutOffAtItsEndKeepsWhatCameBefore() throws {
    let workouts = (1...9).map { day in
      " <Workout workoutActivityType=\"HKWorkoutActivityTypeTraditionalStrengthTraining\" duration=\"60\" "
        + "durationUnit=\"min\" sourceName=\"Watch\" startDate=\"2026-09-0\(day) 18:00:00 +0100\" "
        + "endDate=\"2026-09-0\(day) 19:00:00 +0100\"/>\n"
    }
    let whole =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
      + " <ExportDate value=\"2026-11-22 10:00:00 +0200\"/>\n" + workouts.joined() + "</HealthData>\n"
    let cut = String(whole.prefix(whole.count - workouts[8].count / 2 - 14))
    let unclosed = String(whole.dropLast("</HealthData>\n".count))
    let importer = importer("Europe/Berlin", types: ["TraditionalStrengthTraining"])
    for (text, kept, line) in [(cut, 8, 12), (unclosed, 9, 12)] {
      let path = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID()).xml").path
      try text.write(toFile: path, atomically: false, encoding: .utf8)
      defer { try? FileManager.default.removeItem(atPath: path) }
      let read = try importer.readPackedCounting(path: path)
      #expect(read.1.count == kept)
      #expect(
        read.2.count == 1
          && read.2[0].hasPrefix("\(path):\(line): column 'xml': the file ends inside an element"),
        "\(read.2)")
      var strict = importer
      strict.strict = true
      #expect(throws: SpotterIOError.self) { try strict.readPackedCounting(path: path) }
    }
  }

  /// An `export.zip` cut off by an interrupted copy has no directory at its end: it was refused
  /// whole. Apple Health writes `export.xml` first, so cut among the files after it nothing is
  /// lost; cut inside it, stored or deflated, the workouts before the cut are kept. Either is
  /// noted, and `--strict` refuses both.
  @Test func aZipCutShortKeepsWhatCameBeforeTheCut() throws {
    let workouts = (1...9).map { day in
      " <Workout workoutActivityType=\"HKWorkoutActivityTypeTraditionalStrengthTraining\" duration=\"60\" "
        + "durationUnit=\"min\" sourceName=\"Watch\" startDate=\"2026-09-0\(day) 18:00:00 +0100\" "
        + "endDate=\"2026-09-0\(day) 19:00:00 +0100\"/>\n"
    }
    // Records after the workouts, as many as a deflated cut may lose (its last partial chunk).
    let records = (0..<400).map { index in
      " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Phone\" unit=\"count\" "
        + "startDate=\"2026-09-10 10:00:00 +0100\" endDate=\"2026-09-10 10:05:00 +0100\" value=\"\(index)\"/>\n"
    }
    let xml = Data(
      ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
        + " <ExportDate value=\"2026-11-22 10:00:00 +0200\"/>\n" + workouts.joined() + records.joined()
        + "</HealthData>\n").utf8)
    let route = Data(String(repeating: "<gpx/>\n", count: 500).utf8)
    func cutCase(_ export: ZipBuilder.Entry, at cut: (Data) -> Int) -> Data {
      let archive = ZipBuilder.archive([
        export, .stored("apple_health_export/workout-routes/route_1.gpx", route),
      ])
      return archive.prefix(cut(archive))
    }
    func offset(of text: String, in archive: Data) -> Int {
      archive.range(of: Data(text.utf8))!.lowerBound - archive.startIndex
    }
    let afterExport = { (archive: Data) in offset(of: "workout-routes/route_1.gpx", in: archive) + 100 }
    let insideRecords = { (archive: Data) in offset(of: "value=\"300\"", in: archive) }
    let importer = importer("Europe/Berlin", types: ["TraditionalStrengthTraining"])
    for (archive, whole) in [
      (cutCase(.stored("apple_health_export/export.xml", xml), at: afterExport), true),
      (cutCase(.deflatedAsStoredBlocks("apple_health_export/export.xml", xml), at: afterExport), true),
      (cutCase(.stored("apple_health_export/export.xml", xml), at: insideRecords), false),
      (cutCase(.deflatedAsStoredBlocks("apple_health_export/export.xml", xml), at: insideRecords), false),
    ] {
      let path = TestScratch.root.appendingPathComponent("cut-\(UUID().uuidString).zip").path
      try archive.write(to: URL(fileURLWithPath: path))
      defer { try? FileManager.default.removeItem(atPath: path) }
      let read = try importer.readPackedCounting(path: path)
      #expect(read.0 == .appleHealth)
      #expect(read.1.count == 9, "\(read.2)")
      let said = whole ? "export.xml before the cut is whole" : "export.xml was read as far as it goes"
      #expect(
        read.2.contains { $0.hasPrefix("\(path): a zip archive cut short") && $0.contains(said) }, "\(read.2)"
      )
      // Cut inside it, the export's own end is missing too, and its line is named.
      #expect(read.2.count == (whole ? 1 : 2), "\(read.2)")
      #expect(whole || read.2.contains { $0.contains("the file ends inside an element") }, "\(read.2)")
      var strict = importer
      strict.strict = true
      #expect(throws: SpotterIOError.self) { try strict.readPackedCounting(path: path) }
    }
  }

  /// The eight-bytes-at-a-time look for forbidden control characters agrees with a byte-by-byte
  /// one for every byte value at every place of a word and of the tail.
  @Test func theControlCharacterLookAgreesWithAByteByByteOne() {
    for value in 0...255 {
      for place in 0..<19 {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 19)
        bytes[place] = UInt8(value)
        bytes[3] = place == 3 ? bytes[3] : 0x0A
        let expected = bytes.contains(where: HealthXMLParser.isForbiddenControl)
        #expect(
          bytes.withUnsafeBytes(HealthXMLParser.holdsForbiddenControl) == expected, "\(value) at \(place)")
      }
    }
  }

  @Test func dates() {
    #expect(
      AppleHealthImporter.instant("2019-05-14 18:52:09 -0400") == TestZones.instant("2019-05-14T22:52:09Z"))
    #expect(
      AppleHealthImporter.instant("2019-05-14 18:52:09 +0530") == TestZones.instant("2019-05-14T13:22:09Z"))
    for bad in ["2019-05-14T18:52:09 -0400", "2019-13-14 18:52:09 -0400", "2019-05-14 18:52:09", ""] {
      #expect(AppleHealthImporter.instant(bad) == nil, "\(bad)")
    }
    #expect(AppleHealthImporter.words("HighIntensityIntervalTraining") == "High Intensity Interval Training")
  }

  /// Other apps write workouts into Health: one whose end is before its start, or dated 1900,
  /// costs that workout with a note, not the export (strictly read, the file); over a fifth of
  /// them is a misread, and refused. Before, the first refused the whole export and the second
  /// was kept.
  @Test func aWorkoutNoPersonDidCostsThatWorkout() throws {
    func workout(_ day: Int, start: String? = nil, end: String? = nil) -> String {
      let date = "2026-10-\(day < 10 ? "0" : "")\(day)"
      return
        #"<Workout workoutActivityType="HKWorkoutActivityTypeTraditionalStrengthTraining" duration="60" "#
        + #"durationUnit="min" sourceName="Watch" startDate="\#(start ?? date + " 18:00:00 +0100")" "#
        + #"endDate="\#(end ?? date + " 19:00:00 +0100")"/>"#
    }
    var lines = (1...10).map { workout($0) }
    lines.append(workout(20, start: "2026-10-20 20:00:00 +0100"))
    lines.append(workout(21, start: "1900-01-01 18:00:00 +0100", end: "1900-01-01 19:00:00 +0100"))
    let url = TestScratch.root.appendingPathComponent("health-\(UUID().uuidString).xml")
    let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
    try (header + lines.joined(separator: "\n") + "\n</HealthData>\n").write(
      to: url, atomically: false, encoding: .utf8)
    let reader = importer("Europe/Berlin", types: AppleHealthImporter.defaultActivityTypes)
    let (_, sessions, notes, _, leftOut) = try reader.readPackedCounting(path: url.path)
    #expect(sessions.count == 10 && leftOut == 2)
    #expect(
      notes == [
        "\(url.path):13: column 'endDate': ends before its startDate '2026-10-20 20:00:00 +0100' '2026-10-20 19:00:00 +0100'; the workout is left out (import --strict refuses the file)",
        "\(url.path):14: column 'startDate': date out of range (1970 to 2099) '1900-01-01 18:00:00 +0100'; the workout is left out (import --strict refuses the file)",
      ])
    var strict = reader
    strict.strict = true
    #expect(throws: SpotterIOError.self) { try strict.readPackedCounting(path: url.path) }
    let misread =
      header
      + (lines.prefix(3) + Array(repeating: workout(25, start: "2026-10-25 20:00:00 +0100"), count: 2))
      .joined(separator: "\n") + "\n</HealthData>\n"
    try misread.write(to: url, atomically: false, encoding: .utf8)
    #expect(throws: SpotterIOError.self) { try reader.readPackedCounting(path: url.path) }
  }
}
