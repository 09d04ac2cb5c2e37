import SpotterCore

/// The sets of a workout being read: grouped into exercises while its rows come, packed into the
/// store's encoding once another workout's rows follow.
///
/// Only the workout being read is held as set values, so an import's memory does not grow with
/// the years of history in the file.
struct DraftSets {
  private var grouper = ExerciseGrouper()
  private var packedBytes: [UInt8]?
  /// The number of sets added.
  private(set) var count = 0

  mutating func add(_ set: SetEntry, exercise name: String) {
    if let bytes = packedBytes {
      // A workout whose rows are not contiguous: rare, but read exactly as if they were.
      grouper = ExerciseGrouper(exercises: bytes.withUnsafeBytes(ExerciseListCoder.decode) ?? [])
      packedBytes = nil
    }
    grouper.add(set, exercise: name)
    count += 1
  }

  /// Packs the sets, freeing their values.
  mutating func pack() {
    guard packedBytes == nil else { return }
    packedBytes = ExerciseListCoder.encode(grouper.exercises)
    grouper = ExerciseGrouper()
  }

  /// The sets in the store's encoding.
  mutating func packed() -> [UInt8] {
    pack()
    return packedBytes ?? []
  }
}
