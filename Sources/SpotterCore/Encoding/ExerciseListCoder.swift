import Foundation

/// Packs a session's exercises and sets into one compact blob, and unpacks it.
///
/// A session's sets are always written and read together and never queried one by one, so they
/// live in a column of their session: five years are 1,000 rows to insert instead of 30,000. The
/// layout is little-endian and versioned by its first byte:
///
///     version(1) exerciseCount(varint)
///     per exercise: nameLength(varint) name(UTF-8) setCount(varint)
///     per set: flags(1) [weight(f64)] [reps(varint)] [completedAt(f64)]
///
/// `flags` holds the kind in bits 0–1, then pounds, completed, has weight, has reps and has
/// completedAt.
///
/// The store hands sessions over in this form (``Session/packedExercises``), and a night decodes
/// only the sessions whose sets it reads.
public enum ExerciseListCoder {
  static let version: UInt8 = 1

  private static let kinds: [SetKind] = [.normal, .warmup, .drop, .failure]
  private static let pounds: UInt8 = 1 << 2
  private static let completed: UInt8 = 1 << 3
  private static let hasWeight: UInt8 = 1 << 4
  private static let hasReps: UInt8 = 1 << 5
  private static let hasCompletedAt: UInt8 = 1 << 6

  public static func encode(_ exercises: [ExerciseEntry]) -> [UInt8] {
    var bytes: [UInt8] = [version]
    bytes.reserveCapacity(16 + exercises.count * 24 + exercises.count * 4 * 12)
    ByteWriter.appendVarint(UInt64(exercises.count), to: &bytes)
    for exercise in exercises {
      let name = exercise.name.utf8
      ByteWriter.appendVarint(UInt64(name.count), to: &bytes)
      bytes.append(contentsOf: name)
      ByteWriter.appendVarint(UInt64(exercise.sets.count), to: &bytes)
      for set in exercise.sets {
        var flags = UInt8(kinds.firstIndex(of: set.kind)!)
        if set.unit == .pounds { flags |= pounds }
        if set.completed { flags |= completed }
        if set.weight != nil { flags |= hasWeight }
        if set.reps != nil { flags |= hasReps }
        if set.completedAt != nil { flags |= hasCompletedAt }
        bytes.append(flags)
        if let weight = set.weight { ByteWriter.appendDouble(weight, to: &bytes) }
        if let reps = set.reps { ByteWriter.appendVarint(UInt64(max(reps, 0)), to: &bytes) }
        if let completedAt = set.completedAt {
          ByteWriter.appendDouble(completedAt.timeIntervalSince1970, to: &bytes)
        }
      }
    }
    return bytes
  }

  /// The exercises in `bytes`, or nil when the blob is truncated, malformed or of an unknown version.
  public static func decode(_ bytes: UnsafeRawBufferPointer) -> [ExerciseEntry]? {
    var reader = ByteReader(bytes: bytes)
    guard reader.byte() == version, let exerciseCount = reader.count() else { return nil }
    var exercises: [ExerciseEntry] = []
    exercises.reserveCapacity(min(exerciseCount, reader.remaining))
    for _ in 0..<exerciseCount {
      guard let nameLength = reader.count(), let name = reader.text(nameLength), let setCount = reader.count()
      else { return nil }
      var sets: [SetEntry] = []
      sets.reserveCapacity(min(setCount, reader.remaining))
      for _ in 0..<setCount {
        guard let flags = reader.byte(), flags < 1 << 7 else { return nil }
        var weight: Double?
        var reps: Int?
        var completedAt: Date?
        if flags & hasWeight != 0 {
          guard let value = reader.double() else { return nil }
          weight = value
        }
        if flags & hasReps != 0 {
          guard let value = reader.count() else { return nil }
          reps = value
        }
        if flags & hasCompletedAt != 0 {
          guard let value = reader.double() else { return nil }
          completedAt = Date(timeIntervalSince1970: value)
        }
        sets.append(
          SetEntry(
            kind: kinds[Int(flags & 3)], weight: weight, unit: flags & pounds != 0 ? .pounds : .kilograms,
            reps: reps, completed: flags & completed != 0, completedAt: completedAt))
      }
      exercises.append(ExerciseEntry(name: name, sets: sets))
    }
    return reader.isAtEnd ? exercises : nil
  }

  /// Whether ``decode(_:)`` reads `bytes` without fault, found without building a value: a store
  /// checks every session's blob this way as it loads, and decodes only those it is asked for.
  public static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var reader = ByteReader(bytes: bytes)
    guard reader.byte() == version, let exerciseCount = reader.count() else { return false }
    for _ in 0..<exerciseCount {
      guard let nameLength = reader.count(), reader.skip(nameLength), let setCount = reader.count()
      else { return false }
      for _ in 0..<setCount {
        guard let flags = reader.byte(), flags < 1 << 7,
          flags & hasWeight == 0 || reader.skip(8),
          flags & hasReps == 0 || reader.count() != nil,
          flags & hasCompletedAt == 0 || reader.skip(8)
        else { return false }
      }
    }
    return reader.isAtEnd
  }
}
