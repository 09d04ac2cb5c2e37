/// Seed 001's focus block alert texts, in German as written there and in English.
public struct FocusTexts: Sendable {
  public var language: Language

  public init(language: Language) {
    self.language = language
  }

  /// Title and body of an alert `minutes` before the block, or at its start when `minutes` is 0.
  public func alert(blockTitle: String, minutes: Int) -> (String, String) {
    switch (language, minutes) {
    case (.de, 0): ("Focus Block startet jetzt", "\(blockTitle) beginnt jetzt")
    case (.de, 1): ("Focus Block startet gleich", "\(blockTitle) beginnt in 1 Minute")
    case (.de, _): ("Focus Block startet gleich", "\(blockTitle) beginnt in \(minutes) Minuten")
    case (.en, 0): ("Focus block starts now", "\(blockTitle) starts now")
    case (.en, 1): ("Focus block starts soon", "\(blockTitle) starts in 1 minute")
    case (.en, _): ("Focus block starts soon", "\(blockTitle) starts in \(minutes) minutes")
    }
  }

  /// Title and body of an alert delivered `minutes` after the block began, as a catch-up delivers
  /// one the machine slept through: "starts in 5 minutes" would be false by then.
  public func started(blockTitle: String, minutesAgo minutes: Int) -> (String, String) {
    switch (language, minutes) {
    case (_, ...0): alert(blockTitle: blockTitle, minutes: 0)
    case (.de, 1): ("Focus Block läuft", "\(blockTitle) hat vor 1 Minute begonnen")
    case (.de, _): ("Focus Block läuft", "\(blockTitle) hat vor \(minutes) Minuten begonnen")
    case (.en, 1): ("Focus block started", "\(blockTitle) started 1 minute ago")
    case (.en, _): ("Focus block started", "\(blockTitle) started \(minutes) minutes ago")
    }
  }

  /// The seed's title for a block created without one: `Focus Block 09:00`.
  public static func defaultTitle(start: LocalTime) -> String {
    "Focus Block \(start)"
  }
}
