/// An exercise within a session, with its sets in order.
public struct ExerciseEntry: Sendable, Hashable, Codable {
  public var name: String
  public var sets: [SetEntry]

  public init(name: String, sets: [SetEntry]) {
    self.name = DisplayText.cleaned(name)
    self.sets = sets
  }
}
