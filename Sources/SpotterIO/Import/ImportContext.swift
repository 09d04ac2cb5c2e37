import SpotterCore

/// What every importer needs besides the bytes: the name to quote in errors, the zone that
/// zoneless timestamps are read in, and the unit for files that do not state one.
public struct ImportContext: Sendable {
  public var fileName: String
  public var clock: ZoneClock
  public var defaultUnit: WeightUnit
  /// Which of day and month comes first in numeric dates, when the config says; else the
  /// file tells.
  public var dateOrder: DateOrder?
  /// Whether a set with an impossible value refuses the file (`import --strict`); else it is
  /// left out and noted in ``findings``.
  public var strict = false
  /// Where sets left out are noted; none means strict.
  public var findings: ImportFindings?

  public init(fileName: String, clock: ZoneClock, defaultUnit: WeightUnit, dateOrder: DateOrder? = nil) {
    self.fileName = fileName
    self.clock = clock
    self.defaultUnit = defaultUnit
    self.dateOrder = dateOrder
  }

  /// A set's value error: thrown when strict, else noted, and nil returned for the set.
  ///
  /// A number cell that is no number at all (`6O`, a typo made by hand in a spreadsheet) costs
  /// its set, as an impossible number does: refusing the file for it refused a whole history
  /// for one cell. A file misread as another dialect (every weight a word) is still refused, by
  /// its share of sets left out (``ImportFindings``).
  func passOver<T>(_ read: () throws -> T) throws -> T? {
    findings?.countSet()
    do {
      return try read()
    } catch let error as SpotterIOError {
      switch error {
      case .malformedRow, .malformedJSON:
        try passOverSet(error)
        return nil
      default: throw error
      }
    }
  }

  /// A set left out for `error` (a set type no version of the app wrote before): noted in
  /// ``findings``, or thrown when strict or nothing notes. Counted against the file's share of
  /// impossible sets, so a file of them is still refused as misread.
  func passOverSet(_ error: SpotterIOError) throws {
    try note(error, ImportFindings.passOver)
  }

  /// A set left out for `error` before its values were read (a set type no version of the app
  /// wrote before, a time no clock has): counted among the file's sets, as ``passOver(_:)``
  /// counts those it reads, then passed over (``passOverSet(_:)``).
  func leaveOutSet(_ error: SpotterIOError) throws {
    findings?.countSet()
    try passOverSet(error)
  }

  /// A whole workout left out for `error`: noted in ``findings``, or thrown when strict or
  /// nothing notes. Counted against the file's share of workouts left out.
  func passOverRecord(_ error: SpotterIOError) throws {
    try note(error, ImportFindings.passOverRecord)
  }

  /// A whole workout left out for `error` before any of it was read (a session row that cannot
  /// be split, an export cut off inside a workout): counted among the file's workouts, then
  /// passed over (``passOverRecord(_:)``), as ``leaveOutSet(_:)`` does for a set.
  func leaveOutRecord(_ error: SpotterIOError) throws {
    findings?.countRecord()
    try passOverRecord(error)
  }

  /// Damage that cost nothing read (an export cut off after its last workout): noted in
  /// ``findings``, never counted against the file, or thrown when strict or nothing notes.
  func noteHarmless(_ error: SpotterIOError) throws {
    try note(error, ImportFindings.noteHarmless)
  }

  /// Hands `error` to ``findings`` the way `record` keeps it, or throws it when strict or when
  /// nothing notes: the one rule of every kind of damage an import survives.
  private func note(_ error: SpotterIOError, _ record: (ImportFindings) -> (SpotterIOError) -> Void) throws {
    guard !strict, let findings else { throw error }
    record(findings)(error)
  }

  /// Whether a set row has the header's field count. One that has not (a comma typed into a
  /// cell by hand, an export cut off in its last row) costs that row, as an impossible set does:
  /// noted, or thrown when strict or nothing notes, and counted against the file's share, so a
  /// file of such rows (another dialect) is still refused. It refused the whole history.
  func fitsHeader(_ record: CSVTable.Record, header: [String]) throws -> Bool {
    guard record.count != header.count else { return true }
    try leaveOutSet(
      .fieldCount(file: fileName, line: record.line, expected: header.count, found: record.count))
    return false
  }

