import ArgumentParser
import SpotterApp

/// The reminder `fire`, `snooze` and `done` act on: its UID or a unique start of it.
struct ReminderArgument: ParsableArguments {
  @Argument(
    help: "The reminder's UID (e.g. workout-reminder-2026-11-23@spotter), or a unique start of it.",
    completion: .custom { words, _, prefix in
      CompletionCandidates.reminderUIDs(words: words, prefix: prefix)
    })
  var uid: String
}
