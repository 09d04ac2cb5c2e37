/// A quote-aware RFC 4180 reader that remembers the line each record starts on.
///
/// Strong notes may hold the delimiter, quotes and line breaks, so splitting on lines or on the
/// delimiter alone would misread real exports.
struct CSVReader {
  let delimiter: UInt8

  /// Picks `;` or `,`, whichever the first line (outside quotes) uses more.
  static func sniffDelimiter(_ bytes: [UInt8]) -> UInt8 {
    var inQuotes = false
    var commas = 0
    var semicolons = 0
    for character in bytes {
      if character == UInt8(ascii: "\"") {
        inQuotes.toggle()
      } else if inQuotes {
        continue
      } else if character == UInt8(ascii: "\n") || character == UInt8(ascii: "\r") {
        break
      } else if character == UInt8(ascii: ",") {
        commas += 1
      } else if character == UInt8(ascii: ";") {
        semicolons += 1
      }
    }
    return semicolons > commas ? UInt8(ascii: ";") : UInt8(ascii: ",")
  }

  /// Splits `bytes` into a table of records; a UTF-8 BOM is skipped, CRLF and LF both end a
  /// record, and blank lines and rows of empty fields are dropped.
  ///
  /// Fields point into the file's own bytes; only a field with doubled quotes (or bytes after its
  /// closing quote) is unescaped into a copy. Five years of history are 350,000 fields, and
  /// copying each one cost more than all the rest of reading the file.
  func table(_ bytes: [UInt8]) -> CSVTable {
    table(bytes, firstLine: 1, isLast: true).table
  }

  /// Like ``table(_:)`` for one chunk of a file read piece by piece: `firstLine` is the line the
  /// chunk starts on, and unless `isLast` a record that reaches the chunk's end is left out, since
  /// its end may be in the next chunk. Returns how many bytes the table's records use, which is
  /// where the next chunk starts, and the line it starts on.
  ///
  /// The chunks read the same records as the whole file at once: a chunk only ever starts where
  /// a record starts, and a record is kept only once a byte after its line end has been seen.
  func table(_ bytes: [UInt8], firstLine: Int, isLast: Bool) -> (
    table: CSVTable, consumed: Int, nextLine: Int
  ) {
    var consumed = bytes.count
    var nextLine = firstLine
    var starts: [Int] = []
    var ends: [Int] = []
    starts.reserveCapacity(bytes.count / 6)
    ends.reserveCapacity(bytes.count / 6)
    var records: [CSVTable.Record] = []
    var unescaped: [UInt8] = []
    let quote = UInt8(ascii: "\"")
    let newline = UInt8(ascii: "\n")
    let cr = UInt8(ascii: "\r")
    let delimiter = delimiter
    bytes.withUnsafeBufferPointer { input in
      let count = input.count
      var index = firstLine == 1 && input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      var line = firstLine
      /// Moves `index` to the next delimiter or line end.
      func skipPlain() {
        while index < count {
          let byte = input[index]
          if byte == delimiter || byte == newline || byte == cr { return }
          index += 1
        }
      }
      while index < count {
        let recordLine = line
        let recordStart = index
        let kept = (starts.count, unescaped.count)
        var fieldCount = 0
        var recordHasContent = false
        while true {
          var start = index
          var end: Int
          if index < count && input[index] == quote {
            index += 1
            start = index
            var doubledQuotes = false
            while index < count {
              let byte = input[index]
              if byte == quote {
                guard index + 1 < count && input[index + 1] == quote else { break }
                doubledQuotes = true
                index += 2
                continue
              }
              if byte == newline { line += 1 }
              index += 1
            }
            end = index
            if index < count { index += 1 }
            let tail = index
            skipPlain()
            if doubledQuotes || index > tail {
              let offset = count + unescaped.count
              var position = start
              while position < end {
                unescaped.append(input[position])
                position += input[position] == quote ? 2 : 1
              }
              unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: input[tail..<index]))
              start = offset
              end = count + unescaped.count
            }
            recordHasContent = true
          } else {
            skipPlain()
            end = index
            recordHasContent = recordHasContent || end > start
          }
          starts.append(start)
          ends.append(end)
          fieldCount += 1
          guard index < count && input[index] == delimiter else { break }
          index += 1
        }
        if index < count && input[index] == cr { index += 1 }
        if index < count && input[index] == newline { index += 1 }
        if !isLast && index >= count {
          // Its end, or the LF of its CRLF, may be in the next chunk.
          starts.removeLast(starts.count - kept.0)
          ends.removeLast(ends.count - kept.0)
          unescaped.removeLast(unescaped.count - kept.1)
          consumed = recordStart
          line = recordLine
          break
        }
        line += 1
        if !recordHasContent {
          // A blank line, or a row of nothing but delimiters (`,,,,`), which a spreadsheet
          // writes for a blank row it saved: no record either way.
          starts.removeLast(fieldCount)
          ends.removeLast(fieldCount)
        } else {
          records.append(
            CSVTable.Record(line: recordLine, firstField: starts.count - fieldCount, count: fieldCount))
        }
      }
      nextLine = line
    }
    var storage = bytes
    storage.append(contentsOf: unescaped)
    return (
      CSVTable(
        storage: storage, starts: starts, ends: ends, records: records,
        decimalComma: delimiter != UInt8(ascii: ",")),
      consumed, nextLine
    )
  }
}
