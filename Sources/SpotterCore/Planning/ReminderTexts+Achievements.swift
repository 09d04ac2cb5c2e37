import Foundation

extension ReminderTexts {
  /// Title and body announcing what one session earned (seed 000 §4): one achievement in full,
  /// several batched into one notification.
  public func achievements(_ earned: [Achievement]) -> (String, String) {
    let records = earned.filter(\.kind.isRecord)
    if earned.count == 1, let only = earned.first {
      return single(only)
    }
    var parts: [String] = []
    if !records.isEmpty {
      let list = records.map { item($0) }.joined(separator: ", ")
      switch (language, records.count) {
      case (.en, 1): parts.append("New record: \(list)")
      case (.en, let count): parts.append("\(count) new records: \(list)")
      case (.de, 1): parts.append("Neuer Rekord: \(list)")
      case (.de, let count): parts.append("\(count) neue Rekorde: \(list)")
      }
    }
    parts += earned.filter { !$0.kind.isRecord }.map { item($0) }
    let title: String
    switch (language, records.count == earned.count) {
    case (.en, true): title = "\(earned.count) new records! 🎉"
    case (.en, false): title = "\(earned.count) new achievements! 🎉"
    case (.de, true): title = "\(earned.count) neue Rekorde! 🎉"
    case (.de, false): title = "\(earned.count) neue Erfolge! 🎉"
    }
    return (title, parts.joined(separator: "; "))
  }

  /// One achievement as a line of `spotter achievements` or a part of a batch.
  public func item(_ achievement: Achievement) -> String {
    let exercise = achievement.exercise ?? ""
    let unit = achievement.unit.rawValue
    let (value, previous) = (amount(achievement.value), achievement.previous.map(amount) ?? "?")
    switch (language, achievement.kind) {
    case (.en, .weightRecord):
      return
        "\(exercise) \(value) \(unit) × \(achievement.reps ?? 0) (before \(previous) \(unit) × \(achievement.reps ?? 0))"
    case (.de, .weightRecord):
      return
        "\(exercise) \(value) \(unit) × \(achievement.reps ?? 0) (vorher \(previous) \(unit) × \(achievement.reps ?? 0))"
    case (.en, .oneRepMaxRecord):
      return "\(exercise) est. 1RM \(value) \(unit) (before \(previous) \(unit))"
    case (.de, .oneRepMaxRecord):
      return "\(exercise) 1RM \(value) \(unit) (vorher \(previous) \(unit))"
    case (.en, .repsRecord):
      return
        "\(exercise) \(value) reps at \(amount(achievement.weight ?? 0)) \(unit) (before \(previous))"
    case (.de, .repsRecord):
      return
        "\(exercise) \(value) Wdh. mit \(amount(achievement.weight ?? 0)) \(unit) (vorher \(previous))"
    case (.en, .streak): return "\(value)-day streak"
    case (.de, .streak): return "\(value) Tage Streak"
    case (.en, .consistency): return "3 months regular (\(value) weeks)"
    case (.de, .consistency): return "3 Monate regelmäßig (\(value) Wochen)"
    case (.en, .volume): return "\(grouped(achievement.value)) kg lifted in total"
    case (.de, .volume): return "\(grouped(achievement.value)) kg insgesamt gehoben"
    }
  }

  private func single(_ achievement: Achievement) -> (String, String) {
    let exercise = achievement.exercise ?? ""
    let unit = achievement.unit.rawValue
    let (value, previous) = (amount(achievement.value), achievement.previous.map(amount) ?? "?")
    let reps = achievement.reps ?? 0
    let weight = amount(achievement.weight ?? 0)
    let perWeek = Int(achievement.weight ?? 0)
    switch (language, achievement.kind) {
    case (.en, .weightRecord):
      return (
        "New personal record! 🎉",
        "\(exercise): \(value) \(unit) × \(reps) (before: \(previous) \(unit) × \(reps))"
      )
    case (.de, .weightRecord):
      // Seed 000 §4, word for word.
      return (
        "Neuer Personal Record! 🎉",
        "\(exercise): \(value) \(unit) × \(reps) (Vorher: \(previous) \(unit) × \(reps))"
      )
    case (.en, .oneRepMaxRecord):
      return (
        "New personal record! 🎉", "\(exercise): estimated 1RM \(value) \(unit) (before: \(previous) \(unit))"
      )
    case (.de, .oneRepMaxRecord):
      return (
        "Neuer Personal Record! 🎉",
        "\(exercise): geschätztes 1RM \(value) \(unit) (Vorher: \(previous) \(unit))"
      )
    case (.en, .repsRecord):
      return (
        "New personal record! 🎉", "\(exercise): \(value) reps at \(weight) \(unit) (before: \(previous))"
      )
    case (.de, .repsRecord):
      return (
        "Neuer Personal Record! 🎉", "\(exercise): \(value) Wdh. mit \(weight) \(unit) (Vorher: \(previous))"
      )
    case (.en, .streak):
      return ("\(value)-day streak! 🔥", "\(value) days of training in a row. Keep it up!")
    case (.de, .streak):
      return ("\(value) Tage Streak! 🔥", "\(value) Tage in Folge trainiert. Weiter so!")
    case (.en, .consistency):
      return ("3 months regular! 📅", "\(value) weeks in a row with \(perWeek) workouts a week.")
    case (.de, .consistency):
      return ("3 Monate regelmäßig! 📅", "\(value) Wochen in Folge mit \(perWeek) Workouts pro Woche.")
    case (.en, .volume):
      return (
        "\(grouped(achievement.value)) kg lifted! 🏋️",
        "You have lifted \(grouped(achievement.value)) kg in total."
      )
    case (.de, .volume):
      return (
        "\(grouped(achievement.value)) kg gehoben! 🏋️",
        "Du hast insgesamt \(grouped(achievement.value)) kg gehoben."
      )
    }
  }

  /// A weight or count without trailing zeros: 105, 102.5, 128.6.
  /// `value` as the texts' language writes a number: `77.5` in English, `77,5` in German, at most
  /// two decimals, from the locale data Foundation carries.
  public func amount(_ value: Double) -> String {
    let formatter = NumberFormatter()
    formatter.locale = Locale(identifier: language.rawValue)
    formatter.numberStyle = .decimal
    formatter.usesGroupingSeparator = false
    formatter.minimumFractionDigits = 0
    formatter.maximumFractionDigits = 2
    return formatter.string(from: NSNumber(value: value)) ?? Self.amount(value)
  }

  public static func amount(_ value: Double) -> String {
    var text = TwoDecimals.text(value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// A whole number with thousands separators: 10,000 in English, 10.000 in German.
  func grouped(_ value: Double) -> String {
    let digits = String(Int(value.rounded()))
    var groups: [String] = []
    var end = digits.endIndex
    while end > digits.startIndex {
      let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
      groups.insert(String(digits[start..<end]), at: 0)
      end = start
    }
    return groups.joined(separator: language == .de ? "." : ",")
  }
}
