import SpotterCore

extension FileImport {
  /// `imported strong.csv (strong-csv): 33 new, …` in `words`' language; `import` also counts
  /// the file's sessions, which the nightly run leaves out.
  public func line(_ words: ConsoleWords, countingSessions: Bool = false) -> String {
    let impossible = impossibleSets
    let workouts = leftOutWorkouts
    let counted =
      countingSessions ? words.count(sessions, "session", (one: "Einheit", many: "Einheiten")) + ", " : ""
    return words.pick(
      "imported \(path) (\(format.rawValue)): \(counted)\(summary.added) new, "
        + "\(summary.updated) updated, \(summary.unchanged) unchanged, \(summary.duplicates) duplicates"
        + (impossible > 0 ? ", \(impossible) impossible \(impossible == 1 ? "set" : "sets") left out" : "")
        + (workouts > 0 ? ", \(workouts) \(workouts == 1 ? "workout" : "workouts") left out" : ""),
      "importiert \(path) (\(format.rawValue)): \(counted)\(summary.added) neu, "
        + "\(summary.updated) geändert, \(summary.unchanged) unverändert, \(summary.duplicates) doppelt"
        + (impossible > 0
          ? ", \(impossible) \(impossible == 1 ? "unmöglicher Satz" : "unmögliche Sätze") ausgelassen" : "")
        + (workouts > 0 ? ", \(workouts) \(workouts == 1 ? "Training" : "Trainings") ausgelassen" : ""))
  }
}
