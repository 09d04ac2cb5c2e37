import ArgumentParser
import Foundation
import SpotterApp

/// The words of a refused option, said before any config is read: in the language `LANG` asks
/// for. swift-argument-parser puts its own `Error:` and usage line around them.
enum UsageWords {
  /// The refusal in `LANG`'s language: English, or German.
  static func refusal(_ english: String, _ german: String) -> ValidationError {
    ValidationError(words.pick(english, german))
  }

  static var words: ConsoleWords {
    ConsoleWords(Workspace.language(in: ProcessInfo.processInfo.environment) ?? .en)
  }
}
