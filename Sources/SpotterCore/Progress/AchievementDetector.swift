import Foundation

/// Finds what each completed session earned, against every session before it.
///
/// Records compare a session's best with the last record, not with the last small gain, so a
/// record counts once it beats the last one by the threshold (seed 000: "nicht jedes 0.5kg"); the
/// first time an exercise, rep count or weight is seen sets the mark without counting. Only working
/// sets count: completed, not warm-ups, with weight and reps.
public struct AchievementDetector: Sendable {
  public var settings: AchievementSettings
  /// The unit the user weighs in, for the threshold.
  public var weightUnit: WeightUnit
  public var clock: ZoneClock
  /// The learned weekly frequency; nil or 0 leaves consistency out.
  public var weeklyTarget: Int?

  public static let streakLengths = [7, 30, 100]
  public static let consistencyWeeks = 12
  /// Brzycki's estimate is trusted up to 10 reps.
  public static let brzyckiMaxReps = 10

  public init(settings: AchievementSettings, weightUnit: WeightUnit, clock: ZoneClock, weeklyTarget: Int?) {
    self.settings = settings
    self.weightUnit = weightUnit
    self.clock = clock
    self.weeklyTarget = weeklyTarget
  }

  /// Brzycki's one-rep max estimate: weight × 36 / (37 − reps).
  public static func brzycki(weight: Double, reps: Int) -> Double {
    weight * 36 / Double(37 - reps)
  }

  /// The milestone after `reached` kilograms: 10,000, 50,000, 100,000, then every 100,000.
  public static func volumeMilestone(after reached: Double) -> Double {
    for milestone in [10_000.0, 50_000, 100_000] where reached < milestone { return milestone }
    return ((reached / 100_000).rounded(.down) + 1) * 100_000
  }

  /// A record to beat: in kilograms, and as the user entered it.
  public struct Mark: Sendable, Hashable, Codable {
    public var kilograms: Double
    public var value: Double
    public var unit: WeightUnit

    public init(kilograms: Double, value: Double, unit: WeightUnit) {
      self.kilograms = kilograms
      self.value = value
      self.unit = unit
    }
  }

  private struct WorkingSet {
    var kilograms: Double
    var weight: Double
    var unit: WeightUnit
    var reps: Int

    /// Sets of the same weight and reps are one lift for the records they beat.
    var identity: SetIdentity { SetIdentity(centikilograms: Int((kilograms * 100).rounded()), reps: reps) }
  }

  private struct SetIdentity: Hashable {
    var centikilograms: Int
    var reps: Int
  }

  /// What detection knows after some sessions: every mark to beat, the streak, the week runs and
  /// the volume so far. A night resumes from it instead of replaying years of history.
  public struct State: Sendable, Hashable, Codable {
    public var weightMarks: [String: [Int: Mark]] = [:]
    public var oneRepMaxMarks: [String: Mark] = [:]
    public var repsMarks: [String: [Int: Int]] = [:]
    public var lastDate: LocalDate?
    public var streakStart = LocalDate(daysSinceEpoch: 0)
    public var streakLength = 0
    /// Only the last two weeks: sessions come in order, so no older week is ever read again.
    public var weekDates: [Int: Set<LocalDate>] = [:]
    public var weekRuns: [Int: WeekRun] = [:]
    public var volume = 0.0

    public init() {}

    /// Drops the weeks no later session can reach.
    mutating func prune() {
      guard let lastDate else { return }
      let week = AchievementDetector.week(of: lastDate)
      weekDates = weekDates.filter { $0.key >= week - 1 }
      weekRuns = weekRuns.filter { $0.key >= week - 1 }
    }
  }

  /// A run of weeks that each met the weekly target.
  public struct WeekRun: Sendable, Hashable, Codable {
    public var start: Int
    public var length: Int

    public init(start: Int, length: Int) {
      self.start = start
      self.length = length
    }
  }

  /// Every achievement of `sessions`, oldest session first.
  public func detect(_ sessions: [Session]) -> [Achievement] {
    var state = State()
    return detect(Self.ordered(sessions)[...], state: &state)
  }

