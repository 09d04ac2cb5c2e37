import ArgumentParser
import SpotterApp

/// A block's end, as a time or a length.
struct FocusTimingOptions: ParsableArguments {
  @Option(help: "End: a time such as 10:30, a full date and time, or +3h from the start.")
  var end: String?

  @Option(name: .customLong("for"), help: "Length, e.g. 90m, 1h30m or 2h.")
  var duration: String?

  func validate() throws {
    if end != nil && duration != nil {
      throw UsageWords.refusal(
        "Give --end or --for, not both.",
        "Gib --end oder --for an, nicht beides.")
    }
  }

  func timing(start: String) -> FocusService.Timing {
    FocusService.Timing(start: start, end: end, duration: duration)
  }
}
