import ArgumentParser
import SpotterCore

/// "Did you mean `run`?" for a misspelt subcommand, as git and cargo answer.
///
/// ArgumentParser reads `spotter rn` as an unexpected argument of the default subcommand and
/// prints `plan`'s usage, which hides the typo. Before parsing, the words that name commands are
/// walked down the tree; the first that names none, where only a command may stand, is compared
/// with the names there.
enum CommandSuggestion {
  /// The message for `arguments`, or nil when they name commands correctly.
  static func message(for arguments: [String], root: ParsableCommand.Type) -> String? {
    var command = root
    var path = [root.configuration.commandName ?? "spotter"]
    for word in arguments {
      guard !word.hasPrefix("-"), word != "help" else { return nil }
      let children = command.configuration.subcommands
      // A command without children takes the word as its own argument. Where there are children
      // only a command may stand: `spotter`'s default, plan, takes no word of its own.
      guard !children.isEmpty else { return nil }
      if let child = children.first(where: { names($0).contains(word) }) {
        command = child
        path.append(word)
        continue
      }
      let candidates = children.flatMap(names)
      let close = candidates.map { ($0, EditDistance.between(word, $0)) }.filter {
        $0.1 <= max(1, min(2, $0.0.count / 2))
      }
      .min { ($0.1, $0.0) < ($1.1, $1.0) }
      let prefix = path.joined(separator: " ")
      if let (name, _) = close {
        return "unknown command '\(prefix) \(word)'; did you mean '\(prefix) \(name)'?"
      }
      return "unknown command '\(prefix) \(word)'; the commands are: \(candidates.joined(separator: ", "))"
    }
    return nil
  }

  private static func names(_ command: ParsableCommand.Type) -> [String] {
    let configuration = command.configuration
    return [configuration.commandName ?? String(describing: command).lowercased()] + configuration.aliases
  }
}
