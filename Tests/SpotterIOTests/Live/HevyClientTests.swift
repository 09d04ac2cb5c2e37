import Foundation
import SpotterCore
import Testing

@testable import SpotterIO

/// The Hevy client's bounds, where no server is needed to see them.
@Suite struct HevyClientTests {
  /// A request the deadline leaves no time for is not made, and says so in the words a batch's
  /// `SyncBreaker` tells apart from a server that is down: the history was long, not the
  /// server gone.
  @Test func aRequestPastTheDeadlineIsNotMadeAndSaysOutOfTime() {
    let client = HevyClient(
      baseURL: "http://127.0.0.1:9", apiKey: "k", helper: "/nonexistent/spotter-http",
      deadline: Date().addingTimeInterval(-1))
    let error = #expect(throws: SpotterIOError.self) { try client.workouts(page: 1) }
    guard case .liveSource(_, let status, let reason)? = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(status == nil && reason == HevyClient.outOfTime)
  }
}
