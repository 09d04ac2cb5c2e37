import CLibXML2
import Foundation
import SpotterCore

/// Streams Apple Health's `export.xml` through libxml2's push parser and hands over each
/// `<Workout>`; everything else (millions of `<Record>`s) is skipped without making a Swift
/// string. The only file that calls libxml2.
///
/// No DTD or entity is loaded from outside the file (`XML_PARSE_NONET`, no `NOENT`), and libxml2's
/// own limits against entity expansion stay on.
final class HealthXMLParser {
  private let fileName: String
  private let onWorkout: (HealthWorkout) throws -> Void
  private var handler = xmlSAXHandler()
  private var context: xmlParserCtxtPtr?
  private var current: HealthWorkout?
  /// The first error a callback hit; parsing stops there and `feed` or `finish` throws it.
  private var failure: (any Error)?
  private var xmlError: (line: Int, message: String)?

  init(fileName: String, onWorkout: @escaping (HealthWorkout) throws -> Void) {
    self.fileName = fileName
    self.onWorkout = onWorkout
    handler.initialized = UInt32(XML_SAX2_MAGIC)
    handler.startElementNs = { user, name, _, _, _, _, count, _, attributes in
      guard let user, let name else { return }
      Unmanaged<HealthXMLParser>.fromOpaque(user).takeUnretainedValue().start(name, count, attributes)
    }
    handler.endElementNs = { user, name, _, _ in
      guard let user, let name else { return }
      Unmanaged<HealthXMLParser>.fromOpaque(user).takeUnretainedValue().end(name)
    }
    handler.serror = { user, error in
      guard let user, let error else { return }
      let parser = Unmanaged<HealthXMLParser>.fromOpaque(user).takeUnretainedValue()
      guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue, parser.xmlError == nil else { return }
      let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
      parser.xmlError = (Int(error.pointee.line), message.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  deinit {
    if let context {
      xmlFreeDoc(context.pointee.myDoc)
      xmlFreeParserCtxt(context)
    }
  }

  /// The most attributes one element may carry: Apple Health writes fewer than twenty, and
  /// libxml2 2.9 checks each new attribute against all earlier ones, so 480,000 took 72 s.
  static let mostAttributes = 1_000
  /// The longest run of bytes without a `>`: an element of Apple Health is a few hundred bytes,
  /// and libxml2's push parser looks again through an unfinished tag at every chunk, so a damaged
  /// file with no `>` for megabytes would cost time quadratic in their number.
  static let longestTag = 1 << 20

  /// Bytes since the last `>`, across chunks.
  private var sinceClose = 0
  /// `=` signs counted since the last `>`, once that run is long enough to hold many.
  private var equalsSinceClose = 0

  /// Refuses an element that is longer, or has more attributes, than any Apple Health writes,
  /// before libxml2 sees it. One pass of `memchr` for `>`; the `=` signs are counted only in
  /// runs longer than a few kilobytes, which a real export never has.
  private func checkBounds(_ bytes: UnsafeRawBufferPointer) throws {
    guard let base = bytes.baseAddress else { return }
    let close = Int32(UInt8(ascii: ">"))
    let equals = UInt8(ascii: "=")
    let countFrom = 4 * Self.mostAttributes
    var offset = 0
    while offset < bytes.count {
      let found = memchr(base + offset, close, bytes.count - offset)
      let end = found.map { UnsafeRawPointer($0) - base } ?? bytes.count
      if sinceClose + (end - offset) > countFrom {
        let first = max(offset, offset + countFrom - sinceClose)
        for index in first..<end where bytes[index] == equals { equalsSinceClose += 1 }
      }
      sinceClose += end - offset
      if equalsSinceClose > Self.mostAttributes || sinceClose > Self.longestTag {
        let what =
          equalsSinceClose > Self.mostAttributes
          ? "an element with more than \(Self.mostAttributes) attributes"
          : "more than \(Self.longestTag) bytes without closing a tag"
        throw SpotterIOError.malformedRow(
          file: fileName, line: max(line, 1), column: "xml", value: "",
          reason: "\(what), which no Apple Health export has; the file is damaged")
      }
      if found != nil {
        sinceClose = 0
        equalsSinceClose = 0
        offset = end + 1
      } else {
        offset = end
      }
    }
  }

  /// The bytes before the root element, held until it starts so that the DOCTYPE can be left
  /// out whole (``withoutDoctype(_:before:)``); nil once they are handed over.
  private var prolog: [UInt8]? = []
  /// Where the search for the root element goes on in ``prolog``, so that a prolog arriving a
  /// few bytes at a time is looked through once, not again at every chunk.
  private var prologScanned = 0
  /// The most bytes held for the prolog: Apple's DTD is about 10 KB. Past this the bytes go to
  /// libxml2 as they are, and it says what is wrong with them.
  static let longestProlog = 4 << 20

  /// Parses the next chunk of the file.
  func feed(_ bytes: UnsafeRawBufferPointer) throws {
    try checkBounds(bytes)
    if context == nil {
      context = xmlCreatePushParserCtxt(
        &handler, Unmanaged.passUnretained(self).toOpaque(), nil, 0, fileName)
      guard let context else {
        throw SpotterIOError.io(
          path: fileName, reason: Phrase("cannot start the XML parser", de: "der XML-Parser startet nicht"))
      }
      xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue))
    }
    guard var held = prolog else { return try parse(bytes) }
    held.append(contentsOf: bytes)
    let (root, resume) = Self.rootStart(in: held, from: prologScanned)
    prologScanned = resume
    if let root {
      prolog = nil
      try Self.withoutDoctype(held, before: root).withUnsafeBytes { try parse($0) }
    } else if held.count > Self.longestProlog {
      prolog = nil
      try held.withUnsafeBytes { try parse($0) }
    } else {
      prolog = held
    }
  }

  /// A file that ends inside an element, where the bytes before read: cut off (an interrupted
  /// copy), not damaged; `error` says where.
  struct CutOff: Error {
    var error: SpotterIOError
    /// Whether the end came inside a `<Workout>`, which is then lost.
    var inWorkout: Bool
  }

  /// Ends the document: an unclosed element is an error here, thrown as ``CutOff`` when every
  /// byte before the end read.
  func finish() throws {
    if context == nil { try feed(UnsafeRawBufferPointer(start: nil, count: 0)) }
    if let held = prolog {
      prolog = nil
      try held.withUnsafeBytes { try parse($0) }
    }
    let status = xmlParseChunk(context, nil, 0, 1)
    do {
      try check(status)
    } catch let error as SpotterIOError {
      guard failure == nil, case .malformedRow(let file, let line, let column, _, let reason) = error else {
        throw error
      }
      throw CutOff(
        error: .malformedRow(
          file: file, line: line, column: column, value: "",
          reason: Phrase(
            "the file ends inside an element (\(reason.english)): cut off, as an interrupted copy leaves it",
            de: "die Datei endet mitten in einem Element (\(reason.english)): abgeschnitten, wie eine "
              + "unterbrochene Kopie sie hinterlässt")),
        inWorkout: current != nil)
    }
  }

  /// Hands `bytes` to libxml2, each control character XML 1.0 forbids (Apple Health writes
  /// U+000B into some values since iOS 16) as a space: one such byte anywhere refused the whole
  /// export. In UTF-8 these bytes are never part of a longer character, and no line moves.
  private func parse(_ bytes: UnsafeRawBufferPointer) throws {
    if Self.holdsForbiddenControl(bytes) {
      return try bytes.map { Self.isForbiddenControl($0) ? UInt8(ascii: " ") : $0 }.withUnsafeBytes {
        try parse(clean: $0)
      }
    }
    try parse(clean: bytes)
  }

  private func parse(clean bytes: UnsafeRawBufferPointer) throws {
    var offset = 0
    // xmlParseChunk takes an Int32 length: hand over at most 16 MiB at a time.
    repeat {
      let count = min(bytes.count - offset, 1 << 24)
      let base = bytes.baseAddress.map { $0.advanced(by: offset).assumingMemoryBound(to: CChar.self) }
      let status = xmlParseChunk(context, base, Int32(count), 0)
      try check(status)
      offset += count
    } while offset < bytes.count
  }

  static func isForbiddenControl(_ byte: UInt8) -> Bool {
    byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
  }

  /// Whether `bytes` hold a control character XML forbids. Eight bytes at a time: a word is
  /// looked at byte by byte only when one of its bytes is under 0x20 (a line break, mostly), so
  /// the look costs a tenth of what a byte-by-byte one did on a 366 MB export.
  static func holdsForbiddenControl(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let count = bytes.count
    var index = 0
    let ones: UInt64 = 0x0101_0101_0101_0101
    while index + 8 <= count {
      let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      // Non-zero exactly when some byte of the word is under 0x20.
      if (word &- ones &* 0x20) & ~word & (ones &* 0x80) != 0 {
        for offset in index..<(index + 8) where isForbiddenControl(bytes[offset]) { return true }
      }
      index += 8
    }
    while index < count {
      if isForbiddenControl(bytes[index]) { return true }
      index += 1
    }
    return false
  }

  /// Where the root element starts in `bytes`, looking from `from`: the first `<` that opens an
  /// element, past the XML declaration, comments and the DOCTYPE's declarations; nil when it is
  /// not there yet, with where to look again once more bytes came.
  static func rootStart(in bytes: [UInt8], from: Int) -> (root: Int?, resume: Int) {
    var index = from
    while index < bytes.count, let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
      // `<` and what follows it: looked at again once they are all here.
      guard open + 4 <= bytes.count else { return (nil, open) }
      let next = bytes[open + 1]
      if next == UInt8(ascii: "!"), bytes[open..<(open + 4)].elementsEqual("<!--".utf8) {
        // A comment may hold anything, `<Workout` too.
        guard let end = bytes[(open + 4)...].firstRange(of: "-->".utf8)?.lowerBound else {
          return (nil, open)
        }
        index = end + 3
        continue
      }
      if next != UInt8(ascii: "!"), next != UInt8(ascii: "?"), next != UInt8(ascii: "/") {
        return (open, open)
      }
      index = open + 1
    }
    return (nil, bytes.count)
  }

