import CLibical
import Foundation

/// libical's built-in zones, handed out only once their list is whole and each zone loaded.
extension Libical {
  /// libical 3.0 sets its list of built-in zones before it fills it from `zones.tab`, under a lock
  /// that only the filling thread takes: a second thread's first lookup sees the list already
  /// there and walks it while it is being appended to and moved. A batch starting users on
  /// several threads crashed so (a null read in `strcmp`, another thread copying
  /// "Europe/Andorra"). The list is filled here once, under Swift's once, before any lookup.
  private static let builtinZonesFilled: Bool = {
    let filled = icaltimezone_get_builtin_timezones() != nil
    zoneListState.lock()
    zoneListLoaded = true
    zoneListState.unlock()
    return filled
  }()

  /// Guards ``zoneListLoaded``.
  private static let zoneListState = NSLock()
  nonisolated(unsafe) private static var zoneListLoaded = false

  /// Whether this process has loaded libical's zone list, after which a zone is looked up in
  /// it at once; before, the first lookup loads it.
  static var hasZoneList: Bool {
    zoneListState.lock()
    defer { zoneListState.unlock() }
    return zoneListLoaded
  }

  /// Serialises the first use of each zone: libical loads a zone's VTIMEZONE on first use and
  /// checks whether it is loaded before taking its own lock, so two threads could both load it,
  /// the second freeing the first's component while it is read.
  private static let zoneLoading = NSLock()

  /// The built-in zone named `name`, or nil, looked up once the list is whole; nothing loaded.
  private static func lookUpBuiltin(_ name: String) -> OpaquePointer? {
    _ = builtinZonesFilled
    return icaltimezone_get_builtin_timezone(name)
  }

  /// What `body` makes of the built-in zone named `name`, its VTIMEZONE loaded; nil when there
  /// is no such zone or `body` makes nothing. The zone is loaded and `body` runs under the lock
  /// of its first use.
  private static func withLoadedBuiltin<T>(_ name: String, _ body: (OpaquePointer) -> T?) -> T? {
    guard let zone = lookUpBuiltin(name) else { return nil }
    zoneLoading.lock()
    defer { zoneLoading.unlock() }
    _ = icaltimezone_get_component(zone)
    return body(zone)
  }

  /// The built-in zone named `name`, or nil; its VTIMEZONE loaded and its changes expanded
  /// through 2037 (libical's last expanded year), so later readers of it only read.
  static func builtinTimezone(_ name: String) -> OpaquePointer? {
    withLoadedBuiltin(name) { zone in
      var last = icaltime_null_time()
      last.year = 2037
      last.month = 12
      last.day = 31
      var daylight: Int32 = 0
      _ = icaltimezone_get_utc_offset(zone, &last, &daylight)
      return zone
    }
  }

  /// Whether libical has a built-in zone named `name`, asked without loading or expanding it.
  static func hasBuiltinTimezone(_ name: String) -> Bool {
    lookUpBuiltin(name) != nil
  }

  /// A copy of the built-in zone `name`'s VTIMEZONE, owned by the caller, or nil. Its changes
  /// are not expanded; the copy is taken under the lock of the zone's first use, since libical
  /// keeps iteration state in a component that an expanding thread changes.
  static func builtinComponent(_ name: String) -> OpaquePointer? {
    withLoadedBuiltin(name) { icaltimezone_get_component($0).flatMap { icalcomponent_new_clone($0) } }
  }

  /// libical's UTC zone.
  static var utcTimezone: OpaquePointer! {
    _ = builtinZonesFilled
    return icaltimezone_get_utc_timezone()
  }

  /// Fills the list before a reader whose parser may look zones up on its own.
  static func fillBuiltinZones() { _ = builtinZonesFilled }
}
