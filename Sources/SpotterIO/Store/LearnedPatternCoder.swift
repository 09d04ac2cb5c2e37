import SpotterCore

/// Packs the learned pattern and its key into a compact blob, and unpacks it.
///
/// Every command of a day reads the pattern back (``LearnedPattern``). Its 1.8 KB of JSON took
/// 1.4 million instructions to decode through `Codable`, 9% of an unchanged batch user's
/// (callgrind); this layout, about as large, is read field by field. Little-endian, versioned by its first
/// byte, every field in declaration order, so the same pattern always gives the same bytes:
///
///     version(1) key(text)
///     asOf(day) sessionsConsidered habitChange(1) returnedOn(flag, day) silentSince(flag, day)
///     nameReading(1: 0 none, else 1 + its index among the readings)
///     heat:     count, per weekday: count, per hour: f64
///     weekdays: count, per weekday: weekday(1) probability(f64) confidence(f64) sessionCount
///               plannedStart usualStart secondStart (flag, minute) spreadMinutes
///               typicalDurationMinutes (flag, signed) startSource(flag, text) startSamples
///               dateOnlySessions reactions(flag: days snoozed declined alarmLaterMinutes(flag,
///               signed) confidenceBefore(flag, f64))
///
/// Counts are varints; days and other numbers zigzagged varints. A field added to the pattern must be added here: a
/// test counts the stored properties of each type against ``fieldCounts``.
enum LearnedPatternCoder {
  static let version: UInt8 = 4

  /// The stored properties this layout holds, by type: what the field-count test checks.
  static let fieldCounts = [
    "LearnedPattern": 2, "TrainingPattern": 8, "WeekdayPattern": 13, "WeekdayReactions": 5,
  ]

  /// The name readings, in the order their byte numbers them.
  static let readings = WorkoutNamePredictor.Reading.allCases

  static func encode(_ learned: LearnedPattern) -> [UInt8] {
    var bytes: [UInt8] = [version]
    func signed(_ value: Int) { ByteWriter.appendSigned(value, to: &bytes) }
    func count(_ value: Int) { ByteWriter.appendVarint(UInt64(value), to: &bytes) }
    func flag(_ present: Bool) { bytes.append(present ? 1 : 0) }
    func optional(_ value: Int?) {
      flag(value != nil)
      if let value { signed(value) }
    }
    let pattern = learned.pattern
    ByteWriter.appendText(learned.key, to: &bytes)
    signed(pattern.asOf.daysSinceEpoch)
    signed(pattern.sessionsConsidered)
    flag(pattern.habitChange)
    optional(pattern.returnedOn?.daysSinceEpoch)
    optional(pattern.silentSince?.daysSinceEpoch)
    bytes.append(
      pattern.nameReading.flatMap { reading in readings.firstIndex(of: reading) }.map { UInt8($0 + 1) } ?? 0)
    count(pattern.heat.count)
    for row in pattern.heat {
      count(row.count)
      for value in row { ByteWriter.appendDouble(value, to: &bytes) }
    }
    count(pattern.weekdays.count)
    for day in pattern.weekdays {
      bytes.append(UInt8(day.weekday.rawValue))
      ByteWriter.appendDouble(day.probability, to: &bytes)
      ByteWriter.appendDouble(day.confidence, to: &bytes)
      signed(day.sessionCount)
      optional(day.plannedStart?.minuteOfDay)
      optional(day.usualStart?.minuteOfDay)
      optional(day.secondStart?.minuteOfDay)
      optional(day.spreadMinutes)
      optional(day.typicalDurationMinutes)
      flag(day.startSource != nil)
      if let source = day.startSource { ByteWriter.appendText(source, to: &bytes) }
      signed(day.startSamples)
      signed(day.dateOnlySessions)
      flag(day.reactions != nil)
      if let reactions = day.reactions {
        signed(reactions.days)
        signed(reactions.snoozed)
        signed(reactions.declined)
        optional(reactions.alarmLaterMinutes)
        flag(reactions.confidenceBefore != nil)
        if let before = reactions.confidenceBefore { ByteWriter.appendDouble(before, to: &bytes) }
      }
    }
    return bytes
  }

