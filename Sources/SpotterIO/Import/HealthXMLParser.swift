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

  /// Ends the document: an unclosed element is an error here.
  func finish() throws {
    if context == nil { try feed(UnsafeRawBufferPointer(start: nil, count: 0)) }
    try check(xmlParseChunk(context, nil, 0, 1))
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
