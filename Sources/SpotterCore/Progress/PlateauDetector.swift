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

  private struct Run {
    var kilograms: Double
    var weight: Double
    var unit: WeightUnit
    var sessions: [Session]
  }

  /// Every plateau of `sessions`, in the order they formed.
  public func detect(_ sessions: [Session]) -> [Plateau] {
    var runs: [Lift: Run] = [:]
    var plateaus: [Plateau] = []
    var latest: [Lift: Int] = [:]
    // Five years hold a few dozen names but thousands of exercises; normalising each was the
    // bulk of a nightly run.
    var liftByName: [String: Lift?] = [:]
    let completed = sessions.filter { $0.state == .completed }.sorted {
      ($0.start, $0.id) < ($1.start, $1.id)
    }
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
          runs[lift] = nil
          continue
        }
        if var run = runs[lift], abs(run.kilograms - kilograms) < 0.01 {
          run.sessions.append(session)
          runs[lift] = run
        } else {
          runs[lift] = Run(kilograms: kilograms, weight: weight, unit: top.unit, sessions: [session])
        }
        guard let run = runs[lift] else { continue }
        if run.sessions.count == OverloadSettings.plateauSessions {
          latest[lift] = plateaus.count
          plateaus.append(
            Plateau(
              lift: lift, weight: run.weight, unit: run.unit, sessionIDs: run.sessions.map(\.id),
              formedAt: session.end ?? session.start, formedDate: clock.localDate(session.start),
              isCurrent: true))
        } else if run.sessions.count > OverloadSettings.plateauSessions, let index = latest[lift] {
          plateaus[index].sessionIDs = run.sessions.map(\.id)
        }
      }
      for (lift, index) in latest where runs[lift]?.sessions.first?.id != plateaus[index].sessionIDs[0] {
        plateaus[index].isCurrent = false
        latest[lift] = nil
      }
    }
    return plateaus
  }
}
