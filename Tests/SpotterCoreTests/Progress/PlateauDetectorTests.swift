import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

/// Seed 000 §6: three clean sessions in a row at one top weight; what breaks a run; names.
@Suite struct PlateauDetectorTests {
  typealias F = ProgressFactory
  let detector = PlateauDetector(
    matcher: LiftMatcher(names: OverloadSettings.defaultLifts), clock: TestZones.berlinClock)

  func bench(
    _ date: String, _ weight: Double, name: String = "Bench Press (Barbell)", failed: Bool = false,
    missed: Bool = false
  ) -> Session {
    F.session(
      date,
      [
        (
          name,
          [
            F.set(40, 10, kind: .warmup), F.set(weight, 5), F.set(weight, 5, completed: !missed),
            F.set(weight, 5, kind: failed ? .failure : .normal),
          ]
        )
      ])
  }

  @Test func threeSessionsInARowFormAPlateau() {
    let plateaus = detector.detect([
      bench("2026-11-02", 100), bench("2026-11-04", 100, name: "Bankdrücken"), bench("2026-11-06", 100),
    ])
    #expect(plateaus.count == 1)
    #expect(plateaus.first?.lift.name == "Bench Press")
    #expect(plateaus.first?.weight == 100)
    #expect(plateaus.first?.isCurrent == true)
    #expect(plateaus.first?.entity == "bench-press-s-2026-11-02")
    #expect(detector.detect([bench("2026-11-02", 100), bench("2026-11-04", 100)]).isEmpty)
  }

  @Test func aFailedOrMissedSetBreaksTheRun() {
    #expect(
      detector.detect([
        bench("2026-11-02", 100), bench("2026-11-04", 100, failed: true), bench("2026-11-06", 100),
      ]).isEmpty)
    #expect(
      detector.detect([
        bench("2026-11-02", 100), bench("2026-11-04", 100, missed: true), bench("2026-11-06", 100),
      ]).isEmpty)
  }

  @Test func aPlateauBrokenAndFormedAgainIsANewPlateau() {
    let plateaus = detector.detect([
      bench("2026-11-02", 100), bench("2026-11-04", 100), bench("2026-11-06", 100), bench("2026-11-09", 100),
      bench("2026-11-11", 102.5), bench("2026-11-13", 102.5), bench("2026-11-16", 102.5),
    ])
    #expect(plateaus.map(\.weight) == [100, 102.5])
    #expect(plateaus.map(\.isCurrent) == [false, true])
    #expect(plateaus[0].sessionIDs.count == 4)
    #expect(plateaus[1].entity == "bench-press-s-2026-11-11")
  }

  @Test func namesAcrossStrongHevyAndGerman() {
    let matcher = LiftMatcher(names: OverloadSettings.defaultLifts)
    for name in [
      "Squat (Barbell)", "Kniebeuge", "Deadlift (Barbell)", "Kreuzheben", "Overhead Press (Barbell)",
      "Schulterdrücken", "Bench Press", "Bankdrücken (Langhantel)", "bankdruecken",
    ] {
      #expect(matcher.lift(for: name) != nil, "\(name)")
    }
    for name in ["Bench Press (Dumbbell)", "Leg Press", "Incline Bench Press (Barbell)"] {
      #expect(matcher.lift(for: name) == nil, "\(name)")
    }
    #expect(matcher.lift(for: "Kniebeuge")?.lowerBody == true)
    #expect(matcher.lift(for: "Bench Press")?.lowerBody == false)
    let custom = LiftMatcher(names: ["bench press", "Front Squat (Barbell)"])
    #expect(custom.lift(for: "Front Squat (Barbell)")?.lowerBody == true)
    #expect(custom.lift(for: "Squat (Barbell)") == nil)
  }
}