  /// `bytes` with the DOCTYPE before `root` left out, its line breaks kept so that libxml2's
  /// line numbers stay the file's. Spotter reads no declaration of it, and Apple Health has
  /// written it broken since iOS 16 (HealthKit Export Version 12: `<!ATTLIST VisionPrescription`
  /// never closed), which refused every export made since.
  static func withoutDoctype(_ bytes: [UInt8], before root: Int) -> [UInt8] {
    guard let start = bytes[..<root].firstRange(of: "<!DOCTYPE".utf8)?.lowerBound,
      let end = bytes[start..<root].lastIndex(of: UInt8(ascii: ">"))
    else { return bytes }
    var result = Array(bytes[..<start])
    result.reserveCapacity(bytes.count)
    result += bytes[start...end].filter { $0 == UInt8(ascii: "\n") }
    result += bytes[(end + 1)...]
    return result
  }

  private func check(_ status: Int32) throws {
    if let failure { throw failure }
    guard status == 0 || xmlError != nil else {
      throw SpotterIOError.malformedRow(
        file: fileName, line: line, column: "xml", value: "",
        reason: Phrase(
          "malformed XML (libxml2 error \(status))", de: "fehlerhaftes XML (libxml2-Fehler \(status))"))
    }
    if let xmlError {
      throw SpotterIOError.malformedRow(
        file: fileName, line: xmlError.line, column: "xml", value: "", reason: Phrase(xmlError.message))
    }
  }

