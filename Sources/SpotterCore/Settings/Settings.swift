import Foundation

/// Everything the user can configure, with the seeds' defaults.
public struct Settings: Sendable, Hashable {
  public var timeZone: TimeZone
  public var language: Language
  /// The unit of weights in files that do not state one.
  public var weightUnit: WeightUnit
  public var privacy: Privacy
  public var reminders: ReminderSettings
  public var restDay: RestDaySettings
  public var quietHours: QuietHours?
  public var focus: FocusSettings
  /// The training program: which workout falls on which weekday.
  public var program: [Weekday: String]
  /// The confidence a weekday needs before the learned pattern makes it a training day.
  public var minimumConfidence: Double
  /// The command each agenda line runs; `{title}`, `{body}`, `{uid}`, `{kind}` and `{start}` are
  /// replaced by shell-quoted values, `{fire}` by the `spotter fire` command of this store.
  public var agendaCommand: String
  /// The zone cron reads the agenda in; nil means the machine's zone.
  public var agendaTimeZone: TimeZone?
  /// When the installed nightly `spotter run` starts, on the user's clock (`timeZone`).
  public var agendaNightly: LocalTime
  /// A vdir (khal, vdirsyncer) that also gets one `UID.ics` per reminder; nil writes none.
  public var vdirPath: String?
  /// Where the nightly run finds history exports when none are named: files, folders and globs.
  public var importSources: [String] = []
  /// Apple Health workout types (`HKWorkoutActivityType…`, with or without the prefix) that count
  /// as training; nil means strength and interval training (the importer's default).
  public var appleHealthTypes: [String]?
  /// Which of day and month comes first in an export whose every date reads both ways; nil
  /// lets the file tell.
  public var dateOrder: DateOrder?
  public var notify: NotifySettings
  public var pause: PauseSettings
  public var achievements: AchievementSettings
  public var overload: OverloadSettings
  /// A live Hevy source (`[hevy]`); nil when none is configured.
  public var hevy: HevySettings?

  /// Agenda lines re-check each reminder when it fires, then run the notifiers.
  public static let defaultAgendaCommand = "{fire} {uid}"
  public static let defaultNightly = LocalTime(hour: 21, minute: 30)
  /// How likely a day must be to get a workout reminder. Chosen with the learning constants on 39
  /// people (`bench/backtest`, README "Learning, measured"): the most useful threshold whose
  /// precision keeps a point above the best simple rule's. At 0.4, level with that rule on those
  /// 39, 19 people gathered later got 3 points less precision than the best rule (67% against
  /// 70%); at 0.45, 69%, with 4 points more useful alarms than the best rule.
  public static let defaultMinimumConfidence = 0.45

  public init(
    timeZone: TimeZone, language: Language = .en, weightUnit: WeightUnit = .kilograms,
    privacy: Privacy = .standard, reminders: ReminderSettings = ReminderSettings(),
    restDay: RestDaySettings = RestDaySettings(), quietHours: QuietHours? = nil,
    focus: FocusSettings = FocusSettings(),
    program: [Weekday: String] = [:], minimumConfidence: Double = Settings.defaultMinimumConfidence,
    agendaCommand: String = Settings.defaultAgendaCommand, agendaTimeZone: TimeZone? = nil,
    agendaNightly: LocalTime = Settings.defaultNightly, notify: NotifySettings = NotifySettings(),
    pause: PauseSettings = PauseSettings(), achievements: AchievementSettings = AchievementSettings(),
    overload: OverloadSettings = OverloadSettings()
  ) {
    self.timeZone = timeZone
    self.language = language
    self.weightUnit = weightUnit
    self.privacy = privacy
    self.reminders = reminders
    self.restDay = restDay
    self.quietHours = quietHours
    self.focus = focus
    self.program = program
    self.minimumConfidence = minimumConfidence
    self.agendaCommand = agendaCommand
    self.agendaTimeZone = agendaTimeZone
    self.agendaNightly = agendaNightly
    self.notify = notify
    self.pause = pause
    self.achievements = achievements
    self.overload = overload
  }
}
