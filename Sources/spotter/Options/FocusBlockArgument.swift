import ArgumentParser
import SpotterApp

/// The block `focus move` and `focus rm` act on.
struct FocusBlockArgument: ParsableArguments {
  @Argument(
    help: "The block's id (or a unique prefix of at least four characters).",
    completion: .custom { words, _, prefix in
      CompletionCandidates.focusBlockIDs(words: words, prefix: prefix)
    })
  var id: String
}
