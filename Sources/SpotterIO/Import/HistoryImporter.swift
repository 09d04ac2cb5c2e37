import Foundation
import SpotterCore

/// Reads a history file in any supported format, detected from its content.
public struct HistoryImporter: Sendable {
  public var clock: ZoneClock
  public var defaultUnit: WeightUnit
  /// Bumped whenever a file would be read into different sessions than before, so that the
  /// nightly run parses exports it skipped as unchanged again.
  public static let revision = 3
  /// Apple Health workout types that count as training.
  public var appleHealthTypes: [String]
  /// How many bytes of a Strong or Hevy export are read at a time; tests make it small, so that
  /// chunks end inside every kind of record.
  public var chunkSize = 1 << 18
  /// The config's `[import] date_order`, for exports whose every date reads both ways.
  public var dateOrder: DateOrder?
  /// Whether a set with an impossible value refuses its file (`import --strict`); else the set
  /// is left out with a note and its session kept.
  public var strict = false
  /// The language of the notes on what was left out.
  public var language: Language = .en

  public init(
    clock: ZoneClock, defaultUnit: WeightUnit,
    appleHealthTypes: [String] = AppleHealthImporter.defaultActivityTypes
  ) {
    self.clock = clock
    self.defaultUnit = defaultUnit
    self.appleHealthTypes = appleHealthTypes
  }

  /// The sessions of one file, oldest first; `progress` hears the bytes read of a file that is
  /// streamed (Apple Health's) and its size.
  public func read(path: String, progress: ((Int64, Int64) -> Void)? = nil) throws -> (
    HistoryFormat, [Session]
  ) {
    let (format, sessions) = try readPacked(path: path, progress: progress)
    return (format, sessions.map(\.unpacked))
  }

  /// ``read(path:progress:)`` with the sets packed as the store keeps them.
  ///
  /// Strong's and Hevy's CSV are read a chunk at a time and Apple Health's XML is streamed, so
  /// memory does not grow with the file: only the packed sessions stay.
  public func readPacked(path: String, progress: ((Int64, Int64) -> Void)? = nil) throws -> (
    HistoryFormat, [PackedSession]
  ) {
    let (format, sessions, _) = try readPackedNoting(path: path, progress: progress)
    return (format, sessions)
  }

  /// ``readPacked(path:progress:)``, with what the user should hear of the file: the Apple
  /// Health workouts of other types it passed over.
  public func readPackedNoting(path: String, progress: ((Int64, Int64) -> Void)? = nil) throws -> (
    HistoryFormat, [PackedSession], [String]
  ) {
    let (format, sessions, notes, _, _) = try readPackedCounting(path: path, progress: progress)
    return (format, sessions, notes)
  }

  /// ``readPackedNoting(path:progress:)``, and how many impossible sets and how many workouts
  /// were left out.
  public func readPackedCounting(path: String, progress: ((Int64, Int64) -> Void)? = nil) throws -> (
    HistoryFormat, [PackedSession], [String], impossibleSets: Int, leftOutWorkouts: Int
  ) {
    let findings = ImportFindings()
    let (format, sessions, notes) = try readPacked(path: path, findings: findings, progress: progress)
    try findings.check()
    var heard = notes + findings.notes(language)
    if sessions.isEmpty && heard.isEmpty {
      heard.append(Self.noWorkoutsNote(format, file: path, language: language))
    }
    return (format, sessions, heard, findings.impossibleSets.count, findings.leftOutWorkouts.count)
  }

  /// What a file that holds no workout at all says, so that an import of "0 sessions" is not
  /// taken for a history read: Apple Health's export holds only the workouts a watch or an app
  /// recorded, and an export made before the first workout holds only its header.
  static func noWorkoutsNote(_ format: HistoryFormat, file: String, language: Language = .en) -> String {
    switch (format == .appleHealth, language) {
    case (true, .de):
      return
        "\(file): enthält keine Trainings (Apple Health exportiert nur die Trainings, die eine Uhr oder eine "
        + "Fitness-App aufgezeichnet hat), also wurde nichts daraus importiert"
    case (true, .en):
      return "\(file): holds no workouts (Apple Health exports only the workouts a watch or a fitness app "
        + "recorded), so nothing was imported from it"
    case (false, .de): return "\(file): enthält keine Trainings, also wurde nichts daraus importiert"
    case (false, .en): return "\(file): holds no workouts, so nothing was imported from it"
    }
  }

