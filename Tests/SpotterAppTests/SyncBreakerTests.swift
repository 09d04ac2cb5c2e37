import Testing

@testable import SpotterApp

/// The batch's record of live sources that stopped answering.
@Suite struct SyncBreakerTests {
  /// Three users in a row who could not reach an address stop the rest trying it; an answer in
  /// between starts the count again, and another address is counted apart.
  @Test func threeUnreachableInARowStopTheRest() {
    let breaker = SyncBreaker()
    let hevy = "https://api.hevyapp.com"
    breaker.record(hevy, reachable: false)
    breaker.record(hevy, reachable: false)
    breaker.record(hevy, reachable: true)
    breaker.record(hevy, reachable: false)
    breaker.record(hevy, reachable: false)
    #expect(breaker.allows(hevy))
    breaker.record("http://127.0.0.1:9", reachable: false)
    breaker.record(hevy, reachable: false)
    #expect(!breaker.allows(hevy))
    #expect(breaker.allows("http://127.0.0.1:9"))
    #expect(SyncBreaker.notTried(hevy).exitCode == .unavailable)
  }
}
