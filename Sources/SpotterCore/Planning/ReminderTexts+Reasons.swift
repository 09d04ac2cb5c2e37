import Foundation

/// Why a day got the reminder it got, or none: the notes and reasons `spotter plan` shows, in
/// the configured language.
extension ReminderTexts {
  /// A decimal of two places as the language writes it: 0.43, 0,43. `roundingDown` never shows
  /// more than the value (``TwoDecimals/floorText(_:)``).
  public func decimal(_ value: Double, roundingDown: Bool = false) -> String {
    let text = roundingDown ? TwoDecimals.floorText(value) : TwoDecimals.text(value)
    return language == .de ? text.replacingOccurrences(of: ".", with: ",") : text
  }

  public var alreadyTrainedNote: String {
    language == .de ? "schon trainiert" : "already trained"
  }

  public var skippedNote: String {
    language == .de ? "ausgelassen (spotter skip)" : "skipped (spotter skip)"
  }

  public func disabledNote(_ weekday: Weekday) -> String {
    language == .de ? "\(weekday.key) ist abgeschaltet" : "\(weekday.key) is disabled"
  }

  public var remindersOffNote: String {
    language == .de ? "Workout-Erinnerungen sind aus" : "workout reminders are off"
  }

  public var restDayNote: String {
    language == .de ? "Ruhetag, keine Erinnerung gewünscht" : "rest day, no reminder asked for"
  }

  /// Tomorrow without a reminder in a silence: longer since the last session, `since`, than the
  /// person usually leaves, so it counts as a week off (``TrainingPattern/silentSince``).
  public func silenceNote(_ since: LocalDate) -> String {
    language == .de
      ? "nichts seit \(since), länger als du sonst pausierst: zählt als Woche Pause"
      : "nothing since \(since), longer than you usually leave: taken as a week off"
  }

  /// A day without a reminder because the history is no pattern yet: not a rest day the
  /// person asked for, which the day's usual note would have said to someone who has just begun.
  public var noPatternYetNote: String {
    let days = LearningParameters.standard.minimumTrainingDays
    return language == .de
      ? "noch kein Muster: weniger als \(days) Trainingstage erfasst; ein [program] in der Konfiguration wird von Anfang an erinnert"
      : "no pattern yet: fewer than \(days) training days logged; a [program] in the config is reminded from the start"
  }

  public func restDayReason(streak: Int?) -> String {
    switch (language, streak) {
    case (.de, let days?): return "Ruhetag nach \(days) Trainingstagen in Folge"
    case (.de, nil): return "Ruhetag"
    case (.en, let days?): return "rest day after \(days) training days in a row"
    case (.en, nil): return "rest day"
    }
  }

  /// "program, confidence 0.43, usual start 17:55".
  public func workoutReason(program: Bool, confidence: Double, time: LocalTime, learned: Bool) -> String {
    switch language {
    case .de:
      return (program ? "Programm" : "gelerntes Muster") + ", Konfidenz \(decimal(confidence)), "
        + (learned ? "üblicher Beginn \(time)" : "Wunschzeit \(time)")
    case .en:
      return (program ? "program" : "learned pattern") + ", confidence \(decimal(confidence)), "
        + (learned ? "usual start \(time)" : "preferred time \(time)")
    }
  }

  public func achievementsReason(count: Int, session date: LocalDate) -> String {
    language == .de
      ? "\(count) \(count == 1 ? "Erfolg" : "Erfolge") der Einheit vom \(date)"
      : "\(count) achievement\(count == 1 ? "" : "s") of the session of \(date)"
  }

  /// "Bench Press plateau at 100 kg since 2026-11-20, …, before the session of 2026-11-23".
  public func overloadReason(
    _ plateaus: [(lift: String, amount: String, unit: String, since: LocalDate)], next: LocalDate
  )
    -> String
  {
    let held = plateaus.map {
      language == .de
        ? "\($0.lift) stagniert bei \($0.amount) \($0.unit) seit \($0.since)"
        : "\($0.lift) plateau at \($0.amount) \($0.unit) since \($0.since)"
    }
    return held.joined(separator: ", ")
      + (language == .de ? ", vor der Einheit am \(next)" : ", before the session of \(next)")
  }

  public func pausedReason(hours: Int, lastActivity: String) -> String {
    language == .de
      ? "pausiertes Workout, \(hours) h nach der letzten Aktivität um \(lastActivity)"
      : "paused workout, \(hours) h after the last activity at \(lastActivity)"
  }
}