  /// The pattern in `bytes`, or nil when the blob is truncated, malformed or of another version.
  static func decode(_ bytes: UnsafeRawBufferPointer) -> LearnedPattern? {
    var reader = ByteReader(bytes: bytes)
    guard reader.byte() == version else { return nil }
    /// A flag: nil when the byte is neither 0 nor 1.
    func flag() -> Bool? {
      guard let byte = reader.byte(), byte < 2 else { return nil }
      return byte == 1
    }
    /// An optional number: `.some(nil)` when absent, nil when damaged.
    func optional() -> Int?? {
      guard let present = flag() else { return nil }
      guard present else { return .some(nil) }
      return reader.signed().map { .some($0) }
    }
    func time() -> LocalTime?? {
      guard let minute = optional() else { return nil }
      guard let minute else { return .some(nil) }
      return (0..<1440).contains(minute) ? .some(LocalTime(minuteOfDay: minute)) : nil
    }
    guard let key = reader.text(), let asOf = reader.signed(), let considered = reader.signed(),
      let habitChange = flag(), let returnedOn = optional(), let silentSince = optional(),
      let reading = reader.byte(),
      Int(reading) <= readings.count, let rows = reader.count(), rows <= reader.remaining
    else { return nil }
    var heat: [[Double]] = []
    heat.reserveCapacity(rows)
    for _ in 0..<rows {
      guard let hours = reader.count(), hours <= reader.remaining else { return nil }
      var row: [Double] = []
      row.reserveCapacity(hours)
      for _ in 0..<hours {
        guard let value = reader.double() else { return nil }
        row.append(value)
      }
      heat.append(row)
    }
    guard let dayCount = reader.count(), dayCount <= reader.remaining else { return nil }
    var weekdays: [WeekdayPattern] = []
    weekdays.reserveCapacity(dayCount)
    for _ in 0..<dayCount {
      guard let raw = reader.byte(), let weekday = Weekday(rawValue: Int(raw)),
        let probability = reader.double(), let confidence = reader.double(),
        let sessionCount = reader.signed(), let plannedStart = time(), let usualStart = time(),
        let secondStart = time(), let spread = optional(), let duration = optional(),
        let hasSource = flag()
      else { return nil }
      var source: String?
      if hasSource {
        guard let text = reader.text() else { return nil }
        source = text
      }
      guard let samples = reader.signed(), let dateOnly = reader.signed(), let hasReactions = flag() else {
        return nil
      }
      var reactions: WeekdayReactions?
      if hasReactions {
        guard let days = reader.signed(), let snoozed = reader.signed(), let declined = reader.signed(),
          let later = optional(), let hasBefore = flag()
        else { return nil }
        var before: Double?
        if hasBefore {
          guard let value = reader.double() else { return nil }
          before = value
        }
        reactions = WeekdayReactions(
          days: days, snoozed: snoozed, declined: declined, alarmLaterMinutes: later, confidenceBefore: before
        )
      }
      weekdays.append(
        WeekdayPattern(
          weekday: weekday, probability: probability, confidence: confidence, sessionCount: sessionCount,
          plannedStart: plannedStart, secondStart: secondStart, spreadMinutes: spread,
          typicalDurationMinutes: duration, startSource: source, startSamples: samples,
          dateOnlySessions: dateOnly, reactions: reactions, usualStart: usualStart))
    }
    guard reader.isAtEnd else { return nil }
    return LearnedPattern(
      key: key,
      pattern: TrainingPattern(
        asOf: LocalDate(daysSinceEpoch: asOf), weekdays: weekdays, heat: heat, sessionsConsidered: considered,
        habitChange: habitChange, returnedOn: returnedOn.map { LocalDate(daysSinceEpoch: $0) },
        silentSince: silentSince.map { LocalDate(daysSinceEpoch: $0) },
        nameReading: reading == 0 ? nil : readings[Int(reading) - 1]))
  }
}
