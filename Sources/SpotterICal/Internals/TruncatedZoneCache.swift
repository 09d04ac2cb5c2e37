import Foundation

/// The truncated VTIMEZONEs this process has built, by TZID and span, handed out as copies, each
/// with the zone made from it (``ExpandedTimeZone``), which is shared.
///
/// A component is read and copied only under the lock: libical keeps iteration state inside a
/// component, so even copying one is not safe from two threads at once. The cache holds at most
/// ``capacity`` zones and spans, the oldest dropped first, so a long batch's memory stays flat.
/// It sees libical only through the two functions it is given.
final class TruncatedZoneCache: @unchecked Sendable {
  /// Zones times the spans a night's users have: a batch of one configuration has a handful.
  static let capacity = 64

  private let clone: (OpaquePointer) -> OpaquePointer?
  private let free: (OpaquePointer) -> Void
  private let lock = NSLock()
  private var components: [String: (component: OpaquePointer, zone: ExpandedTimeZone)] = [:]
  private var order: [String] = []

  init(clone: @escaping (OpaquePointer) -> OpaquePointer?, free: @escaping (OpaquePointer) -> Void) {
    self.clone = clone
    self.free = free
  }

  /// A copy of the component kept under `key`, built by `make` (and kept) the first time, and
  /// the zone made from it then. A zone dropped from the cache lives on with whoever holds it.
  /// The zone's offsets are exact from the start of `years`' first through its last.
  func copy(_ key: String, zoneYears years: ClosedRange<Int32>, make: () throws -> OpaquePointer) throws -> (
    component: OpaquePointer, zone: ExpandedTimeZone
  ) {
    lock.lock()
    defer { lock.unlock() }
    if let kept = components[key] {
      guard let copy = clone(kept.component) else {
        throw SpotterICalError.libical(function: "icalcomponent_new_clone")
      }
      return (copy, kept.zone)
    }
    let made = try make()
    guard let kept = clone(made) else {
      free(made)
      throw SpotterICalError.libical(function: "icalcomponent_new_clone")
    }
    guard let forZone = clone(made) else {
      free(made)
      free(kept)
      throw SpotterICalError.libical(function: "icalcomponent_new_clone")
    }
    guard
      let zone = ExpandedTimeZone(
        component: forZone, from: years.lowerBound, through: years.upperBound)
    else {
      free(made)
      free(kept)
      throw SpotterICalError.libical(function: "icaltimezone_set_component")
    }
    if order.count >= Self.capacity {
      let oldest = order.removeFirst()
      if let dropped = components.removeValue(forKey: oldest) { free(dropped.component) }
    }
    components[key] = (kept, zone)
    order.append(key)
    return (made, zone)
  }
}
