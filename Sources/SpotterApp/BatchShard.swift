import Foundation
import SpotterCore

/// Shard `index` of `count`: the users whose id hashes to it. The hash is of the id, not the
/// line, so adding a user to the manifest moves no one else.
public struct BatchShard: Sendable, Hashable, CustomStringConvertible {
  public var index: Int
  public var count: Int

  public init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  public var description: String { "\(index)/\(count)" }

  /// `I/N`, or `auto` (or `auto/N`) from Slurm's `SLURM_ARRAY_TASK_ID` and
  /// `SLURM_ARRAY_TASK_COUNT`, or a Kubernetes Indexed Job's `JOB_COMPLETION_INDEX` with `N` or
  /// `SPOTTER_SHARDS`; throws ``SpotterAppError/invalidOption(option:value:reason:)`` else.
  public static func parse(_ text: String, environment: [String: String]) throws -> BatchShard {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    var index: Int?
    var count: Int?
    if parts.first == "auto" {
      // A variable the engine set but spelt wrong is named with its value: "got 'auto'" sent the
      // reader to the command line when the job's environment was at fault.
      try checkNumbers(
        [
          "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX",
          "SLURM_ARRAY_TASK_STEP", "JOB_COMPLETION_INDEX", "SPOTTER_SHARDS",
        ],
        in: environment)
      if let task = number(environment["SLURM_ARRAY_TASK_ID"]) {
        (index, count) = try slurmShard(task: task, environment: environment, text: text)
      } else if let task = number(environment["JOB_COMPLETION_INDEX"]) {
        index = task
        count = number(environment["SPOTTER_SHARDS"])
        // A Kubernetes pod is told its index, not how many there are.
        if count == nil, parts.count == 1 {
          throw SpotterAppError.invalidOption(
            option: "--shard", value: text,
            reason: Phrase(
              "JOB_COMPLETION_INDEX gives this pod's shard but not how many shards there are: "
                + "give auto/N (N = the Job's completions) or set SPOTTER_SHARDS, got"))
        }
      } else {
        throw SpotterAppError.invalidOption(
          option: "--shard", value: text,
          reason: "'auto' needs SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX in the environment, got")
      }
      if parts.count == 2 { count = number(parts[1]) }
    } else if parts.count == 2 {
      (index, count) = (number(parts[0]), number(parts[1]))
    }
    guard let index, let count else {
      throw SpotterAppError.invalidOption(
        option: "--shard", value: text,
        reason: "expected I/N (e.g. 0/4), auto or auto/N (with SLURM_ARRAY_TASK_COUNT or SPOTTER_SHARDS), got"
      )
    }
    guard count >= 1, count <= mostShards, (0..<count).contains(index) else {
      throw SpotterAppError.invalidOption(
        option: "--shard", value: text, reason: "no such shard: I runs from 0 to N-1, got")
    }
    return BatchShard(index: index, count: count)
  }

  /// The shard of Slurm array task `task`: its place in the array, not its ID. An array need not
  /// start at 0 (`--array=1-8`) or go in ones (`--array=0-14:2`); taken as the shard, the ID of
  /// `1-8`'s last task named no shard and shard 0's users were never run. An array whose IDs are
  /// not one even range (`--array=1,2,5`) has no place to read from them, and is refused.
  static func slurmShard(task: Int, environment: [String: String], text: String) throws -> (Int, Int?) {
    func number(_ name: String) -> Int? { Self.number(environment[name]) }
    guard let count = number("SLURM_ARRAY_TASK_COUNT") else { return (task, nil) }
    let minimum = number("SLURM_ARRAY_TASK_MIN") ?? 0
    let step = number("SLURM_ARRAY_TASK_STEP") ?? 1
    // Slurm's task IDs stay below its MaxArraySize (at most 4,000,001); within this bound the
    // arithmetic below cannot overflow, whatever the environment says.
    let bound = 0...100_000_000
    let given = number("SLURM_ARRAY_TASK_MAX")
    let inBounds = [count, minimum, step].allSatisfy(bound.contains)
    let maximum = given ?? (inBounds ? minimum + (count - 1) * step : -1)
    guard [task, count, minimum, step, maximum].allSatisfy(bound.contains), step >= 1, task >= minimum,
      task <= maximum, (task - minimum) % step == 0, (maximum - minimum) % step == 0,
      (maximum - minimum) / step + 1 == count
    else {
      throw SpotterAppError.invalidOption(
        option: "--shard", value: text,
        reason: Phrase(
          "Slurm's array is not one even range of task IDs (task \(task), \(count) tasks from \(minimum) "
            + "to \(maximum) in steps of \(step)), so a task's shard cannot be read from its ID; submit with "
            + "--array=0-\(max(count - 1, 0)) or give --shard I/N, got"))
    }
    return ((task - minimum) / step, count)
  }

  /// Refuses a variable of `names` that is set but is not a whole number, naming it and its value.
  private static func checkNumbers(_ names: [String], in environment: [String: String]) throws {
    for name in names {
      guard let value = environment[name], number(value) == nil else { continue }
      throw SpotterAppError.invalidOption(
        option: "--shard", value: value,
        reason: Phrase("'auto' reads \(name) from the environment, which is not a whole number:"))
    }
  }

  /// The most shards a batch may be cut into.
  static let mostShards = 100_000

  /// A whole number as an engine's variable or `--shard` spells it, spaces around allowed.
  private static func number(_ string: String?) -> Int? {
    string.flatMap { Int($0.trimmingScalars(in: .whitespaces)) }
  }

  /// Whether the user `id` is this shard's: FNV-1a of its bytes, modulo the count.
  public func contains(_ id: String) -> Bool {
    Int(Self.hash(id) % UInt64(count)) == index
  }

  static func hash(_ id: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in id.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}
