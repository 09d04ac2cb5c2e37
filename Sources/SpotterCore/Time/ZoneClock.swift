import Foundation

/// Converts between instants and wall-clock times in one IANA zone.
///
/// All of Spotter's DST handling lives here, so that every rule that says "at 18:00 local"
/// resolves the same way: a time that does not exist (spring forward) is read with the offset
/// before the gap, as RFC 5545 Section 3.3.5 prescribes, and a time that exists twice (fall back)
/// means its first occurrence.
public struct ZoneClock: Sendable, Hashable {
  public let timeZone: TimeZone

  public init(timeZone: TimeZone) {
    self.timeZone = timeZone
  }

  /// The IANA identifier, e.g. `Europe/Berlin`.
  public var identifier: String { timeZone.identifier }

  public func offset(at instant: Date) -> Int { timeZone.secondsFromGMT(for: instant) }

  /// The wall-clock reading of `instant` in this zone.
  public func local(_ instant: Date) -> LocalDateTime {
    let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + offset(at: instant)
    return LocalDateTime(wallSeconds: seconds)
  }

  public func localDate(_ instant: Date) -> LocalDate { local(instant).date }

  /// The local dates of `instants`, one offset lookup for each stretch between the zone's
  /// transitions rather than one for each instant: a lookup is an ICU call under a lock, 700
  /// instructions, and a plan dates every session of years. Any order gives the dates
  /// ``localDate(_:)`` gives; ascending order looks up the fewest offsets.
  public func localDates(_ instants: [Date]) -> [LocalDate] {
    var dates: [LocalDate] = []
    dates.reserveCapacity(instants.count)
    var offset = 0
    // The stretch the offset holds for: from the instant it was looked up at to the zone's next
    // transition. Empty at first.
    var from = Date.distantFuture
    var until = Date.distantPast
    for instant in instants {
      if instant < from || instant >= until {
        offset = self.offset(at: instant)
        from = instant
        until = timeZone.nextDaylightSavingTimeTransition(after: instant) ?? .distantFuture
      }
      dates.append(
        LocalDateTime(wallSeconds: Int(instant.timeIntervalSince1970.rounded(.down)) + offset).date)
    }
    return dates
  }

  /// The instant a wall-clock reading stands for, resolving gaps and overlaps per RFC 5545.
  public func instant(_ local: LocalDateTime) -> Date {
    let wall = local.wallSeconds
    let candidates = resolutions(of: wall)
    if let first = candidates.first { return Date(timeIntervalSince1970: TimeInterval(first)) }
    // In a gap: use the offset in force before the transition.
    let before = offset(at: Date(timeIntervalSince1970: TimeInterval(wall - 86400)))
    return Date(timeIntervalSince1970: TimeInterval(wall - before))
  }

  public func instant(_ date: LocalDate, _ time: LocalTime) -> Date {
    instant(LocalDateTime(date: date, time: time))
  }

  /// The local midnight that starts `date` (or the first existing instant of that day).
  public func startOfDay(_ date: LocalDate) -> Date {
    instant(LocalDateTime(date: date, secondOfDay: 0))
  }

  /// Whether the wall-clock reading does not exist in this zone (it falls into a DST gap).
  public func isInGap(_ local: LocalDateTime) -> Bool { resolutions(of: local.wallSeconds).isEmpty }

  /// Whether the wall-clock reading exists twice in this zone (it falls into a DST overlap).
  public func isAmbiguous(_ local: LocalDateTime) -> Bool {
    resolutions(of: local.wallSeconds).count > 1
  }

  /// Every UTC second whose reading in this zone is `wall`, earliest first.
  private func resolutions(of wall: Int) -> [Int] {
    let probe = Date(timeIntervalSince1970: TimeInterval(wall))
    let before = offset(at: probe.addingTimeInterval(-86400))
    let at = offset(at: probe)
    let after = offset(at: probe.addingTimeInterval(86400))
    let reads = { (second: Int) in
      offset(at: Date(timeIntervalSince1970: TimeInterval(second))) == wall - second
    }
    // Far from any transition (nearly always) one offset holds: no set to build or sort, and an
    // import resolves thousands of these.
    if before == at && at == after { return reads(wall - at) ? [wall - at] : [] }
    return Set([before, at, after]).map { wall - $0 }.filter(reads).sorted()
  }
}
