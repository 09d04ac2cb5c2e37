import Testing

@testable import SpotterCore

/// The default lifts' matcher, made once a process, matches exactly as one built afresh from the
/// same lifts spelt otherwise; another list still gets its own.
@Suite struct LiftMatcherTests {
  static let exercises =
    LiftMatcher.builtIn.flatMap(\.aliases)
    + [
      "Bench Press (Barbell)", "Bench Press (Dumbbell)", "Bankdrücken", "Squat (Barbell)", "Front Squat",
      "Romanian Deadlift", "Overhead Press (Barbell)", "Lat Pulldown", "Zercher Squat", "",
    ]

  @Test func theDefaultMatcherIsTheOneTheDefaultNamesBuild() {
    let shared = LiftMatcher(names: OverloadSettings.defaultLifts)
    let afresh = LiftMatcher(names: OverloadSettings.defaultLifts.map { " \($0.uppercased()) " })
    var matched = 0
    for exercise in Self.exercises {
      #expect(shared.lift(for: exercise) == afresh.lift(for: exercise), "\(exercise)")
      if shared.lift(for: exercise) != nil { matched += 1 }
    }
    #expect(matched >= LiftMatcher.builtIn.flatMap(\.aliases).count)
    let own = LiftMatcher(names: OverloadSettings.defaultLifts + ["Zercher Squat"])
    #expect(own.lift(for: "Zercher Squat")?.lowerBody == true)
    #expect(shared.lift(for: "Zercher Squat") == nil)
  }

  /// A slug is the normalised name's words joined by hyphens: what UIDs are made of, kept as the
  /// stores and calendars of earlier versions hold them.
  @Test func slugsAreTheNormalisedNameHyphenated() {
    #expect(LiftMatcher.builtIn.map(\.lift.slug) == ["squat", "bench-press", "deadlift", "overhead-press"])
    let named = Lift(name: "  Zercher_Squat - Pause (Barbell)", germanName: nil, lowerBody: true)
    #expect(named.slug == "zercher-squat-pause")
    #expect(Lift(name: "Überkopf Drücken", germanName: nil, lowerBody: false).slug == "ueberkopf-druecken")
    #expect(Lift(name: " ", germanName: nil, lowerBody: false).slug == "")
  }
}