  /// The longest session duration read: Strong keeps counting for a workout never finished
  /// (`264h 1m` is real), but a year is no longer a workout, only an overflow waiting to happen.
  static let maximumDurationSeconds = 366 * 86400
  /// The dates a history may hold: a typo'd year is refused instead of learned.
  static let dates = LocalDate(year: 1970, month: 1, day: 1)!..<LocalDate(year: 2100, month: 1, day: 1)!

  /// A weight cell: empty is nil, anything but a finite non-negative number up to
  /// ``SetEntry/maximumKilograms`` is an error.
  func weight(
    _ table: CSVTable, _ record: CSVTable.Record, column: Int, header: [String], unit: WeightUnit
  ) throws -> Double? {
    switch table.number(record, column: column) {
    case .empty: return nil
    case .value(let value):
      return try checkedWeight(
        value, line: record.line, column: header[column], text: table[record, column], unit: unit)
    case .invalid:
      throw rowError(
        record.line, header[column], table[record, column], Phrase("invalid weight", de: "ungültiges Gewicht")
      )
    }
  }

  /// `value` when a person can lift it, else the range error for the cell `text`.
  ///
  /// The cell's text is built only for the error: five years are 60,000 cells a night.
  func checkedWeight(
    _ value: Double, line: Int, column: String, text: @autoclosure () -> String, unit: WeightUnit
  ) throws -> Double {
    guard Self.isPlausible(weight: value, unit: unit) else {
      throw rowError(line, column, text(), Self.weightRange(unit))
    }
    return value
  }

  /// A reps cell: whole numbers, though Strong sometimes writes them as `10.0`.
  func reps(_ table: CSVTable, _ record: CSVTable.Record, column: Int, header: [String]) throws -> Int? {
    switch table.number(record, column: column) {
    case .empty: return nil
    case .value(let value):
      return try checkedReps(value, line: record.line, column: header[column], text: table[record, column])
    case .invalid:
      throw rowError(record.line, header[column], table[record, column], Self.repsRange)
    }
  }

  /// `value` as whole reps when plausible, else the reps error for the cell `text`, built only
  /// for the error.
  func checkedReps(_ value: Double, line: Int, column: String, text: @autoclosure () -> String) throws -> Int
  {
    guard Self.isPlausible(reps: value) else { throw rowError(line, column, text(), Self.repsRange) }
    return Int(value)
  }

  static let repsRange = Phrase(
    "invalid reps (a whole number from 0 to \(SetEntry.maximumReps))",
    de: "ungültige Wiederholungen (eine ganze Zahl von 0 bis \(SetEntry.maximumReps))")

  /// A row's weight unit: its `Weight Unit` cell when the file has one and it is filled, else
  /// `fallback` (the header's unit or the configured one).
  func unit(
    _ table: CSVTable, _ record: CSVTable.Record, column: Int?, header: [String], fallback: WeightUnit
  ) throws -> WeightUnit {
    guard let column, !table.isBlank(record, column: column) else { return fallback }
    let text = table[record, column]
    guard let parsed = WeightUnit(spelling: text) else {
      throw rowError(
        record.line, header[column], text, Phrase("unknown weight unit", de: "unbekannte Gewichtseinheit"))
    }
    return parsed
  }

  /// A row's weight unit, as ``unit(_:_:column:header:fallback:)`` reads it, or nil when its
  /// cell names no unit (`kgz`, typed by hand): that set is left out with a note, as a weight
  /// that is no number is (``leaveOutSet(_:)``), where it refused the whole export.
  func unitLeavingOut(
    _ table: CSVTable, _ record: CSVTable.Record, column: Int?, header: [String], fallback: WeightUnit
  ) throws -> WeightUnit? {
    do {
      return try unit(table, record, column: column, header: header, fallback: fallback)
    } catch let error as SpotterIOError {
      try leaveOutSet(error)
      return nil
    }
  }

  /// The unit a weight column's name states: `Weight (kg)`, `Weight (lbs)`, `lbs`; nil for none.
  static func unit(inHeader name: String) -> WeightUnit? {
    if name.contains("kg") { return .kilograms }
    if name.contains("lbs") || name.contains("(lb") { return .pounds }
    return nil
  }

  static func isPlausible(weight: Double, unit: WeightUnit) -> Bool {
    weight.isFinite && weight >= 0 && unit.kilograms(weight) <= SetEntry.maximumKilograms
  }

