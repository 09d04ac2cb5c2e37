/// The history formats Spotter reads, detected from the header (or the first byte, for JSON).
public enum HistoryFormat: String, Sendable, Hashable, Codable {
  case strongCSV = "strong-csv"
  case hevyCSV = "hevy-csv"
  case nativeJSON = "json"
  /// FitNotes for Android: dates without times, no workout names.
  case fitNotesCSV = "fitnotes-csv"
  /// Fit Notes for iOS, a different app: named workouts with UTC start and end times.
  case fitNotesIOSCSV = "fitnotes-ios-csv"
  /// Apple Health's `export.xml`, or the `export.zip` that holds it: workouts without sets.
  case appleHealth = "apple-health"
  /// Fitbod: one row per set with its time, no workout names.
  case fitbodCSV = "fitbod-csv"
  /// GymBook: one row per set with its date and time, named workouts ("Programma").
  case gymBookCSV = "gymbook-csv"
  /// JEFIT: a file of several tables (`### WORKOUT SESSIONS ###`, `### EXERCISE LOGS ###`), sets
  /// packed as `100x5`, no unit and no workout names.
  case jefitCSV = "jefit-csv"
}
