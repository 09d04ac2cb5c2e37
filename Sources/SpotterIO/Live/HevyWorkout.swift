import Foundation

/// One workout as Hevy's public API returns it (`Workout` in its OpenAPI document): only the
/// fields a session is made of. Every field is optional in the document; the ones a session
/// cannot do without are checked when it is mapped.
public struct HevyWorkout: Sendable, Decodable, Hashable {
  public var id: String
  public var title: String?
  public var startTime: String?
  public var endTime: String?
  public var exercises: [Exercise]?
  /// When it last changed, to order several events of one workout.
  public var updatedAt: String?

  public struct Exercise: Sendable, Decodable, Hashable {
    public var index: Int?
    public var title: String?
    public var sets: [Set]?
  }

  public struct Set: Sendable, Decodable, Hashable {
    public var index: Int?
    /// `normal`, `warmup`, `dropset` or `failure`.
    public var type: String?
    public var weightKg: Double?
    public var reps: Double?
  }

  enum CodingKeys: String, CodingKey {
    case id, title, exercises
    case startTime = "start_time"
    case endTime = "end_time"
    case updatedAt = "updated_at"
  }
}

extension HevyWorkout.Exercise {
  enum CodingKeys: String, CodingKey { case index, title, sets }
}

extension HevyWorkout.Set {
  enum CodingKeys: String, CodingKey {
    case index, type, reps
    case weightKg = "weight_kg"
  }
}
