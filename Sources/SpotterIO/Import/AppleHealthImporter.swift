import Foundation
import SpotterCore

/// Reads the workouts of Apple Health's "Export All Health Data": `export.xml`, or the
/// `export.zip` that holds it, read without unpacking it to disk.
///
/// The file runs to gigabytes and is almost all `<Record>`s, so it is streamed in 1 MiB chunks and
/// only `<Workout>` elements are kept: memory stays flat in the file's size. Which workouts count
/// as training is `activityTypes`. There are no sets: these sessions teach when the person trains
/// and tell that they trained today, and earn no records.
///
/// Times: `startDate` carries an offset, but the export writes every date with the offset the
/// phone had when exporting (a November workout in Los Angeles appears as `-0700`), so the offset
/// is right for the instant and wrong for the wall clock. Where `HKTimeZone` says where the
/// workout was recorded, the session's time of day is the wall clock there, as Strong and Hevy
/// record it for someone who travels; otherwise the instant stands.
public struct AppleHealthImporter: Sendable {
  public let context: ImportContext
  /// The `HKWorkoutActivityType…` names that count as training.
  public let activityTypes: Set<String>

  public static let defaultActivityTypes = [
    "TraditionalStrengthTraining", "FunctionalStrengthTraining", "HighIntensityIntervalTraining",
    "CrossTraining", "CoreTraining",
  ]

  public init(context: ImportContext, activityTypes: [String] = Self.defaultActivityTypes) {
    self.context = context
    self.activityTypes = Set(activityTypes.map(Self.fullName))
  }

  /// `TraditionalStrengthTraining` and `HKWorkoutActivityTypeTraditionalStrengthTraining` alike.
  static func fullName(_ type: String) -> String {
    type.hasPrefix("HKWorkoutActivityType") ? type : "HKWorkoutActivityType" + type
  }

