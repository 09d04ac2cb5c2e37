/// A session's exercises, decoded or still packed as the store keeps them.
enum ExerciseStorage: Sendable {
  case decoded([ExerciseEntry])
  /// Bytes ``ExerciseListCoder/isValid(_:)`` accepted, so decoding them cannot fail.
  case packed([UInt8])

  var exercises: [ExerciseEntry] {
    switch self {
    case .decoded(let exercises): exercises
    case .packed(let bytes): bytes.withUnsafeBytes(ExerciseListCoder.decode)!
    }
  }

  var packed: [UInt8] {
    switch self {
    case .decoded(let exercises): ExerciseListCoder.encode(exercises)
    case .packed(let bytes): bytes
    }
  }

  /// Equal bytes are equal exercises; anything else is compared decoded, since two encoders'
  /// bytes may differ for the same sets.
  func holdsSameExercises(as other: ExerciseStorage) -> Bool {
    if case .packed(let bytes) = self, case .packed(let otherBytes) = other, bytes == otherBytes {
      return true
    }
    return exercises == other.exercises
  }
}
