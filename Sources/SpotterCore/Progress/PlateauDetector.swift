import Foundation

/// Finds seed 000 §6's plateaus: the same top working weight in three sessions in a row, with
/// every set completed and no failure set.
///
/// A session that misses a set, has a failure set, or moves the top weight breaks the run; the
/// next clean session starts a new one. Warm-ups never count.
public struct PlateauDetector: Sendable {
  public var matcher: LiftMatcher
  public var clock: ZoneClock

  public init(matcher: LiftMatcher, clock: ZoneClock) {
    self.matcher = matcher
    self.clock = clock
  }

  /// A lift's run of clean sessions at one top weight.
  struct Run: Sendable, Hashable, Codable {
    var kilograms: Double
    var weight: Double
    var unit: WeightUnit
    var sessionIDs: [String]
  }

  /// What detection knows after some sessions: each lift's current run and the plateaus so far.
  /// A night resumes from it instead of replaying years of history.
  public struct State: Sendable, Hashable, Codable {
    var runs: [Lift: Run] = [:]
    /// Every plateau so far, in the order they formed.
    public internal(set) var plateaus: [Plateau] = []
    /// Each lift's plateau that may still grow, by index in ``plateaus``.
    var latest: [Lift: Int] = [:]

    public init() {}

    enum CodingKeys: String, CodingKey { case runs, plateaus, latest }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      runs = try container.decode([Lift: Run].self, forKey: .runs)
      plateaus = try container.decode([Plateau].self, forKey: .plateaus)
      latest = try container.decode([Lift: Int].self, forKey: .latest)
      // A stored state the detector could not have left (a damaged or hand-edited store) is
      // refused, so detection replays from the start instead of indexing out of range.
      let plateauCount = plateaus.count
      guard latest.values.allSatisfy({ (0..<plateauCount).contains($0) }),
        plateaus.allSatisfy({ !$0.sessionIDs.isEmpty }), runs.values.allSatisfy({ !$0.sessionIDs.isEmpty })
      else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: [CodingKeys.latest], debugDescription: "not a state detection leaves"))
      }
    }

    /// The dictionaries in the form Swift gives them (key, value, key, value), but in the lifts'
    /// order: a dictionary's own order changes from process to process, and the stored cursor
    /// was rewritten every night with the same content.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      func encodeOrdered<Value: Encodable>(_ dictionary: [Lift: Value], forKey key: CodingKeys) throws {
        var pairs = container.nestedUnkeyedContainer(forKey: key)
        for (lift, value) in dictionary.sorted(by: { Self.precedes($0.key, $1.key) }) {
          try pairs.encode(lift)
          try pairs.encode(value)
        }
      }
      try encodeOrdered(runs, forKey: .runs)
      try container.encode(plateaus, forKey: .plateaus)
      try encodeOrdered(latest, forKey: .latest)
    }

    /// The lifts' order in a stored state: by slug, then by every other field, so two different
    /// lifts are never tied (a missing German name comes before any, the empty one included).
    static func precedes(_ a: Lift, _ b: Lift) -> Bool {
      (a.slug, a.name, a.germanName == nil ? 0 : 1, a.germanName ?? "", a.lowerBody ? 1 : 0) < (
        b.slug, b.name, b.germanName == nil ? 0 : 1, b.germanName ?? "", b.lowerBody ? 1 : 0
      )
    }
  }

  /// Every plateau of `sessions`, in the order they formed.
  public func detect(_ sessions: [Session]) -> [Plateau] {
    var state = State()
    detect(AchievementDetector.ordered(sessions)[...], state: &state)
    return state.plateaus
  }

  /// Reads `completed`, which are ``AchievementDetector/ordered(_:)`` and follow the sessions
  /// `state` was left by, into `state`.
  public func detect(_ completed: ArraySlice<Session>, state: inout State) {
    // Five years hold a few dozen names but thousands of exercises; normalising each was the
    // bulk of a nightly run.
    var liftByName: [String: Lift?] = [:]
    for session in completed {
      var sets: [Lift: [SetEntry]] = [:]
      for exercise in session.realExercises {
        let known = liftByName[exercise.name]
        let match = known ?? matcher.lift(for: exercise.name)
        if known == nil { liftByName[exercise.name] = .some(match) }
        guard let lift = match else { continue }
        sets[lift, default: []] += exercise.sets.filter { $0.kind != .warmup && $0.isPlausible }
      }
      for (lift, working) in sets.sorted(by: { $0.key.slug < $1.key.slug }) {
        guard let top = working.filter({ $0.kilograms != nil }).max(by: { $0.kilograms! < $1.kilograms! }),
          let kilograms = top.kilograms, let weight = top.weight
        else { continue }
        let clean = working.allSatisfy { $0.completed && $0.kind != .failure }
        guard clean else {
          state.runs[lift] = nil
          continue
        }
        if var run = state.runs[lift], abs(run.kilograms - kilograms) < 0.01 {
          run.sessionIDs.append(session.id)
          state.runs[lift] = run
        } else {
          state.runs[lift] = Run(
            kilograms: kilograms, weight: weight, unit: top.unit, sessionIDs: [session.id])
        }
        guard let run = state.runs[lift] else { continue }
        if run.sessionIDs.count == OverloadSettings.plateauSessions {
          state.latest[lift] = state.plateaus.count
          state.plateaus.append(
            Plateau(
              lift: lift, weight: run.weight, unit: run.unit, sessionIDs: run.sessionIDs,
              formedAt: session.end ?? session.start, formedDate: clock.localDate(session.start),
              isCurrent: true))
        } else if run.sessionIDs.count > OverloadSettings.plateauSessions, let index = state.latest[lift] {
          state.plateaus[index].sessionIDs = run.sessionIDs
        }
      }
      for (lift, index) in state.latest
      where state.runs[lift]?.sessionIDs.first != state.plateaus[index].sessionIDs[0] {
        state.plateaus[index].isCurrent = false
        state.latest[lift] = nil
      }
    }
  }
}
