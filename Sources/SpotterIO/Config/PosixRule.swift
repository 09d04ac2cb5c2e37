import Foundation
import SpotterCore

/// A POSIX TZ string as TZif footers write it (RFC 8536 Section 3.3): `CET-1CEST,M3.5.0,M10.5.0/3`.
struct PosixRule: Sendable {
  /// Offsets east of UTC, in seconds (POSIX writes them west, with the sign turned).
  var standard: Int
  var daylight: Int?
  var start: Transition?
  var end: Transition?

  /// When in a year a change happens: the day rule and the local time of day, in seconds.
  struct Transition: Sendable {
    enum Day: Sendable {
      case julianNoLeap(Int)
      case zeroBased(Int)
      case monthWeekDay(month: Int, week: Int, weekday: Int)
    }
    var day: Day
    var seconds: Int

    /// The date in `year` this rule names.
    func date(in year: Int) -> LocalDate? {
      switch day {
      case .julianNoLeap(let n):
        // 1…365, February 29 never counted.
        guard let january = LocalDate(year: year, month: 1, day: 1) else { return nil }
        let leap = LocalDate(year: year, month: 2, day: 29) != nil
        return january.adding(days: n - 1 + (leap && n >= 60 ? 1 : 0))
      case .zeroBased(let n):
        return LocalDate(year: year, month: 1, day: 1)?.adding(days: n)
      case .monthWeekDay(let month, let week, let weekday):
        guard let first = LocalDate(year: year, month: month, day: 1) else { return nil }
        // 1970-01-01 was a Thursday (weekday 4, with Sunday 0).
        let firstWeekday = ((first.daysSinceEpoch % 7) + 7 + 4) % 7
        var day = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
        let length = (28...31).last { LocalDate(year: year, month: month, day: $0) != nil } ?? 28
        while day > length { day -= 7 }
        return LocalDate(year: year, month: month, day: day)
      }
    }
  }

  init?(_ text: String) {
    var scanner = Array(text.utf8)[...]
    func name() -> Bool {
      if scanner.first == UInt8(ascii: "<") {
        guard let close = scanner.firstIndex(of: UInt8(ascii: ">")) else { return false }
        scanner = scanner[(close + 1)...]
        return true
      }
      let letters = scanner.prefix { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
      guard letters.count >= 3 else { return false }
      scanner = scanner.dropFirst(letters.count)
      return true
    }
    func clock() -> Int? {
      var sign = 1
      if scanner.first == UInt8(ascii: "+") || scanner.first == UInt8(ascii: "-") {
        sign = scanner.first == UInt8(ascii: "-") ? -1 : 1
        scanner = scanner.dropFirst()
      }
      var total = 0
      for (index, unit) in [3600, 60, 1].enumerated() {
        if index > 0 {
          guard scanner.first == UInt8(ascii: ":") else { break }
          scanner = scanner.dropFirst()
        }
        let digits = scanner.prefix { (0x30...0x39).contains($0) }
        guard !digits.isEmpty, digits.count <= 3 else { return nil }
        total += Int(String(decoding: digits, as: UTF8.self))! * unit
        scanner = scanner.dropFirst(digits.count)
      }
      return sign * total
    }
    func transition() -> Transition? {
      guard scanner.first == UInt8(ascii: ",") else { return nil }
      scanner = scanner.dropFirst()
      var day: Transition.Day
      if scanner.first == UInt8(ascii: "M") {
        scanner = scanner.dropFirst()
        var fields: [Int] = []
        for index in 0..<3 {
          if index > 0 {
            guard scanner.first == UInt8(ascii: ".") else { return nil }
            scanner = scanner.dropFirst()
          }
          let digits = scanner.prefix { (0x30...0x39).contains($0) }
          guard !digits.isEmpty, digits.count <= 2 else { return nil }
          fields.append(Int(String(decoding: digits, as: UTF8.self))!)
          scanner = scanner.dropFirst(digits.count)
        }
        guard (1...12).contains(fields[0]), (1...5).contains(fields[1]), (0...6).contains(fields[2]) else {
          return nil
        }
        day = .monthWeekDay(month: fields[0], week: fields[1], weekday: fields[2])
      } else {
        let julian = scanner.first == UInt8(ascii: "J")
        if julian { scanner = scanner.dropFirst() }
        let digits = scanner.prefix { (0x30...0x39).contains($0) }
        guard !digits.isEmpty, digits.count <= 3, let n = Int(String(decoding: digits, as: UTF8.self)) else {
          return nil
        }
        scanner = scanner.dropFirst(digits.count)
        guard julian ? (1...365).contains(n) : (0...365).contains(n) else { return nil }
        day = julian ? .julianNoLeap(n) : .zeroBased(n)
      }
      var seconds = 7200
      if scanner.first == UInt8(ascii: "/") {
        scanner = scanner.dropFirst()
        guard let time = clock() else { return nil }
        seconds = time
      }
      return Transition(day: day, seconds: seconds)
    }
    guard name(), let west = clock() else { return nil }
    standard = -west
    guard !scanner.isEmpty else { return }
    guard name() else { return nil }
    daylight = standard + 3600
    if let first = scanner.first, first != UInt8(ascii: ",") {
      guard let west = clock() else { return nil }
      daylight = -west
    }
    guard let start = transition(), let end = transition(), scanner.isEmpty else { return nil }
    self.start = start
    self.end = end
  }

  /// The instants of `year`'s two changes, in UTC: into daylight time (read in standard time)
  /// and out of it (read in daylight time).
  func changes(in year: Int) -> [Int64] {
    guard let daylight, let start, let end, let on = start.date(in: year), let off = end.date(in: year) else {
      return []
    }
    return [
      Int64(on.daysSinceEpoch * 86400 + start.seconds - standard),
      Int64(off.daysSinceEpoch * 86400 + end.seconds - daylight),
    ]
  }

  func offset(at instant: Int64) -> Int {
    guard let daylight else { return standard }
    let year = LocalDate(daysSinceEpoch: Int((instant + Int64(standard)) / 86400)).year
    // The year's intervals in daylight time, those of the neighbouring years included so that a
    // southern summer across New Year is whole.
    for candidate in (year - 1)...(year + 1) {
      let this = changes(in: candidate)
      guard this.count == 2 else { continue }
      if this[0] < this[1] {
        if instant >= this[0] && instant < this[1] { return daylight }
      } else {
        // Southern hemisphere: daylight from this year's start to the next year's end.
        let next = changes(in: candidate + 1)
        if next.count == 2, instant >= this[0], instant < next[1] { return daylight }
      }
    }
    return standard
  }
}
