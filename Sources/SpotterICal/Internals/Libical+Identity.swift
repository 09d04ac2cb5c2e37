import CLibical
import Foundation

/// Where the code and data a calendar is written with live, for ``CalendarInputDigest``'s caller
/// to identify: an upgrade of either changes the bytes libical writes.
extension Libical {
  /// The file libical's code was loaded from: its shared library, or the program when it is
  /// linked in; nil when the loader cannot say.
  static let libraryPath: String? = spotter_libical_path().map { String(cString: $0) }

  /// The tzdata file libical reads `tzid`'s rules from; nil when libical names no zone folder.
  static func zoneDataPath(_ tzid: String) -> String? {
    guard let directory = icaltzutil_get_zone_directory() else { return nil }
    return String(cString: directory) + "/" + tzid
  }
}
