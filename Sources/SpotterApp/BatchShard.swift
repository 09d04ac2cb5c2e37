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
    func number(_ string: String?) -> Int? { string.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
    var index: Int?
    var count: Int?
    if parts.first == "auto" {
      if let task = number(environment["SLURM_ARRAY_TASK_ID"]) {
        index = task
        count = number(environment["SLURM_ARRAY_TASK_COUNT"])
      } else if let task = number(environment["JOB_COMPLETION_INDEX"]) {
        index = task
        count = number(environment["SPOTTER_SHARDS"])
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
    guard count >= 1, count <= 100_000, (0..<count).contains(index) else {
      throw SpotterAppError.invalidOption(
        option: "--shard", value: text, reason: "no such shard: I runs from 0 to N-1, got")
    }
    return BatchShard(index: index, count: count)
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
