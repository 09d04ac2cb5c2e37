import Foundation
import SpotterCore
import SpotterIO

/// The zone and language a store keeps from the first command that writes it, so that later
/// runs read times the same way whatever their environment says.
struct StorePinning: Sendable {
  /// The zone to keep, and where it came from; nil when the store already keeps one.
  var timeZone: (name: String, source: Workspace.Source)?
  /// The language to keep, and where it came from; nil when the store already keeps one.
  var language: (code: String, source: Workspace.Source)?

  /// Keeps what the store does not keep yet, and says so unless the config chose it.
  func pin(_ store: Store, notices: Notices, words: ConsoleWords) throws {
    guard timeZone != nil || language != nil else { return }
    var pinned: [String] = []
    func source(_ source: Workspace.Source) -> String {
      switch source {
      case .flag, .environment: source.rawValue
      case .config: words.pick("the config", "der Konfiguration")
      case .store: words.pick("the store", "dem Speicher")
      case .system: words.pick("the system", "dem System")
      }
    }
    if let timeZone, try store.setting(Store.pinnedTimeZoneKey) == nil {
      try store.setSetting(Store.pinnedTimeZoneKey, timeZone.name)
      if timeZone.source != .config {
        pinned.append(
          words.pick("time zone", "die Zeitzone") + " '\(timeZone.name)' (" + words.pick("from", "aus") + " "
            + source(timeZone.source) + ")")
      }
    }
    if let language, try store.setting(Store.pinnedLanguageKey) == nil {
      try store.setSetting(Store.pinnedLanguageKey, language.code)
      if language.source != .config {
        pinned.append(
          words.pick("language", "die Sprache") + " '\(language.code)' (" + words.pick("from", "aus") + " "
            + source(language.source) + ")")
      }
    }
    guard !pinned.isEmpty else { return }
    notices.add(
      words.note(
        words.pick(
          "the store now keeps \(pinned.joined(separator: " and ")); from now on, runs use that whatever TZ and LANG say, "
            + "unless the config sets timezone or language",
          "der Speicher behält jetzt \(pinned.joined(separator: " und ")); ab jetzt gilt das, was auch immer TZ und "
            + "LANG sagen, außer die Konfiguration setzt timezone oder language")))
  }
}