  /// Whether `prefix`, a file's first bytes, is an Apple Health export: any zip archive (the
  /// only archive Spotter reads, and a re-zipped export may put `export.xml` anywhere; one
  /// without it is told so), or XML whose root is `<HealthData>`.
  public static func matches(_ prefix: [UInt8]) -> Bool {
    if prefix.starts(with: [0x50, 0x4B, 0x03, 0x04]) || prefix.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
      return true
    }
    let text = String(decoding: prefix.prefix(4096), as: UTF8.self)
    // The real file opens with a long inline DTD, so its root may lie beyond these bytes.
    return text.hasPrefix("<?xml") && (text.contains("<!DOCTYPE HealthData") || text.contains("<HealthData"))
      || text.hasPrefix("<HealthData") || text.hasPrefix("<!DOCTYPE HealthData")
  }

  /// Whether the zip archive at `path` holds `export.xml`, or cannot be read as an archive at
  /// all (so that its damage is reported, not passed over).
  static func mayBeExport(zipAt path: String) -> Bool {
    guard let archive = try? ZipArchive(path: path) else { return true }
    defer { archive.close() }
    return exportEntry(in: archive.entries) != nil
  }

  /// The workouts in the file at `path`, oldest first; `progress` hears the bytes read so far
  /// and the total.
  public func sessions(path: String, progress: ((Int64, Int64) -> Void)? = nil) throws -> [Session] {
    try sessionsCounting(path: path, progress: progress).sessions
  }

  /// ``sessions(path:progress:)``, with how many workouts of each type that does not count were
  /// passed over, so that an import can say so.
  public func sessionsCounting(path: String, progress: ((Int64, Int64) -> Void)? = nil) throws -> (
    sessions: [Session], passedOver: [String: Int]
  ) {
    let handle = try InputFile.open(path)
    defer { try? handle.close() }
    let total = Int64(
      (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)??.int64Value ?? 0)
    let head = (try? handle.read(upToCount: 4)) ?? Data()
    return try parsed { parser in
      if head.starts(with: [0x50, 0x4B]) {
        try readZip(path: path, total: total, parser: parser, progress: progress)
      } else {
        try handle.seek(toOffset: 0)
        var read: Int64 = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
          try chunk.withUnsafeBytes { try parser.feed($0) }
          read += Int64(chunk.count)
          progress?(read, total)
        }
      }
    }
  }

  /// The workouts in `data`, an `export.xml` already in memory (the fuzzer's way in).
  public func sessions(xml data: Data) throws -> [Session] {
    try parsed { parser in try data.withUnsafeBytes { try parser.feed($0) } }.sessions
  }

  /// The training sessions among the workouts of the XML that `feed` hands the parser, oldest
  /// first.
  private func parsed(_ feed: (HealthXMLParser) throws -> Void) throws -> (
    sessions: [Session], passedOver: [String: Int]
  ) {
    var sessions: [Session] = []
    var passedOver: [String: Int] = [:]
    let parser = HealthXMLParser(fileName: context.fileName) { workout in
      let found: Session?
      do {
        found = try self.session(workout)
      } catch let error as SpotterIOError {
        // Other apps write workouts into Health: one with its end before its start costs that
        // workout, not the years of the export around it.
        try self.context.passOverRecord(error)
        return
      }
      if let session = found {
        sessions.append(session)
      } else {
        let type = Self.words(
          String(workout.activityType.dropFirst("HKWorkoutActivityType".count).prefix(60)))
        // A file that invents a type per workout cannot grow the tally past a page of names.
        passedOver[
          passedOver.count < Self.typesTallied || passedOver[type] != nil ? type : "other", default: 0] += 1
      }
    }
    try feed(parser)
    do {
      try parser.finish()
    } catch let cut as HealthXMLParser.CutOff {
      // An export cut off at its end (an interrupted copy of a file of gigabytes) costs the
      // workout it ends in, said with its line, not the workouts read before it; strictly
      // read, it is refused.
      if cut.inWorkout {
        try context.leaveOutRecord(cut.error)
      } else {
        try context.noteHarmless(cut.error)
      }
    }
    return (sessions.sorted { ($0.start, $0.id) < ($1.start, $1.id) }, passedOver)
  }

  /// The most workout types counted one by one; the rest are "other".
  static let typesTallied = 100

  /// `passed over 812 Apple Health workouts of other types (Running 500, Walking 300, …)`, or nil;
  /// in German for `language` `.de`.
  public static func passedOverNote(_ passedOver: [String: Int], file: String, language: Language = .en)
    -> String?
  {
    let total = passedOver.values.reduce(0, +)
    guard total > 0 else { return nil }
    let top = passedOver.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
    let named =
      top.prefix(3).map { "\($0.key) \($0.value)" }.joined(separator: ", ") + (top.count > 3 ? ", …" : "")
    if language == .de {
      return "\(file): \(total) Apple-Health-Training\(total == 1 ? "" : "s") anderer Arten übergangen "
        + "(\(named)); [import] apple_health_types nennt die Arten, die als Training zählen"
    }
    return "\(file): passed over \(total) Apple Health workout\(total == 1 ? "" : "s") of other types "
      + "(\(named)); [import] apple_health_types names the types that count as training"
  }

  /// Streams `export.xml` out of the archive into the parser: the one in
  /// `apple_health_export/` as the Health app writes it, or wherever a re-zipped archive put it.
  private func readZip(
    path: String, total: Int64, parser: HealthXMLParser, progress: ((Int64, Int64) -> Void)?
  ) throws {
    func damaged(_ detail: String) -> SpotterIOError {
      .notAHistory(
        file: context.fileName, what: "a damaged zip archive (\(detail))",
        advice: "export it again from the Health app, or unpack it and import export.xml")
    }
    let archive: ZipArchive
    do {
      archive = try ZipArchive(path: path)
    } catch let damage as ZipArchive.Damage {
      throw damaged(damage.description)
    }
    defer { archive.close() }
    guard let entry = Self.exportEntry(in: archive.entries) else {
      let names = archive.entries.prefix(5).map { ErrorText.quoted($0.path) }.joined(separator: ", ")
      let more = archive.entries.count > 5 ? ", …" : ""
      throw SpotterIOError.notAHistory(
        file: context.fileName,
        what: archive.cut
          ? Phrase(
            "a zip archive cut short before its export.xml (no directory at its end; "
              + "\(archive.entries.count) files before the cut: \(names)\(more))")
          : archive.entries.isEmpty
            ? "a zip archive without export.xml (it is empty)"
            : "a zip archive without export.xml (it holds \(archive.entries.count) files: \(names)\(more))",
        advice: "Spotter reads Apple Health's export.zip; unpack other archives and import the export inside")
    }
    var read: Int64 = 0
    let size = Int64(clamping: entry.uncompressedSize)
    var cutInside = false
    do {
      try archive.stream(entry) { data in
        try data.withUnsafeBytes { try parser.feed($0) }
        read += Int64(data.count)
        // Compressed bytes are what the file holds: report progress through the archive.
        progress?(size > 0 && entry.complete ? Int64(Double(read) / Double(size) * Double(total)) : 0, total)
      }
    } catch is ZipArchive.CutShort {
      // What came before the cut is in the parser, whose end says what was lost.
      cutInside = true
    } catch let damage as ZipArchive.Damage {
      throw damaged(damage.description)
    }
    if archive.cut {
      // An interrupted copy of an archive of gigabytes leaves no directory at its end; the
      // export comes first in it, so a cut among the route and ECG files after it loses nothing.
      try context.noteHarmless(
        .notAHistory(
          file: context.fileName,
          what: Phrase(
            "a zip archive cut short (no directory at its end, as an interrupted copy leaves it); "
              + (cutInside ? "export.xml was read as far as it goes" : "export.xml before the cut is whole"),
            de: "ein abgeschnittenes Zip-Archiv (ohne Verzeichnis am Ende, wie eine unterbrochene Kopie es "
              + "hinterlässt); "
              + (cutInside
                ? "export.xml wurde gelesen, so weit es reicht" : "export.xml vor dem Schnitt ist ganz")),
          advice: Phrase(
            "copy the whole export.zip again to read it all",
            de: "kopiere export.zip noch einmal ganz, um alles zu lesen")))
    }
  }

  /// The archive's `export.xml`: Apple's own path first, then the shallowest other one; macOS's
  /// `__MACOSX/` resource copies are not exports.
  static func exportEntry(in entries: [ZipArchive.Entry]) -> ZipArchive.Entry? {
    if let own = entries.first(where: { $0.path == "apple_health_export/export.xml" }) { return own }
    return
      entries
      .filter {
        ($0.path == "export.xml" || $0.path.hasSuffix("/export.xml")) && !$0.path.hasPrefix("__MACOSX/")
      }
      .min { ($0.path.split(separator: "/").count, $0.path) < ($1.path.split(separator: "/").count, $1.path) }
  }

  /// A training session for `workout`, or nil when its type does not count.
  func session(_ workout: HealthWorkout) throws -> Session? {
    guard activityTypes.contains(workout.activityType) else { return nil }
    context.findings?.countRecord()
    func instant(_ text: String, _ field: String) throws -> Date {
      guard let date = Self.instant(text) else {
        throw SpotterIOError.malformedRow(
          file: context.fileName, line: workout.line, column: field, value: text,
          reason: Phrase("expected yyyy-MM-dd HH:mm:ss ±HHMM", de: "erwartet yyyy-MM-dd HH:mm:ss ±HHMM"))
      }
      return date
    }
    var start = try instant(workout.startDate, "startDate")
    var end = try instant(workout.endDate, "endDate")
    guard end >= start else {
      throw SpotterIOError.malformedRow(
        file: context.fileName, line: workout.line, column: "endDate", value: workout.endDate,
        reason: Phrase(
          "ends before its startDate '\(workout.startDate)'",
          de: "endet vor seinem startDate '\(workout.startDate)'"))
    }
    // A history holds 1970 to 2099, as every other app's import has it: a workout an app wrote
    // into Health in 1900 was kept.
    try context.checkDate(
      context.clock.local(start), line: workout.line, column: "startDate", value: workout.startDate)
    if let name = workout.timeZone, let zone = TimeZone(identifier: name),
      zone.identifier != context.clock.identifier
    {
      // The wall clock where it happened, read in the configured zone.
      let there = ZoneClock(timeZone: zone)
      let length = end.timeIntervalSince(start)
      start = context.clock.instant(there.local(start))
      end = start.addingTimeInterval(length)
    }
    let type = String(workout.activityType.dropFirst("HKWorkoutActivityType".count))
    return Session(
      id: "health-\(Int(start.timeIntervalSince1970))-\(type)", source: .appleHealth,
      workoutName: Self.words(type), start: start, end: end)
  }

  /// "TraditionalStrengthTraining" as "Traditional Strength Training".
  static func words(_ name: String) -> String {
    var result = ""
    for character in name {
      if character.isUppercase, let last = result.last, !last.isUppercase { result.append(" ") }
      result.append(character)
    }
    return result
  }

  /// `2016-11-14 07:25:41 -0700` as an instant.
  static func instant(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 25, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x20, bytes[13] == 0x3A,
      bytes[16] == 0x3A, bytes[19] == 0x20, bytes[20] == 0x2B || bytes[20] == 0x2D
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard (0x30...0x39).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      let offsetHours = number(21..<23), let offsetMinutes = number(23..<25),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61,
      offsetHours < 24, offsetMinutes < 60,
      let date = LocalDate(year: year, month: month, day: day)
    else { return nil }
    let offset = (offsetHours * 3600 + offsetMinutes * 60) * (bytes[20] == 0x2D ? -1 : 1)
    let seconds = date.daysSinceEpoch * 86400 + hour * 3600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }
}
