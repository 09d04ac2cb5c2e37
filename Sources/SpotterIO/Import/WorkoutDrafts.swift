import SpotterCore

/// The workouts of a file being read, in the order first seen, each found again by its key in
/// the file, with its sets.
///
/// Only the workout the last row went to keeps its sets as values; the others are packed as the
/// store writes them, so reading years of history holds one workout's sets at a time.
struct WorkoutDrafts<Header> {
  private(set) var headers: [Header] = []
  private var sets: [DraftSets] = []
  private var keys: [String: Int] = [:]
  /// The draft whose sets are unpacked.
  private var open: Int?

  /// The draft read under `key` before, if any.
  func draft(for key: String) -> Int? { keys[key] }

  /// Starts a draft for the workout with `header`, read under `key`.
  mutating func add(_ header: Header, key: String) -> Int {
    headers.append(header)
    sets.append(DraftSets())
    keys[key] = headers.count - 1
    return headers.count - 1
  }

  mutating func add(_ set: SetEntry, exercise: String, to draft: Int) {
    if let open, open != draft { sets[open].pack() }
    open = draft
    sets[draft].add(set, exercise: exercise)
  }

  /// Every draft's header, set count and packed sets; the drafts are emptied.
  mutating func finish() -> [(header: Header, setCount: Int, exercises: [UInt8])] {
    let result = headers.indices.map { index in
      (headers[index], sets[index].count, sets[index].packed())
    }
    headers = []
    sets = []
    keys = [:]
    open = nil
    return result
  }
}
