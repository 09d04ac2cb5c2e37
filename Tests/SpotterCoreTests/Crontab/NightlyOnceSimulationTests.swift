import Foundation
import SpotterCore
import Testing

/// Cron, minute by minute as Debian's cron runs it, over 2026–2028, with the lines Spotter
/// installs and each run's rewrite: every night of the user must start exactly once, at the
/// nightly time on the user's clock, or at the first minute after it when that time does not
/// exist that day.
///
/// The model of cron is written here apart from Spotter's code (Vixie cron 3.0 as Debian ships
/// it, `cron.c`): a line with a fixed minute and hour runs at the first pass of a time the
/// clock reads twice and, when the clock jumps forward, at the first minute after the jump; a
/// line with a `*` hour runs at every reading of its minute, both passes included, and not for
/// minutes the clock skipped. The suite runs the zones that broke before on four machine zones;
/// `bench/nightly` runs every tzdata zone (SPOTTER_SIMULATE_ALL_ZONES=1).
@Suite struct NightlyOnceSimulationTests {
  static let machines = ["Etc/UTC", "Europe/Berlin", "America/New_York", "Australia/Sydney"]
  static let problemZones = [
    "Pacific/Easter", "America/New_York", "America/Havana", "America/Santiago", "America/St_Johns",
    "America/Sao_Paulo", "Australia/Lord_Howe", "Africa/Casablanca", "Pacific/Chatham", "Asia/Tehran",
    "Europe/London", "Asia/Kolkata", "Europe/Berlin", "Australia/Sydney", "Etc/UTC", "America/Asuncion",
  ]

  /// The counts of one simulation.
  struct Counts: CustomStringConvertible {
    var nights = 0
    var once = 0
    var missed = 0
    var twice = 0
    var offTime = 0
    var idleStarts = 0
    var problems: [String] = []
    var description: String {
      "\(nights) nights: \(once) once on time, \(missed) missed, \(twice) run twice, \(offTime) off time; "
        + "\(idleStarts) starts that ended at once"
    }
    mutating func add(_ other: Counts) {
      nights += other.nights
      once += other.once
      missed += other.missed
      twice += other.twice
      offTime += other.offTime
      idleStarts += other.idleStarts
      problems += other.problems.prefix(max(0, 20 - problems.count))
    }
  }

