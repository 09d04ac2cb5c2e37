import Foundation
import SpotterCore
import Testing

@Suite struct ExerciseListCoderTests {
  static let exercises = [
    ExerciseEntry(name: "Bankdrücken 💪", sets: []),
    ExerciseEntry(
      name: "",
      sets: SetKind.allCases.flatMap { kind in
        [
          SetEntry(kind: kind, weight: 102.5, unit: .pounds, reps: 300, completed: true),
          SetEntry(
            kind: kind, weight: nil, unit: .kilograms, reps: nil, completed: false,
            completedAt: Date(timeIntervalSince1970: 1_795_000_000.25)),
        ]
      }),
  ]

  @Test func everySetShapeSurvivesTheBlob() throws {
    let bytes = ExerciseListCoder.encode(Self.exercises)
    #expect(bytes.withUnsafeBytes(ExerciseListCoder.decode) == Self.exercises)
    #expect(bytes.withUnsafeBytes(ExerciseListCoder.isValid))
    // A damaged blob is refused, never a crash.
    for length in 0..<bytes.count {
      let cut = Array(bytes.prefix(length))
      #expect(cut.withUnsafeBytes(ExerciseListCoder.decode) == nil)
      #expect(!cut.withUnsafeBytes(ExerciseListCoder.isValid))
    }
    #expect([UInt8(9), 0].withUnsafeBytes(ExerciseListCoder.decode) == nil)
    #expect(![UInt8(9), 0].withUnsafeBytes(ExerciseListCoder.isValid))
  }

  /// The check that lets a store keep blobs packed must accept exactly what decodes: every byte
  /// of the blob set to a handful of values, and a byte too many.
  @Test func theValidityCheckAgreesWithDecodingOnEveryDamage() throws {
    let bytes = ExerciseListCoder.encode(Self.exercises)
    var tried = 0
    for index in bytes.indices {
      for value: UInt8 in [0, 1, 2, 0x7F, 0x80, 0xFF, bytes[index] ^ 0x40] {
        var damaged = bytes
        damaged[index] = value
        let decodes = damaged.withUnsafeBytes(ExerciseListCoder.decode) != nil
        #expect(
          damaged.withUnsafeBytes(ExerciseListCoder.isValid) == decodes, "byte \(index) set to \(value)")
        tried += 1
      }
    }
    #expect(tried == bytes.count * 7)
    #expect(!(bytes + [0]).withUnsafeBytes(ExerciseListCoder.isValid))
  }
  /// A blob that promises two billion exercises, or sets, is refused without reserving room for
  /// them: the counts are capped by the bytes that are left (it was an 80 GB allocation, a trap).
  @Test func aHugeCountIsRefusedWithoutReservingIt() {
    let most: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0x07]  // Int32.max as a varint
    #expect(([UInt8(1)] + most).withUnsafeBytes(ExerciseListCoder.decode) == nil)
    // One exercise named "A" with Int32.max sets.
    #expect(([UInt8(1), 1, 1, UInt8(ascii: "A")] + most).withUnsafeBytes(ExerciseListCoder.decode) == nil)
  }
}
