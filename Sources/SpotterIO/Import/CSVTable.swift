import Foundation
import SpotterCore

/// The records of a CSV file, with every field a range of one byte buffer.
///
/// Five years of history are 30,000 rows of a dozen fields; a `String` per field and an array per
/// row made reading the file cost as much as the rest of an import. Fields stay byte ranges until
/// an importer asks for one, and most are only compared with the row before.
struct CSVTable {
  /// One record: where it starts in the file, and which fields are its own.
  struct Record {
    var line: Int
    var firstField: Int
    var count: Int
  }

  /// The file's bytes, followed by unescaped copies of the fields that needed one.
  var storage: [UInt8]
  /// Field `k` spans `storage[starts[k]..<ends[k]]`.
  var starts: [Int]
  var ends: [Int]
  var records: [Record]
  /// Whether a number may be written with a decimal comma (`62,5`): in a file whose fields are
  /// not separated by commas, as a spreadsheet saves an export in a German or French locale
  /// (Excel and LibreOffice write `;` there). The apps themselves write a point.
  var decimalComma = false

  /// The text of the record's field in `column`.
  subscript(record: Record, column: Int) -> String {
    String(decoding: storage[range(record, column)], as: UTF8.self)
  }

  /// All of the record's fields as text.
  func fields(of record: Record) -> [String] {
    (0..<record.count).map { self[record, $0] }
  }

  /// Whether two records hold the same bytes in `column`.
  func same(_ first: Record, _ second: Record, column: Int) -> Bool {
    let a = range(first, column)
    let b = range(second, column)
    guard a.count == b.count else { return false }
    return storage.withUnsafeBufferPointer { buffer in
      a.isEmpty
        || memcmp(buffer.baseAddress! + a.lowerBound, buffer.baseAddress! + b.lowerBound, a.count) == 0
    }
  }

  /// Whether the field holds exactly `text`'s bytes.
  func field(_ record: Record, column: Int, equals text: StaticString) -> Bool {
    let range = range(record, column)
    guard range.count == text.utf8CodeUnitCount else { return false }
    return storage.withUnsafeBufferPointer { buffer in
      range.isEmpty || memcmp(buffer.baseAddress! + range.lowerBound, text.utf8Start, range.count) == 0
    }
  }

  /// What a numeric field holds.
  enum Number {
    case empty
    case value(Double)
    case invalid
  }

  /// The field read as a non-negative number; surrounding spaces and tabs are ignored.
  func number(_ record: Record, column: Int) -> Number {
    number(record, column: column, negated: false)
  }

  /// The magnitude of a field written negative (`-18.1`, or `-18,1` where the decimal mark is a
  /// comma), as an assisted exercise's help is; `.invalid` when the field is not negative.
  func negativeNumber(_ record: Record, column: Int) -> Number {
    number(record, column: column, negated: true)
  }

  private func number(_ record: Record, column: Int, negated: Bool) -> Number {
    let range = range(record, column)
    return storage.withUnsafeBufferPointer { buffer in
      var bytes = buffer[range]
      while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
      while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
      if bytes.isEmpty { return .empty }
      if negated {
        guard bytes.first == UInt8(ascii: "-") else { return .invalid }
        bytes = bytes.dropFirst()
        // `--5` and `- 5` are no numbers.
        guard let first = bytes.first, first != UInt8(ascii: "-"), first != UInt8(ascii: "+"), first != 0x20
        else { return .invalid }
      }
      // Almost every cell is a plain decimal; other spellings (`1e2`) go through the full parser.
      if let value = ASCIIDigits.decimal(bytes) { return .value(value) }
      if decimalComma, let comma = bytes.firstIndex(of: UInt8(ascii: ",")),
        !bytes[bytes.index(after: comma)...].contains(UInt8(ascii: ",")),
        let value = ASCIIDigits.decimal(
          Array(bytes[..<comma]) + [UInt8(ascii: ".")] + bytes[bytes.index(after: comma)...])
      {
        return .value(value)
      }
      guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite, value >= 0 else {
        return .invalid
      }
      return .value(value)
    }
  }

  /// Whether the field holds nothing but spaces and tabs.
  func isBlank(_ record: Record, column: Int) -> Bool {
    storage[range(record, column)].allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// Whether the field is a non-empty run of ASCII digits, as Strong's set numbers are.
  func isDigits(_ record: Record, column: Int) -> Bool {
    let bytes = storage[range(record, column)]
    return !bytes.isEmpty && bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }

  private func range(_ record: Record, _ column: Int) -> Range<Int> {
    starts[record.firstField + column]..<ends[record.firstField + column]
  }
}
