import Foundation

/// The libical restriction checks this process has already passed: event shapes, and calendar
/// frames by their exact bytes.
///
/// libical's restriction check (`icalrestriction_check`) walks its restriction tables for every
/// property of every component: about 0.1 ms for an event and 0.3–0.5 ms for a frame with its
/// VTIMEZONE, a tenth of an unchanged user's night in a batch. Its verdict is a function of what
/// it is given, so a frame whose bytes passed once passes again, and every event of one shape
/// gets the same verdict (see ``Libical/EventStream``): a batch of users in a handful of zones
/// checks each frame and shape once rather than once per user. Only passes are kept; a failure is
/// checked, and reported, every time. At most ``capacity`` frames are kept, the oldest dropped
/// first, so a long batch's memory stays flat.
final class RestrictionVerdicts: @unchecked Sendable {
  /// Zones times the spans a night's users have, as ``TruncatedZoneCache`` keeps.
  static let capacity = 64

  private let lock = NSLock()
  private var shapes: Set<[Int]> = []
  private var frames: Set<[UInt8]> = []
  private var order: [[UInt8]] = []

  /// Whether an event of `shape` has passed the check in this process.
  func passed(shape: [Int]) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return shapes.contains(shape)
  }

  /// Records that an event of `shape` passed.
  func pass(shape: [Int]) {
    lock.lock()
    defer { lock.unlock() }
    shapes.insert(shape)
  }

  /// Whether a frame of exactly these bytes has passed the check in this process.
  func passed(frame: UnsafeBufferPointer<UInt8>) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return frames.contains(Array(frame))
  }

  /// Records that a frame of exactly these bytes passed.
  func pass(frame: UnsafeBufferPointer<UInt8>) {
    let bytes = Array(frame)
    lock.lock()
    defer { lock.unlock() }
    guard frames.insert(bytes).inserted else { return }
    order.append(bytes)
    if order.count > Self.capacity { frames.remove(order.removeFirst()) }
  }
}