  /// The sessions detection reads, in the order it reads them: completed ones, by start and id.
  ///
  /// The store hands sessions over in this order already, and on most nights every one of them
  /// is completed: then they come back as they are, neither copied nor sorted. A filtered copy
  /// sorted again cost 80,000 instructions of an unchanged batch user, twice a night.
  public static func ordered(_ sessions: [Session]) -> [Session] {
    func precedes(_ first: Session, _ second: Session) -> Bool {
      first.start < second.start || (first.start == second.start && first.id < second.id)
    }
    var completed =
      sessions.allSatisfy { $0.state == .completed } ? sessions : sessions.filter { $0.state == .completed }
    let inOrder = completed.indices.dropFirst().allSatisfy { !precedes(completed[$0], completed[$0 - 1]) }
    // The sort is stable, so a list already in order would come back as it is anyway.
    if !inOrder { completed.sort(by: precedes) }
    return completed
  }

  /// The achievements of `completed`, which are ``ordered(_:)`` and follow the sessions `state`
  /// was left by; `state` then holds what they leave.
  public func detect(_ completed: ArraySlice<Session>, state: inout State) -> [Achievement] {
    let threshold = settings.thresholdKilograms(unit: weightUnit) - 1e-9
    var found: [Achievement] = []
    var names: [String: (name: String, key: String)] = [:]
    defer { state.prune() }
    for session in completed {
      let date = clock.localDate(session.start)
      func achievement(
        _ kind: AchievementKind, key: String, exercise: String? = nil, value: Double, previous: Double? = nil,
        reps: Int? = nil, weight: Double? = nil, unit: WeightUnit = .kilograms
      ) -> Achievement {
        Achievement(
          key: "\(kind.rawValue)|\(key)", kind: kind, sessionID: session.id, date: date,
          earnedAt: session.end ?? session.start, exercise: exercise, value: value, previous: previous,
          reps: reps, weight: weight, unit: unit)
      }
      var sessionVolume = 0.0
      for exercise in session.realExercises {
        let (name, key) =
          names[exercise.name]
          ?? {
            let trimmed = exercise.name.trimmingScalars(in: .whitespaces)
            names[exercise.name] = (trimmed, trimmed.lowercased())
            return (trimmed, trimmed.lowercased())
          }()
        let sets = exercise.sets.compactMap { set -> WorkingSet? in
          guard set.kind != .warmup, set.completed, set.isPlausible, let weight = set.weight, weight > 0,
            let reps = set.reps,
            reps > 0, let kilograms = set.kilograms
          else { return nil }
          return WorkingSet(kilograms: kilograms, weight: weight, unit: set.unit, reps: reps)
        }
        sessionVolume += sets.reduce(0) { $0 + $1.kilograms * Double($1.reps) }
        guard settings.records, !sets.isEmpty else { continue }
        // One set can beat the weight for its reps, the 1RM estimate and the reps at its weight at
        // once: that is one record, the first of those, not three announcements of one lift.
        var records: [(set: SetIdentity, achievement: Achievement)] = []
        defer {
          var seen = Set<SetIdentity>()
          for record in records where seen.insert(record.set).inserted { found.append(record.achievement) }
        }
        var heaviest: [Int: WorkingSet] = [:]
        for set in sets where set.kilograms > heaviest[set.reps]?.kilograms ?? 0 { heaviest[set.reps] = set }
        for (reps, top) in heaviest.sorted(by: { $0.key < $1.key }) {
          let mark = Mark(kilograms: top.kilograms, value: top.weight, unit: top.unit)
          guard let old = state.weightMarks[key]?[reps] else {
            state.weightMarks[key, default: [:]][reps] = mark
            continue
          }
          if top.kilograms >= old.kilograms + threshold {
            records.append(
              (
                top.identity,
                achievement(
                  .weightRecord, key: "\(key)|\(reps)|\(session.id)", exercise: name, value: top.weight,
                  previous: Self.rounded(top.unit.value(fromKilograms: old.kilograms)), reps: reps,
                  unit: top.unit)
              ))
            state.weightMarks[key]?[reps] = mark
          }
        }
        let estimates = sets.filter { $0.reps <= Self.brzyckiMaxReps }.map {
          ($0, Self.brzycki(weight: $0.kilograms, reps: $0.reps))
        }
        if let (set, estimate) = estimates.max(by: { $0.1 < $1.1 }) {
          let mark = Mark(
            kilograms: estimate, value: Self.rounded(set.unit.value(fromKilograms: estimate), step: 0.1),
            unit: set.unit)
          if let old = state.oneRepMaxMarks[key] {
            if estimate >= old.kilograms + threshold {
              records.append(
                (
                  set.identity,
                  achievement(
                    .oneRepMaxRecord, key: "\(key)|\(session.id)", exercise: name, value: mark.value,
                    previous: Self.rounded(set.unit.value(fromKilograms: old.kilograms), step: 0.1),
                    unit: set.unit)
                ))
              state.oneRepMaxMarks[key] = mark
            }
          } else {
            state.oneRepMaxMarks[key] = mark
          }
        }
        var most: [Int: WorkingSet] = [:]
        for set in sets {
          let weightKey = Int((set.kilograms * 100).rounded())
          if set.reps > most[weightKey]?.reps ?? 0 { most[weightKey] = set }
        }
        for (weightKey, top) in most.sorted(by: { $0.key < $1.key }) {
          guard let old = state.repsMarks[key]?[weightKey] else {
            state.repsMarks[key, default: [:]][weightKey] = top.reps
            continue
          }
          if top.reps >= old + settings.recordRepsThreshold {
            records.append(
              (
                top.identity,
                achievement(
                  .repsRecord, key: "\(key)|\(weightKey)|\(session.id)", exercise: name,
                  value: Double(top.reps),
                  previous: Double(old), weight: top.weight, unit: top.unit)
              ))
            state.repsMarks[key]?[weightKey] = top.reps
          }
        }
      }
      if date != state.lastDate {
        if let lastDate = state.lastDate, lastDate.adding(days: 1) == date {
          state.streakLength += 1
        } else {
          state.streakStart = date
          state.streakLength = 1
        }
        state.lastDate = date
        if settings.streaks, Self.streakLengths.contains(state.streakLength) {
          found.append(
            achievement(
              .streak, key: "\(state.streakLength)|\(state.streakStart)", value: Double(state.streakLength)))
        }
        if let target = weeklyTarget, target > 0 {
          let week = Self.week(of: date)
          state.weekDates[week, default: []].insert(date)
          if state.weekDates[week]?.count == target {
            let previous = state.weekRuns[week - 1]
            let run = WeekRun(start: previous?.start ?? week, length: (previous?.length ?? 0) + 1)
            state.weekRuns[week] = run
            if settings.consistency, run.length == Self.consistencyWeeks {
              found.append(
                achievement(
                  .consistency, key: "\(Self.consistencyWeeks)|\(Self.monday(of: run.start))",
                  value: Double(Self.consistencyWeeks), weight: Double(target)))
            }
          }
        }
      }
      if settings.volume, sessionVolume > 0 {
        let total = state.volume + sessionVolume
        var milestone = Self.volumeMilestone(after: state.volume)
        var crossed: [Double] = []
        while total >= milestone && crossed.count <= 3 {
          crossed.append(milestone)
          milestone = Self.volumeMilestone(after: milestone)
        }
        // More than three in one session: only the highest is news, and counting up to it one
        // milestone at a time would take as long as the number is large.
        if crossed.count > 3 { crossed = [Self.volumeMilestone(after: total - 100_000)] }
        for milestone in crossed {
          found.append(achievement(.volume, key: "\(Int(milestone))", value: milestone))
        }
      }
      state.volume += sessionVolume
    }
    return found
  }

  /// Weeks since the Monday 1970-01-05, so a week runs Monday to Sunday (ISO 8601).
  static func week(of date: LocalDate) -> Int {
    Int((Double(date.daysSinceEpoch - 4) / 7).rounded(.down))
  }

  static func monday(of week: Int) -> LocalDate { LocalDate(daysSinceEpoch: week * 7 + 4) }

  /// Divides by a whole factor: multiplying by 0.1 would leave 124.10000000000001 in the JSON.
  static func rounded(_ value: Double, step: Double = 0.01) -> Double {
    let factor = (1 / step).rounded()
    return (value * factor).rounded() / factor
  }
}