  private var line: Int { context.map { Int(xmlSAX2GetLineNumber($0)) } ?? 0 }

  private func start(
    _ name: UnsafePointer<xmlChar>, _ count: Int32,
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    if Self.equals(name, "Workout") {
      var workout = HealthWorkout(line: line, activityType: "", startDate: "", endDate: "", timeZone: nil)
      for (key, value) in Self.attributes(count, attributes) {
        switch key {
        case "workoutActivityType": workout.activityType = value
        case "startDate": workout.startDate = value
        case "endDate": workout.endDate = value
        default: break
        }
      }
      current = workout
    } else if current != nil, Self.equals(name, "MetadataEntry") {
      let pairs = Dictionary(Self.attributes(count, attributes), uniquingKeysWith: { $1 })
      if pairs["key"] == "HKTimeZone" { current?.timeZone = pairs["value"] }
    }
  }

  private func end(_ name: UnsafePointer<xmlChar>) {
    guard let workout = current, Self.equals(name, "Workout") else { return }
    current = nil
    do {
      try onWorkout(workout)
    } catch {
      if failure == nil { failure = error }
      xmlStopParser(context)
    }
  }

  private static func equals(_ name: UnsafePointer<xmlChar>, _ literal: StaticString) -> Bool {
    strcmp(
      UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self),
      UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
  }

  /// SAX2 hands attributes as five pointers each: name, prefix, URI, value start, value end.
  private static func attributes(_ count: Int32, _ raw: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?)
    -> [(String, String)]
  {
    guard let raw else { return [] }
    return (0..<Int(count)).compactMap { index in
      guard let name = raw[5 * index], let start = raw[5 * index + 3], let end = raw[5 * index + 4] else {
        return nil
      }
      return (
        String(cString: name),
        String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
      )
    }
  }
}
