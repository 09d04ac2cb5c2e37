/// A reader of a CSV export that takes the file a chunk of records at a time: Strong's and Hevy's,
/// the exports that grow with years of history.
protocol ChunkedCSVImporter {
  static var format: HistoryFormat { get }
  static func matches(header: [String]) -> Bool
  /// An importer for a file with `header`, which ``matches(header:)``.
  init(context: ImportContext, header: [String])
  /// Reads the set rows of one chunk of the file; the chunks come in file order.
  mutating func read(_ rows: ArraySlice<CSVTable.Record>, in table: CSVTable) throws
  /// The file's sessions, oldest first, once every chunk is read.
  mutating func finish() throws -> [PackedSession]
}

extension ChunkedCSVImporter {
  /// The sessions of a file whose header record opens `first`; `next` gives the chunks after it,
  /// nil at the end.
  static func sessions(
    context: ImportContext, header: [String], first: CSVTable, next: () throws -> CSVTable?
  ) throws -> (HistoryFormat, [PackedSession]) {
    try sessions(importer: Self(context: context, header: header), first: first, next: next)
  }

  /// The sessions read by `importer`, from the chunk `first` (opening with the header record)
  /// and those `next` gives.
  static func sessions(importer: Self, first: CSVTable, next: () throws -> CSVTable?) throws -> (
    HistoryFormat, [PackedSession]
  ) {
    var importer = importer
    try importer.read(first.records.dropFirst(), in: first)
    while let table = try next() { try importer.read(table.records[...], in: table) }
    return (format, try importer.finish())
  }
}