  private func readPacked(path: String, findings: ImportFindings, progress: ((Int64, Int64) -> Void)?) throws
    -> (
      HistoryFormat, [PackedSession], [String]
    )
  {
    let handle = try InputFile.open(path)
    // Three bytes more than the sniffing reads, so that past a byte-order mark the check of
    // what the file is sees the bytes the whole file's parse sees.
    let head = (try? handle.read(upToCount: NotAHistory.bytesLookedAt + 3)) ?? Data()
    let prefix = head.prefix(4096)
    try? handle.close()
    var context = ImportContext(fileName: path, clock: clock, defaultUnit: defaultUnit, dateOrder: dateOrder)
    context.strict = strict
    context.findings = findings
    if AppleHealthImporter.matches([UInt8](prefix)) {
      let importer = AppleHealthImporter(context: context, activityTypes: appleHealthTypes)
      let (sessions, passedOver) = try importer.sessionsCounting(path: path, progress: progress)
      return (
        .appleHealth, sessions.map(PackedSession.init),
        AppleHealthImporter.passedOverNote(passedOver, file: path, language: language).map { [$0] } ?? []
      )
    }
    let sniffed = Self.format(sniffing: prefix)
    if sniffed == .strongCSV || sniffed == .hevyCSV,
      let streamed = try readInChunks(path: path, context: context)
    {
      return (streamed.0, streamed.1, [])
    }
    // What is no history at all is told from its first bytes, before the file is read whole, as
    // the whole file's parse tells it: a 10 GB file of zeros was read into memory twice over
    // before it was refused. (A Strong or Hevy export, read a part at a time above, is not
    // judged by this: a control character in a note is a value's problem, not the file's.)
    if let error = NotAHistory.error(forStartOf: [UInt8](head), file: path) { throw error }
    let whole = try InputFile.contents(
      path, atMost: Self.largestWholeFile,
      kind: Phrase(
        "an export read whole (any but Strong's and Hevy's, which are read a part at a time)",
        de: "ein ganz gelesener Export (jeder außer Strongs und Hevys, die stückweise gelesen werden)"))
    let (format, sessions) = try parsePacked(whole, fileName: path, findings: findings)
    return (format, sessions, [])
  }

  /// The most bytes of an export read whole: FitNotes', Fitbod's, GymBook's and JEFIT's CSV and
  /// native JSON, whose years of history are a few megabytes (a Strong export of 20 years, read a
  /// part at a time, is 10 MB).
  static let largestWholeFile = 128 << 20

  /// A Strong or Hevy CSV file read a chunk at a time; nil when its header is neither's.
  private func readInChunks(path: String, context: ImportContext) throws -> (HistoryFormat, [PackedSession])?
  {
    var reader = try CSVChunkReader(path: path, chunkSize: chunkSize)
    // Closed here unless the prefetcher took it over, which then closes it.
    var handedOver = false
    defer { if !handedOver { reader.close() } }
    guard let first = try reader.next(), let headerRecord = first.records.first else { return nil }
    let header = first.fields(of: headerRecord)
    let read: (() throws -> CSVTable?) throws -> (HistoryFormat, [PackedSession])
    if let importer = Self.chunkedImporters.first(where: { $0.matches(header: header) }) {
      read = { next in try importer.sessions(context: context, header: header, first: first, next: next) }
    } else if let columns = StrongColumnInference.columns(
      header: header, records: first.records.dropFirst(), in: first)
    {
      let importer = StrongCSVImporter(context: context, header: header, columns: columns)
      read = { next in try StrongCSVImporter.sessions(importer: importer, first: first, next: next) }
    } else {
      return nil
    }
    if reader.isExhausted { return try read { nil } }
    // The rest is read ahead on a second thread while this one reads the sets.
    let prefetcher = CSVChunkPrefetcher(reader)
    handedOver = true
    defer { prefetcher.stop() }
    return try read { try prefetcher.next() }
  }

  /// The readers that take a file a chunk at a time, in the order their headers are tried.
  ///
  /// Computed, not stored: a stored array of metatypes is global state Swift 6 cannot prove
  /// `Sendable`, and an import asks for it once or twice.
  static var chunkedImporters: [any ChunkedCSVImporter.Type] {
    [StrongCSVImporter.self, HevyCSVImporter.self]
  }

