import Foundation
import SpotterCore

/// One page of `GET /v1/workouts` or `GET /v1/workouts/events`: the page, how many there are,
/// and its workouts or events.
public struct HevyPage: Sendable, Decodable {
  public var page: Int
  public var pageCount: Int
  /// `/v1/workouts`: the workouts of the page.
  public var workouts: [HevyWorkout]?
  /// `/v1/workouts/events`: what changed since the cursor.
  public var events: [Event]?
  /// The server's clock when it answered (its `Date` header), not part of the body.
  public var serverDate: Date?

  /// An `updated` event carries the whole workout, a `deleted` one its id.
  public enum Event: Sendable, Decodable {
    case updated(HevyWorkout)
    case deleted(id: String, at: String?)

    enum CodingKeys: String, CodingKey {
      case type, workout, id
      case deletedAt = "deleted_at"
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let type = try container.decode(String.self, forKey: .type)
      switch type {
      case "updated": self = .updated(try container.decode(HevyWorkout.self, forKey: .workout))
      case "deleted":
        self = .deleted(
          id: try container.decode(String.self, forKey: .id),
          at: try container.decodeIfPresent(String.self, forKey: .deletedAt))
      default:
        throw DecodingError.dataCorruptedError(
          forKey: .type, in: container,
          debugDescription: "expected 'updated' or 'deleted', got \(ErrorText.quoted(type))")
      }
    }
  }

  enum CodingKeys: String, CodingKey {
    case page, workouts, events
    case pageCount = "page_count"
  }
}
