/// A quote-aware RFC 4180 reader that remembers the line each record starts on.
///
/// Strong notes may hold the delimiter, quotes and line breaks, so splitting on lines or on the
/// delimiter alone would misread real exports.
struct CSVReader {
  struct Record {
    var line: Int
    var fields: [String]
  }

  let delimiter: UInt8

  /// Picks `;` or `,`, whichever the header line (outside quotes) uses more.
  static func sniffDelimiter(headerLine: Substring) -> UInt8 {
    var inQuotes = false
    var commas = 0
    var semicolons = 0
    for character in headerLine.utf8 {
      switch character {
      case UInt8(ascii: "\""): inQuotes.toggle()
      case UInt8(ascii: ",") where !inQuotes: commas += 1
      case UInt8(ascii: ";") where !inQuotes: semicolons += 1
      default: break
      }
    }
    return semicolons > commas ? UInt8(ascii: ";") : UInt8(ascii: ",")
  }

  /// Splits `bytes` into records; a UTF-8 BOM is skipped, CRLF and LF both end a record, and
  /// blank lines are dropped.
  func records(_ bytes: [UInt8]) -> [Record] {
    var records: [Record] = []
    var fields: [String] = []
    var field: [UInt8] = []
    var inQuotes = false
    var line = 1
    var recordLine = 1
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var fieldWasQuoted = false

    func endField() {
      fields.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
      fieldWasQuoted = false
    }
    func endRecord() {
      endField()
      if !(fields.count == 1 && fields[0].isEmpty) {
        records.append(Record(line: recordLine, fields: fields))
      }
      fields.removeAll(keepingCapacity: true)
    }

    let quote = UInt8(ascii: "\"")
    let newline = UInt8(ascii: "\n")
    let cr = UInt8(ascii: "\r")
    while index < bytes.count {
      let byte = bytes[index]
      if inQuotes {
        if byte == quote {
          if index + 1 < bytes.count && bytes[index + 1] == quote {
            field.append(quote)
            index += 1
          } else {
            inQuotes = false
          }
        } else {
          if byte == newline { line += 1 }
          field.append(byte)
        }
      } else if byte == quote && field.isEmpty && !fieldWasQuoted {
        inQuotes = true
        fieldWasQuoted = true
      } else if byte == delimiter {
        endField()
      } else if byte == newline || byte == cr {
        if byte == cr && index + 1 < bytes.count && bytes[index + 1] == newline { index += 1 }
        endRecord()
        line += 1
        recordLine = line
      } else {
        field.append(byte)
      }
      index += 1
    }
    if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
    return records
  }
}