  /// Which app wrote `prefix`, the start of a file, from its first line alone; nil when it is
  /// none Spotter reads. Choosing among a folder of exports reads no more than that.
  public static func format(sniffing prefix: Data) -> HistoryFormat? {
    let bytes = [UInt8](prefix)
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    guard let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
    if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return .nativeJSON }
    if AppleHealthImporter.matches(bytes) { return .appleHealth }
    let line = Array(body.prefix { $0 != 0x0A && $0 != 0x0D })
    let table = CSVReader(delimiter: CSVReader.sniffDelimiter(line)).table(line)
    guard let record = table.records.first else { return nil }
    let header = table.fields(of: record)
    guard header.count <= widestHeader else { return nil }
    if StrongCSVImporter.matches(header: header) { return .strongCSV }
    if HevyCSVImporter.matches(header: header) { return .hevyCSV }
    if FitNotesIOSCSVImporter.matches(header: header) { return .fitNotesIOSCSV }
    if FitbodCSVImporter.matches(header: header) { return .fitbodCSV }
    if GymBookCSVImporter.matches(header: header) { return .gymBookCSV }
    if JefitCSVImporter.matches(header: header) { return .jefitCSV }
    if FitNotesCSVImporter.matches(header: header) { return .fitNotesCSV }
    // A Strong export whose header is in a language Spotter has no names for is known by its
    // rows, as an import of the file itself knows it: the whole lines of the prefix.
    if let end = body.lastIndex(of: 0x0A) {
      let rows = CSVReader(delimiter: CSVReader.sniffDelimiter(line)).table(Array(body[...end]))
      if let first = rows.records.first,
        StrongColumnInference.columns(
          header: rows.fields(of: first), records: rows.records.dropFirst(), in: rows)
          != nil
      {
        return .strongCSV
      }
    }
    return nil
  }

  /// The sessions in `data`, oldest first; `fileName` is quoted in errors.
  public func parse(_ data: Data, fileName: String) throws -> (HistoryFormat, [Session]) {
    let (format, sessions) = try parsePacked(data, fileName: fileName)
    return (format, sessions.map(\.unpacked))
  }

  /// The sessions in `data` as a nightly run reads them: a typo'd set or workout is left out and
  /// noted in `findings`, and the file is refused past a fifth of them (``ImportFindings/check()``).
  public func parse(_ data: Data, fileName: String, findings: ImportFindings) throws -> (
    HistoryFormat, [Session]
  ) {
    let (format, sessions) = try parsePacked(data, fileName: fileName, findings: findings)
    try findings.check()
    return (format, sessions.map(\.unpacked))
  }

  /// ``parse(_:fileName:)`` with the sets packed as the store keeps them.
  func parsePacked(_ data: Data, fileName: String, findings: ImportFindings? = nil) throws -> (
    HistoryFormat, [PackedSession]
  ) {
    var context = ImportContext(
      fileName: fileName, clock: clock, defaultUnit: defaultUnit, dateOrder: dateOrder)
    context.strict = strict || findings == nil
    context.findings = findings
    let bytes = [UInt8](data)
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    if let error = NotAHistory.error(forStartOf: bytes, file: fileName) { throw error }
    if let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
      first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    {
      let text = String(decoding: body, as: UTF8.self)
      let sessions = try NativeJSONImporter(context: context, text: text).sessions(Data(body))
      return (.nativeJSON, sessions.sorted { $0.start < $1.start }.map(PackedSession.init))
    }
    let table = CSVReader(delimiter: CSVReader.sniffDelimiter(body)).table(body)
    guard let first = table.records.first else {
      throw SpotterIOError.unknownHeader(file: fileName, header: "")
    }
    let header = table.fields(of: first)
    let rows = table.records.dropFirst()
    guard header.count <= Self.widestHeader else {
      throw SpotterIOError.unknownHeader(file: fileName, header: Self.headerLine(of: body))
    }
    if let importer = Self.chunkedImporters.first(where: { $0.matches(header: header) }) {
      return try importer.sessions(context: context, header: header, first: table) { nil }
    }
    if FitNotesIOSCSVImporter.matches(header: header) {
      let sessions = try FitNotesIOSCSVImporter(context: context).sessions(
        header: header, table: table, rows: rows)
      return (.fitNotesIOSCSV, sessions.sorted { $0.start < $1.start }.map(PackedSession.init))
    }
    if FitbodCSVImporter.matches(header: header) {
      let sessions = try FitbodCSVImporter(context: context).sessions(
        header: header, table: table, rows: rows)
      return (.fitbodCSV, sessions.map(PackedSession.init))
    }
    if GymBookCSVImporter.matches(header: header) {
      let sessions = try GymBookCSVImporter(context: context).sessions(
        header: header, table: table, rows: rows)
      return (.gymBookCSV, sessions.sorted { $0.start < $1.start }.map(PackedSession.init))
    }
    if JefitCSVImporter.matches(header: header) {
      return (
        .jefitCSV, try JefitCSVImporter(context: context).sessions(table: table).map(PackedSession.init)
      )
    }
    if FitNotesCSVImporter.matches(header: header) {
      let sessions = try FitNotesCSVImporter(context: context).sessions(
        header: header, table: table, rows: rows)
      return (.fitNotesCSV, sessions.sorted { $0.start < $1.start }.map(PackedSession.init))
    }
    if let columns = StrongColumnInference.columns(header: header, records: rows, in: table) {
      let importer = StrongCSVImporter(context: context, header: header, columns: columns)
      return try StrongCSVImporter.sessions(importer: importer, first: table) { nil }
    }
    if StrongColumn.looksLikeStrong(header) {
      let names = header.map(StrongColumn.normalise)
      throw SpotterIOError.unknownStrongLanguage(
        file: fileName, found: header.map { $0.trimmingCharacters(in: .whitespaces) },
        missing: StrongColumn.required.filter { $0.index(in: names) == nil }.map(\.englishName))
    }
    throw SpotterIOError.unknownHeader(file: fileName, header: Self.headerLine(of: body))
  }

  /// The most columns a header may have to be looked at as an app's: their exports have 5 to 16
  /// (Strong 12 or 13, Hevy 14, GymBook 16). A folder of downloads holds text whose first line
  /// has thousands of commas (minified scripts, prose), and each app's check of each such
  /// "column" made a nightly run over 5,000 files take a minute.
  static let widestHeader = 64

  /// The first line of `body`, cut to 200 characters, for an error.
  static func headerLine(of body: [UInt8]) -> String {
    String(String(decoding: body.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self).prefix(200))
  }
}
