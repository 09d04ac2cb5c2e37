import Foundation
import SpotterCore

/// Reads a CSV file a chunk of records at a time, so an import holds one chunk of the file, never
/// all of it.
///
/// Twenty years of history are a 10 MB file; held whole, with a byte range per field, they cost
/// 40 MB more than one year did.
struct CSVChunkReader {
  let path: String
  let chunkSize: Int
  private let handle: FileHandle
  /// The bytes read but not yet returned as records: the start of a record cut by a chunk's end.
  private var pending: [UInt8]
  private var line = 1
  private var atEnd = false
  private(set) var delimiter: UInt8?

  /// The longest a record may be: a set's row is a few hundred bytes, notes and all.
  static let longestRecord = 1 << 20

  /// Opens `path`, to be read `chunkSize` bytes at a time; a record longer than that makes its
  /// chunk grow until it fits, up to ``longestRecord``.
  init(path: String, chunkSize: Int) throws {
    self.path = path
    self.chunkSize = max(chunkSize, 1)
    self.handle = try InputFile.open(path)
    pending = []
  }

  /// Whether every record of the file has been returned.
  var isExhausted: Bool { atEnd && pending.isEmpty }

  /// Closes the file; call once, when done.
  func close() {
    try? handle.close()
  }

  /// The next chunk's records, or nil at the end of the file.
  mutating func next() throws -> CSVTable? {
    while true {
      if !atEnd && pending.count < chunkSize { try fill(chunkSize - pending.count) }
      if pending.isEmpty && atEnd { return nil }
      let delimiter = delimiter ?? CSVReader.sniffDelimiter(pending)
      self.delimiter = delimiter
      let (table, consumed, nextLine) = CSVReader(delimiter: delimiter).table(
        pending, firstLine: line, isLast: atEnd)
      if consumed == 0 && !atEnd {
        // One record longer than the chunk: read on until it ends, as far as a row can be long.
        // Zeros after an export's rows (a sparse file of 10 GB) were one record read on for ever,
        // 16 GB of memory in two minutes.
        guard pending.count < Self.longestRecord else {
          throw SpotterIOError.malformedRow(
            file: path, line: line, column: "row",
            value: String(decoding: pending.prefix(40), as: UTF8.self),
            reason: Phrase(
              "a row of more than \(Self.longestRecord) bytes without its end (an unclosed quote, or no text) starts with",
              de:
                "eine Zeile von mehr als \(Self.longestRecord) Bytes ohne Ende (ein offenes Anführungszeichen, "
                + "oder kein Text) beginnt mit"))
        }
        try fill(max(chunkSize, pending.count))
        continue
      }
      pending.removeFirst(consumed)
      line = nextLine
      if table.records.isEmpty && atEnd && pending.isEmpty { return nil }
      return table
    }
  }

  /// Appends up to `count` bytes of the file to `pending`.
  private mutating func fill(_ count: Int) throws {
    var wanted = count
    while wanted > 0 {
      let data: Data
      do {
        data = try handle.read(upToCount: wanted) ?? Data()
      } catch {
        throw SpotterIOError.io(path: path, reason: UnreadableFile.reason(path))
      }
      if data.isEmpty {
        atEnd = true
        return
      }
      pending.append(contentsOf: data)
      wanted -= data.count
    }
  }
}
