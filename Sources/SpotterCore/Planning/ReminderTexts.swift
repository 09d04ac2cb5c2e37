/// The seeds' notification texts, in English and German.
public struct ReminderTexts: Sendable {
  public var language: Language
  public var privacy: Privacy

  public init(language: Language, privacy: Privacy) {
    self.language = language
    self.privacy = privacy
  }

  /// Title and body of a workout reminder.
  ///
  /// - Parameters:
  ///   - workoutName: the program day, e.g. "Push Day"; nil when none is known.
  ///   - usualStart: the learned start time, or nil when the preferred time stands in for it.
  public func workout(workoutName: String?, start: LocalTime, learned: Bool) -> (String, String) {
    let name = privacy == .minimal ? nil : workoutName
    switch language {
    case .en:
      // Seed 003's "Workout Time!", naming the workout as the calendar does: a notification is
      // read alone, and "Workout Time!" said nothing of which one.
      let title = name.map { "Workout Time: \($0)!" } ?? "Workout Time!"
      let body = learned ? "You usually start at \(start). Ready?" : "Planned for \(start). Ready?"
      return (title, body)
    case .de:
      // Seed 000: "Zeit für dein Push-Workout! 💪" / "Du trainierst normalerweise um 18:00. Bereit?"
      let title = name.map(Self.germanTitle) ?? "Zeit für dein Workout! 💪"
      let body =
        learned
        ? "Du trainierst normalerweise um \(start). Bereit?"
        : "Dein Training ist für \(start) geplant. Bereit?"
      return (title, body)
    }
  }

  /// Title and body of a rest-day reminder; `streak` is the run of training days before it, if
  /// that run is what triggered the reminder.
  public func restDay(streak: Int?) -> (String, String) {
    switch (language, streak) {
    case (.en, let days?):
      return ("Good rest day! 🌙", "\(days) training days in a row. Recovery matters!")
    case (.de, let days?):
      // Seed 000 §5.
      return ("Guter Rest Day! 🌙", "\(days) Tage Training in Folge. Regeneration ist wichtig!")
    case (.en, nil):
      // Seed 003.
      return ("Rest Day", "Recovery is progress. Take it easy today!")
    case (.de, nil):
      return ("Ruhetag", "Erholung ist Fortschritt. Lass es heute ruhig angehen!")
    }
  }

  /// "Zeit für dein Push-Workout! 💪" for a name German joins into a compound, else the name as
  /// it is: "Upper // Ramp // Strength 1" is no word to hyphenate.
  static func germanTitle(_ name: String) -> String {
    let words = name.split(whereSeparator: { $0 == " " || $0 == "-" })
    let compoundable = words.count <= 3 && words.allSatisfy { $0.allSatisfy { $0.isLetter || $0.isNumber } }
    return compoundable
      ? "Zeit für dein \(germanWorkoutCompound(name))! 💪" : "Zeit für dein Training: \(name) 💪"
  }

  /// "Push Day" → "Push-Workout", "Oberkörper A" → "Oberkörper-A-Workout".
  ///
  /// German joins a name and "Workout" into one hyphenated compound; a trailing "Day"/"Tag"
  /// would double up with "Workout", so it goes.
  static func germanWorkoutCompound(_ name: String) -> String {
    var words = name.split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init)
    if words.count > 1, let last = words.last?.lowercased(), ["day", "tag", "workout"].contains(last) {
      words.removeLast()
    }
    return (words + ["Workout"]).joined(separator: "-")
  }

  /// The event's SUMMARY, what a calendar's week view shows: the workout's name ("Push Day");
  /// nil, and the notification's title, when none is known or privacy is minimal.
  public func workoutSummary(workoutName: String?) -> String? {
    guard privacy != .minimal, let workoutName, !workoutName.isEmpty else { return nil }
    return workoutName
  }
}