  /// A zone's readings, independently of ZoneClock.
  struct Wall {
    let zone: TimeZone
    func reading(_ second: Int) -> Int {
      second + zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(second)))
    }
    /// Every second whose reading is `wall`, earliest first.
    func instants(_ wall: Int) -> [Int] {
      var offsets = Set<Int>()
      for probe in stride(from: wall - 2 * 86400, through: wall + 2 * 86400, by: 6 * 3600) {
        offsets.insert(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(probe))))
      }
      return offsets.map { wall - $0 }.filter { reading($0) == wall }.sorted()
    }
    /// The first minute after the jump that skipped `wall`: where cron runs the fixed lines of
    /// the minutes it skipped.
    func afterGap(_ wall: Int) -> Int {
      var second = wall - zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall - 86400)))
      while reading(second - 60) > wall { second -= 60 }
      return second
    }
  }

  /// `once`: Spotter's lines and gate; without, the daily line alone with every start a run, as
  /// before.
  static func simulate(
    user: String, machine: String, from: String = "2026-01-01", to: String = "2028-12-31", once: Bool = true
  ) -> Counts {
    let userClock = ZoneClock(timeZone: TimeZone(identifier: user)!)
    let cronZone = TimeZone(identifier: machine)!
    let schedule = NightlyCronTime(
      nightly: LocalTime(hour: 21, minute: 30), userClock: userClock, cronClock: ZoneClock(timeZone: cronZone)
    )
    let wall = Wall(zone: cronZone)
    let first = LocalDate(parsing: from)!
    let last = LocalDate(parsing: to)!
    // Installed at noon UTC the day before the first night.
    var now = Date(timeIntervalSince1970: TimeInterval(first.adding(days: -1).daysSinceEpoch * 86400 + 43200))
    var timing = schedule.cronTiming(after: now)
    if !once { timing.dated = nil }
    var claimed: LocalDate?
    var runs: [LocalDate: [Date]] = [:]
    var counts = Counts()
    let end = Date(timeIntervalSince1970: TimeInterval(last.adding(days: 2).daysSinceEpoch * 86400))
    // The firings of the current lines on cron's date `day`, as instants.
    func firings(on day: LocalDate) -> [Int] {
      var result: [Int] = []
      let daily = LocalDateTime(date: day, time: timing.daily).wallSeconds
      if let pass = wall.instants(daily).first {
        result.append(pass)
      } else {
        result.append(wall.afterGap(daily))
      }
      if let dated = timing.dated, dated.date == day {
        for hour in 0..<24 {
          result += wall.instants(
            LocalDateTime(date: day, time: LocalTime(hour: hour, minute: dated.minute)).wallSeconds)
        }
      }
      return result
    }
    while now < end {
      let today = LocalDate(
        daysSinceEpoch: Int(floor(Double(wall.reading(Int(now.timeIntervalSince1970))) / 86400)))
      let candidates = (firings(on: today) + firings(on: today.adding(days: 1))).filter {
        TimeInterval($0) > now.timeIntervalSince1970
      }
      guard let next = candidates.min() else { break }
      now = Date(timeIntervalSince1970: TimeInterval(next))
      // The process reads the clock a moment after cron starts it.
      let started = now.addingTimeInterval(2)
      switch schedule.decision(at: started, lastClaimed: once ? claimed : nil) {
      case .run(let night):
        claimed = night
        runs[night, default: []].append(now)
        timing = schedule.cronTiming(after: started)
        if !once { timing.dated = nil }
      case .done: counts.idleStarts += 1
      }
    }
    var night = first
    while night <= last {
      counts.nights += 1
      let starts = runs[night] ?? []
      // The expected start, by the user's clock: the nightly time, or the first minute after it.
      let local = LocalDateTime(date: night, time: LocalTime(hour: 21, minute: 30))
      let userWall = Wall(zone: userClock.timeZone)
      let expected = userWall.instants(local.wallSeconds).first ?? userWall.afterGap(local.wallSeconds)
      if starts.isEmpty {
        counts.missed += 1
        counts.problems.append("\(user) on \(machine): \(night) never ran")
      } else if starts.count > 1 {
        counts.twice += 1
        counts.problems.append("\(user) on \(machine): \(night) ran \(starts.count) times")
      } else if Int(starts[0].timeIntervalSince1970) != expected {
        counts.offTime += 1
        counts.problems.append(
          "\(user) on \(machine): \(night) ran at \(starts[0]), not \(Date(timeIntervalSince1970: TimeInterval(expected)))"
        )
      } else {
        counts.once += 1
      }
      night = night.adding(days: 1)
    }
    return counts
  }

  /// Every zone Foundation lists, and every zone and link of the machine's tzdata
  /// (`tzdata.zi`), that Spotter accepts as a user's zone.
  static var everyZone: [String] {
    var names = Set(TimeZone.knownTimeZoneIdentifiers)
    if let text = try? String(contentsOfFile: "/usr/share/zoneinfo/tzdata.zi", encoding: .utf8) {
      for line in text.split(separator: "\n") where line.hasPrefix("Z ") || line.hasPrefix("L ") {
        let fields = line.split(separator: " ")
        // `Z NAME …` names a zone; `L TARGET NAME` a link.
        if let name = line.hasPrefix("Z ") ? fields.dropFirst().first : fields.dropFirst(2).first {
          names.insert(String(name))
        }
      }
    }
    return names.filter { TimeZone.named($0) != nil }.sorted()
  }

  @Test func everyNightRunsOnceOnTimeOnEveryPairOfZones() {
    let all = ProcessInfo.processInfo.environment["SPOTTER_SIMULATE_ALL_ZONES"] == "1"
    let users = all ? Self.everyZone : Self.problemZones
    var total = Counts()
    for user in users {
      for machine in Self.machines {
        total.add(Self.simulate(user: user, machine: machine))
      }
    }
    print(
      "nightly simulation, \(users.count) user zones on \(Self.machines.count) machines, 2026–2028: \(total)")
    #expect(total.missed == 0 && total.twice == 0 && total.offTime == 0, "\(total.problems)")
    #expect(total.once == total.nights)
  }

  /// The model sees what went wrong before: the daily line alone, every start a run.
  @Test func theDailyLineAloneRanNightsTwiceOrEarly() {
    var before = Counts()
    for (user, machine) in [("America/New_York", "Europe/Berlin"), ("Pacific/Easter", "Etc/UTC")] {
      before.add(Self.simulate(user: user, machine: machine, once: false))
    }
    #expect(before.twice + before.offTime + before.missed > 0, "\(before)")
  }
}
