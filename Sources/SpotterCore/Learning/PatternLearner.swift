import Foundation

/// Learns, per weekday, how likely a session is and when it usually starts.
///
/// Recent weeks weigh more: a session's weight halves every ``halfLifeDays``, so a new routine
/// outweighs twelve weeks of the old one after about three weeks. Start times are averaged on the
/// circle first, so 23:50 and 00:10 meet at midnight rather than at noon, and then the weighted
/// median is taken around that anchor, so one odd early session does not drag the usual time.
public struct PatternLearner: Sendable {
  public var halfLifeDays: Double
  /// Sessions older than this are ignored.
  public var windowDays: Int
  /// How many sessions on a weekday give full evidence.
  public var fullEvidenceSessions: Int
  /// Session lengths above this are treated as never-finished workouts (Strong's `264h 1m`).
  public static let maximumDurationMinutes = 240

  public init(halfLifeDays: Double = 14, windowDays: Int = 182, fullEvidenceSessions: Int = 3) {
    self.halfLifeDays = halfLifeDays
    self.windowDays = windowDays
    self.fullEvidenceSessions = fullEvidenceSessions
  }

  /// Learns the pattern as of the instant `now`.
  public func learn(from sessions: [Session], now: Date, clock: ZoneClock) -> TrainingPattern {
    learn(from: sessions, today: clock.localDate(now), clock: clock)
  }

  /// Learns the pattern from completed sessions that started before `today`.
  ///
  /// - Parameters:
  ///   - sessions: any sessions; only completed ones are used.
  ///   - today: the local date the pattern is learned for.
  ///   - clock: the zone in which weekdays and times of day are read.
  public func learn(from sessions: [Session], today: LocalDate, clock: ZoneClock) -> TrainingPattern {
    struct Sample {
      var date: LocalDate
      var minute: Double
      var weight: Double
      var durationMinutes: Int?
    }
    let windowStart = today.adding(days: -windowDays)
    var samples: [Sample] = []
    var trainedDates: Set<LocalDate> = []
    var firstDate: LocalDate?
    for session in sessions where session.state == .completed {
      let local = clock.local(session.start)
      guard local.date < today, local.date >= windowStart else { continue }
      let age = Double(local.date.days(until: today))
      let duration = session.end.map { Int($0.timeIntervalSince(session.start) / 60) }
        .flatMap { (1...Self.maximumDurationMinutes).contains($0) ? $0 : nil }
      samples.append(
        Sample(
          date: local.date, minute: Double(local.secondOfDay) / 60, weight: weight(age: age),
          durationMinutes: duration))
      trainedDates.insert(local.date)
      firstDate = min(firstDate ?? local.date, local.date)
    }

    var heat = Array(repeating: Array(repeating: 0.0, count: 24), count: 7)
    for sample in samples {
      heat[sample.date.weekday.rawValue - 1][Int(sample.minute) / 60] += sample.weight
    }
    let peak = heat.joined().max() ?? 0
    if peak > 0 { heat = heat.map { $0.map { $0 / peak } } }

    let patterns = Weekday.allCases.map { weekday -> WeekdayPattern in
      let daySamples = samples.filter { $0.date.weekday == weekday }
      var offered = 0.0
      var trained = 0.0
      if let firstDate {
        var date = today.adding(days: -1)
        while date >= firstDate {
          if date.weekday == weekday {
            let w = weight(age: Double(date.days(until: today)))
            offered += w
            if trainedDates.contains(date) { trained += w }
            date = date.adding(days: -7)
          } else {
            date = date.adding(days: -1)
          }
        }
      }
      let probability = offered > 0 ? trained / offered : 0
      let sessionDays = Set(daySamples.map(\.date)).count
      let evidence = min(1, Double(sessionDays) / Double(fullEvidenceSessions))
      let (usual, spread) = Self.usualStart(daySamples.map { ($0.minute, $0.weight) })
      let durations = daySamples.compactMap(\.durationMinutes).sorted()
      return WeekdayPattern(
        weekday: weekday, probability: Self.round3(probability),
        confidence: Self.round3(probability * evidence), sessionCount: daySamples.count,
        usualStart: usual, spreadMinutes: spread,
        typicalDurationMinutes: durations.isEmpty ? nil : durations[durations.count / 2])
    }
    return TrainingPattern(
      asOf: today, weekdays: patterns, heat: heat.map { $0.map(Self.round3) },
      sessionsConsidered: samples.count)
  }

  private func weight(age: Double) -> Double { pow(0.5, age / halfLifeDays) }

  static func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

  /// The circular-anchored weighted median of minutes of day, and its median absolute deviation.
  static func usualStart(_ samples: [(minute: Double, weight: Double)]) -> (LocalTime?, Int?) {
    guard !samples.isEmpty else { return (nil, nil) }
    var sinSum = 0.0
    var cosSum = 0.0
    for (minute, weight) in samples {
      let angle = minute / 1440 * 2 * .pi
      sinSum += weight * sin(angle)
      cosSum += weight * cos(angle)
    }
    let anchor = (atan2(sinSum, cosSum) / (2 * .pi) * 1440 + 1440).truncatingRemainder(
      dividingBy: 1440)
    let unwrapped = samples.map { sample -> (Double, Double) in
      var delta = sample.minute - anchor
      if delta > 720 { delta -= 1440 }
      if delta <= -720 { delta += 1440 }
      return (anchor + delta, sample.weight)
    }
    let median = weightedMedian(unwrapped)
    let deviation = weightedMedian(unwrapped.map { (abs($0.0 - median), $0.1) })
    let rounded = Int((median / 5).rounded()) * 5
    return (LocalTime(minuteOfDay: rounded), Int(deviation.rounded()))
  }

  static func weightedMedian(_ values: [(Double, Double)]) -> Double {
    let sorted = values.sorted { $0.0 < $1.0 }
    let half = sorted.reduce(0) { $0 + $1.1 } / 2
    var running = 0.0
    for (value, weight) in sorted {
      running += weight
      if running >= half - 1e-12 { return value }
    }
    return sorted.last?.0 ?? 0
  }
}
