/// The apps whose exports Spotter reads, as every message that names them lists them: one list,
/// so that a reader added to the importer is named everywhere at once.
public enum ExportAppNames {
  public static let english = "Strong, Hevy, FitNotes, Fitbod, GymBook, JEFIT, Apple Health or Spotter JSON"
  public static let german = "Strong, Hevy, FitNotes, Fitbod, GymBook, JEFIT, Apple Health oder Spotter-JSON"
}
