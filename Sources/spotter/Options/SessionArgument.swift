import ArgumentParser
import SpotterApp

/// The session `session pause`, `resume` and `end` act on.
struct SessionArgument: ParsableArguments {
  @Argument(
    help: "The session's id, or its first characters.",
    completion: .custom { words, _, prefix in
      CompletionCandidates.openSessionIDs(words: words, prefix: prefix)
    })
  var id: String
}
