import SpotterCore

/// A session read from a file, its sets already in the store's compact encoding.
///
/// An import holds every session of a file until all of it has parsed, so that a bad row leaves
/// the store untouched. As set values twenty years of sets are 40 MB; encoded they are 1.4 MB,
/// which is what the store writes anyway.
public struct PackedSession: Sendable {
  /// The session without its exercises.
  public var session: Session
  /// ``session``'s exercises, encoded by ``ExerciseListCoder``.
  var exercises: [UInt8]

  public init(_ session: Session) {
    self.init(bare: session, exercises: ExerciseListCoder.encode(session.exercises))
  }

  init(bare session: Session, exercises: [UInt8]) {
    self.session = session
    self.session.exercises = []
    self.exercises = exercises
  }

  /// The session with its exercises decoded.
  public var unpacked: Session {
    var whole = session
    whole.exercises = exercises.withUnsafeBytes(ExerciseListCoder.decode) ?? []
    return whole
  }
}
