import SpotterCore

/// Packs where achievement detection stopped into a compact blob, and unpacks it.
///
/// The state holds a mark for every exercise and weight ever lifted: 28 KB of JSON after five
/// years, whose decoding and encoding through `Codable` took 10 ms of a 77 ms night. This layout
/// takes a fraction of that. Little-endian, versioned by its first byte, keys sorted so the same
/// state always gives the same bytes:
///
///     version(1)
///     weightMarks:    count, per exercise: name, count, per mark: reps, mark
///     oneRepMaxMarks: count, per exercise: name, mark
///     repsMarks:      count, per exercise: name, count, per mark: weight key, reps
///     lastDate(flag, day) streakStart(day) streakLength
///     weekDates:      count, per week: week, count, days
///     weekRuns:       count, per week: week, start, length
///     volume(f64)
///
/// A mark is kilograms(f64) value(f64) pounds(1); days and weeks are zigzagged varints.
enum AchievementStateCoder {
  static let version: UInt8 = 1

  static func encode(_ state: AchievementDetector.State) -> [UInt8] {
    var bytes: [UInt8] = [version]
    func mark(_ mark: AchievementDetector.Mark) {
      ByteWriter.appendDouble(mark.kilograms, to: &bytes)
      ByteWriter.appendDouble(mark.value, to: &bytes)
      bytes.append(mark.unit == .pounds ? 1 : 0)
    }
    func count(_ value: Int) { ByteWriter.appendVarint(UInt64(value), to: &bytes) }
    func signed(_ value: Int) { ByteWriter.appendSigned(value, to: &bytes) }
    count(state.weightMarks.count)
    for (name, marks) in state.weightMarks.sorted(by: { $0.key < $1.key }) {
      ByteWriter.appendText(name, to: &bytes)
      count(marks.count)
      for (reps, value) in marks.sorted(by: { $0.key < $1.key }) {
        signed(reps)
        mark(value)
      }
    }
    count(state.oneRepMaxMarks.count)
    for (name, value) in state.oneRepMaxMarks.sorted(by: { $0.key < $1.key }) {
      ByteWriter.appendText(name, to: &bytes)
      mark(value)
    }
    count(state.repsMarks.count)
    for (name, marks) in state.repsMarks.sorted(by: { $0.key < $1.key }) {
      ByteWriter.appendText(name, to: &bytes)
      count(marks.count)
      for (weight, reps) in marks.sorted(by: { $0.key < $1.key }) {
        signed(weight)
        signed(reps)
      }
    }
    bytes.append(state.lastDate == nil ? 0 : 1)
    if let lastDate = state.lastDate { signed(lastDate.daysSinceEpoch) }
    signed(state.streakStart.daysSinceEpoch)
    signed(state.streakLength)
    count(state.weekDates.count)
    for (week, dates) in state.weekDates.sorted(by: { $0.key < $1.key }) {
      signed(week)
      count(dates.count)
      for date in dates.sorted() { signed(date.daysSinceEpoch) }
    }
    count(state.weekRuns.count)
    for (week, run) in state.weekRuns.sorted(by: { $0.key < $1.key }) {
      signed(week)
      signed(run.start)
      signed(run.length)
    }
    ByteWriter.appendDouble(state.volume, to: &bytes)
    return bytes
  }

  /// The state in `bytes`, or nil when the blob is truncated, malformed or of an unknown version.
  static func decode(_ bytes: UnsafeRawBufferPointer) -> AchievementDetector.State? {
    var reader = ByteReader(bytes: bytes)
    guard reader.byte() == version else { return nil }
    func mark() -> AchievementDetector.Mark? {
      guard let kilograms = reader.double(), let value = reader.double(), let unit = reader.byte(), unit < 2
      else { return nil }
      return AchievementDetector.Mark(
        kilograms: kilograms, value: value, unit: unit == 1 ? .pounds : .kilograms)
    }
    var state = AchievementDetector.State()
    guard let weightCount = reader.count() else { return nil }
    for _ in 0..<weightCount {
      guard let name = reader.text(), let count = reader.count() else { return nil }
      var marks: [Int: AchievementDetector.Mark] = [:]
      for _ in 0..<count {
        guard let reps = reader.signed(), let value = mark() else { return nil }
        marks[reps] = value
      }
      state.weightMarks[name] = marks
    }
    guard let oneRepMaxCount = reader.count() else { return nil }
    for _ in 0..<oneRepMaxCount {
      guard let name = reader.text(), let value = mark() else { return nil }
      state.oneRepMaxMarks[name] = value
    }
    guard let repsCount = reader.count() else { return nil }
    for _ in 0..<repsCount {
      guard let name = reader.text(), let count = reader.count() else { return nil }
      var marks: [Int: Int] = [:]
      marks.reserveCapacity(min(count, reader.remaining))
      for _ in 0..<count {
        guard let weight = reader.signed(), let reps = reader.signed() else { return nil }
        marks[weight] = reps
      }
      state.repsMarks[name] = marks
    }
    guard let hasLastDate = reader.byte(), hasLastDate < 2 else { return nil }
    if hasLastDate == 1 {
      guard let day = reader.signed() else { return nil }
      state.lastDate = LocalDate(daysSinceEpoch: day)
    }
    guard let streakStart = reader.signed(), let streakLength = reader.signed() else { return nil }
    state.streakStart = LocalDate(daysSinceEpoch: streakStart)
    state.streakLength = streakLength
    guard let weekCount = reader.count() else { return nil }
    for _ in 0..<weekCount {
      guard let week = reader.signed(), let count = reader.count() else { return nil }
      var dates: Set<LocalDate> = []
      for _ in 0..<count {
        guard let day = reader.signed() else { return nil }
        dates.insert(LocalDate(daysSinceEpoch: day))
      }
      state.weekDates[week] = dates
    }
    guard let runCount = reader.count() else { return nil }
    for _ in 0..<runCount {
      guard let week = reader.signed(), let start = reader.signed(), let length = reader.signed() else {
        return nil
      }
      state.weekRuns[week] = AchievementDetector.WeekRun(start: start, length: length)
    }
    guard let volume = reader.double(), reader.isAtEnd else { return nil }
    state.volume = volume
    return state
  }
}
