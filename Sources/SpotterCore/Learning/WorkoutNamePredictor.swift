import Foundation

/// Predicts which program day comes next ("Push Day") from the order of past workouts.
///
/// Routines rotate (push, pull, legs, push, …), so the best guess for the next workout is what
/// most often followed the last one. Ties go to the name seen most recently after it.
public struct WorkoutNamePredictor: Sendable {
  /// Successor counts learned from the most recent sessions.
  private let successors: [String: [String: (count: Int, last: Int)]]
  private let lastName: String?

  /// - Parameter names: workout names of completed sessions, oldest first.
  public init(names: [String], memory: Int = 60) {
    let recent = names.suffix(memory).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    var table: [String: [String: (count: Int, last: Int)]] = [:]
    for (index, pair) in zip(recent, recent.dropFirst()).enumerated() {
      let old = table[pair.0]?[pair.1] ?? (0, 0)
      table[pair.0, default: [:]][pair.1] = (old.count + 1, index)
    }
    successors = table
    lastName = recent.last
  }

  /// The next `count` workout names, in order; empty when nothing is known.
  public func next(_ count: Int) -> [String] {
    var result: [String] = []
    var current = lastName
    for _ in 0..<count {
      guard let from = current else { break }
      let choice = successors[from]?.max {
        ($0.value.count, $0.value.last) < ($1.value.count, $1.value.last)
      }?.key
      let name = choice ?? from
      result.append(name)
      current = name
    }
    return result
  }
}
