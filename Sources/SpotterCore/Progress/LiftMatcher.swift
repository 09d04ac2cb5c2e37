import Foundation

/// Recognises the compound lifts under Strong's, Hevy's and German names.
///
/// "Bench Press (Barbell)", "Bench Press" and "Bankdrücken" are one lift; "Bench Press (Dumbbell)"
/// is not: only the barbell qualifier is dropped, since the suggested steps are barbell steps.
public struct LiftMatcher: Sendable {
  /// The built-in lifts and the names they go by, after ``normalized(_:)``.
  public static let builtIn: [(lift: Lift, aliases: [String])] = [
    (
      Lift(name: "Squat", germanName: "Kniebeuge", lowerBody: true),
      [
        "squat", "back squat", "barbell squat", "barbell back squat", "high bar squat", "low bar squat",
        "kniebeuge", "kniebeugen", "langhantel kniebeuge",
      ]
    ),
    (
      Lift(name: "Bench Press", germanName: "Bankdrücken", lowerBody: false),
      [
        "bench press", "barbell bench press", "flat bench press", "flat barbell bench press", "bankdruecken",
        "langhantel bankdruecken", "flachbankdruecken",
      ]
    ),
    (
      Lift(name: "Deadlift", germanName: "Kreuzheben", lowerBody: true),
      ["deadlift", "conventional deadlift", "barbell deadlift", "kreuzheben", "langhantel kreuzheben"]
    ),
    (
      Lift(name: "Overhead Press", germanName: "Schulterdrücken", lowerBody: false),
      [
        "overhead press", "ohp", "military press", "strict press", "standing overhead press",
        "barbell overhead press", "shoulder press", "schulterdruecken", "ueberkopfdruecken",
        "militaerpresse", "langhantel schulterdruecken",
      ]
    ),
  ]

  /// Words that make a lift the user names a leg lift.
  static let lowerBodyWords = [
    "squat", "deadlift", "lunge", "leg", "hip thrust", "kniebeuge", "kreuzheben", "bein", "ausfallschritt",
  ]

  private var lifts: [String: Lift] = [:]

  /// Watches the lifts `names` lists: a built-in lift by any of its names, anything else by its
  /// own name.
  ///
  /// The default list's matcher is built once a process: normalising its names cost 80,000
  /// instructions of every night, twice, and of every user of a batch.
  public init(names: [String]) {
    if names == OverloadSettings.defaultLifts {
      self = Self.defaultMatcher
    } else {
      self.init(building: names)
    }
  }

  /// The matcher of ``OverloadSettings/defaultLifts``.
  private static let defaultMatcher = LiftMatcher(building: OverloadSettings.defaultLifts)

  private init(building names: [String]) {
    for name in names {
      let key = Self.normalized(name)
      guard !key.isEmpty else { continue }
      if let entry = Self.builtIn.first(where: { $0.aliases.contains(key) }) {
        for alias in entry.aliases { lifts[alias] = entry.lift }
      } else {
        let lower = Self.lowerBodyWords.contains { key.contains($0) }
        lifts[key] = Lift(name: name, germanName: nil, lowerBody: lower)
      }
    }
  }

  /// The watched lift an exercise name stands for, if any.
  public func lift(for exerciseName: String) -> Lift? {
    lifts[Self.normalized(exerciseName)]
  }

  /// Lowercase, umlauts spelled out, single spaces, and a barbell qualifier dropped:
  /// "Bankdrücken (Langhantel)" → "bankdruecken".
  public static func normalized(_ name: String) -> String {
    var text = name.lowercased()
    // Only text beyond ASCII can hold an umlaut: Foundation's four replacements cost a planned
    // night more than the rest of the matching.
    if text.utf8.contains(where: { $0 >= 0x80 }) {
      for (umlaut, spelled) in [("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")] {
        text = text.replacingOccurrences(of: umlaut, with: spelled)
      }
    }
    for qualifier in ["(barbell)", "(langhantel)", "(lh)"] where text.hasSuffix(qualifier) {
      text.removeLast(qualifier.count)
    }
    return text.split { $0 == " " || $0 == "-" || $0 == "_" }.joined(separator: " ")
  }
}
