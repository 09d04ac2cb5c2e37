import ArgumentParser
import Foundation
import SpotterApp

/// The words of a refused option, said before any config is read: in the language `LANG` asks
/// for, after "spotter: error:" ("Fehler:"), with swift-argument-parser's usage lines below.
enum UsageWords {
  /// The refusal in `LANG`'s language: English, or German.
  static func refusal(_ english: String, _ german: String) -> ValidationError {
    ValidationError(words.pick(english, german))
  }

  static var words: ConsoleWords {
    ConsoleWords(Workspace.language(in: ProcessInfo.processInfo.environment) ?? .en)
  }
}