  static func isPlausible(reps: Double) -> Bool {
    reps >= 0 && reps <= Double(SetEntry.maximumReps) && reps == reps.rounded()
  }

  static func weightRange(_ unit: WeightUnit) -> Phrase {
    let limit = Int(unit.value(fromKilograms: SetEntry.maximumKilograms).rounded(.down))
    return Phrase(
      "weight out of range (0 to \(limit) \(unit.rawValue))",
      de: "Gewicht außerhalb des Bereichs (0 bis \(limit) \(unit.rawValue))")
  }

  /// Refuses a session date outside 1970–2099.
  func checkDate(_ time: LocalDateTime, line: Int, column: String, value: String) throws {
    guard Self.dates.contains(time.date) else {
      throw rowError(
        line, column, value,
        Phrase("date out of range (1970 to 2099)", de: "Datum außerhalb des Bereichs (1970 bis 2099)"))
    }
  }

  /// Refuses a duration over a year.
  func checkDuration(_ seconds: Int, line: Int, column: String, value: String) throws {
    guard seconds <= Self.maximumDurationSeconds else {
      throw rowError(
        line, column, value,
        Phrase(
          "duration out of range (at most 366 days)", de: "Dauer außerhalb des Bereichs (höchstens 366 Tage)")
      )
    }
  }

  func rowError(_ line: Int, _ column: String, _ value: String, _ reason: Phrase) -> SpotterIOError {
    .malformedRow(file: fileName, line: line, column: column, value: value, reason: reason)
  }

  /// What a date that is none, or lies outside 1970–2099, costs: the workout it dates (Strong,
  /// Hevy and FitNotes write one date for all of a workout's rows), or the one set whose row it
  /// is (GymBook writes a time with every set).
  enum DatedRow {
    case workout, set
  }

  /// The date-time in `text`: the app's usual form on the fast path, else whatever form the
  /// phone's locale wrote, read by the file's `reader`. Nil when it is no date at all or lies
  /// outside 1970–2099: then what it dates is left out with a note (``passOverRecord(_:)``,
  /// ``leaveOutSet(_:)``), thrown when strict. One row's typo (`2026-08-32`, `13:30 PM`) refused
  /// a history of years; a file whose dates this reader cannot read at all is still refused,
  /// past a fifth (``ImportFindings/check()``), and so is one that writes day and month both
  /// ways. A workout is counted by the caller, once however many of its dates it reads.
  func dateTime(
    _ text: String, fast: (String) -> LocalDateTime?, reader: inout DateTimeReader, line: Int, column: String,
    dating row: DatedRow
  ) throws -> DateTimeReader.Reading? {
    let failure: SpotterIOError
    do {
      var reading =
        try fast(text).map { DateTimeReader.Reading(value: $0, provisional: false) }
        ?? reader.read(text, line: line)
      reading.value = Self.gregorian(reading.value)
      try checkDate(reading.value, line: line, column: column, value: text)
      return reading
    } catch DateTimeReader.Failure.bothOrders(let dayFirst, let monthFirst) {
      throw rowError(
        line, column, text,
        "this file writes dates day first (line \(dayFirst)) and month first (line \(monthFirst)); which is it?"
      )
    } catch is DateTimeReader.Failure {
      failure = rowError(line, column, text, Phrase("invalid date", de: "ungültiges Datum"))
    } catch let error as SpotterIOError {
      failure = error
    }
    switch row {
    case .workout: try passOverRecord(failure)
    case .set: try leaveOutSet(failure)
    }
    return nil
  }

  /// The years of the Thai solar calendar (Buddhist era, 543 years ahead) that a phone set to it
  /// writes for 1970–2099: 2569 is 2026. No Gregorian year a history holds comes near them.
  static let buddhistEra = (1970 + 543)...(2099 + 543)

  /// `time` in the Gregorian calendar: a Buddhist-era year is moved back 543 years.
  static func gregorian(_ time: LocalDateTime) -> LocalDateTime {
    let (year, month, day) = time.date.civil
    guard buddhistEra.contains(year), let date = LocalDate(year: year - 543, month: month, day: day)
    else { return time }
    return LocalDateTime(date: date, secondOfDay: time.secondOfDay)
  }
}
