import Foundation
import SpotterCore
import SpotterIO

/// The live sources that stopped answering during one batch, shared by its users.
///
/// Each user's sync may take two minutes against a server that hangs (four tries of 15 s, with
/// waits, under a 120 s deadline), so 2,000 users of a Hevy that was down took all night and
/// longer at two in flight. Once ``limit`` users in a row found an address unreachable, the rest
/// of the batch does not try it: their nights go on from their stores, with the sync reported
/// failed, as for one user whose server is down.
public final class SyncBreaker: @unchecked Sendable {
  /// Users in a row who found an address unreachable before the others stop trying it: one is a
  /// user's bad moment, three in a row with other keys is the server.
  public static let limit = 3

  private let lock = NSLock()
  private var unreachableInARow: [String: Int] = [:]

  public init() {}

  /// Whether a sync to `address` is still worth trying.
  public func allows(_ address: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return unreachableInARow[address, default: 0] < Self.limit
  }

  /// Records a user's sync to `address`: it answered, or it could not be reached (timed out,
  /// refused, a server error or a body that is no answer; never a user's own refused key or
  /// rate limit, which say nothing of the server).
  public func record(_ address: String, reachable: Bool) {
    lock.lock()
    defer { lock.unlock() }
    unreachableInARow[address] = reachable ? 0 : unreachableInARow[address, default: 0] + 1
  }

  /// Why a user's sync was not tried.
  static func notTried(_ address: String) -> SpotterIOError {
    .liveSource(
      address: address, status: nil,
      reason: Phrase(
        "not tried: it could not be reached by the last \(limit) users of this batch; this night goes on from "
          + "the store",
        de:
          "nicht versucht: die letzten \(limit) Benutzer dieses Batches erreichten sie nicht; diese Nacht geht "
          + "vom Speicher aus weiter"))
  }
}
