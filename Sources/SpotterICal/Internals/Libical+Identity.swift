import CLibical
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which program, library and tzdata a calendar is written with, each as the identity of its file
/// (device, inode, size and modification time): an upgrade of any of them, or a rebuild, changes
/// it, so ``CalendarInputDigest`` never vouches for bytes another version would write.
extension Libical {
  /// The running program's file; nil when it cannot be found.
  static let programIdentity: String? = {
    #if os(Linux)
      return fileIdentity("/proc/self/exe")
    #else
      var size: UInt32 = 0
      _ = _NSGetExecutablePath(nil, &size)
      var path = [CChar](repeating: 0, count: Int(size) + 1)
      guard _NSGetExecutablePath(&path, &size) == 0 else { return nil }
      return fileIdentity(String(cString: path))
    #endif
  }()

  /// The libical shared library this process loaded (or this program, when it is linked in).
  static let libraryIdentity: String? = {
    guard let path = spotter_libical_path() else { return nil }
    return fileIdentity(String(cString: path))
  }()

  /// The tzdata file libical reads `tzid`'s rules from; "UTC" for the names written without a
  /// VTIMEZONE. Nil when the file cannot be found.
  static func zoneDataIdentity(_ tzid: String) -> String? {
    if utcNames.contains(tzid) { return "UTC" }
    guard let directory = icaltzutil_get_zone_directory() else { return nil }
    return fileIdentity(String(cString: directory) + "/" + tzid)
  }

  /// `device:inode:size:mtime` of the file at `path`, links followed; nil when it is not there.
  static func fileIdentity(_ path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    #if canImport(Darwin)
      let modified = status.st_mtimespec
    #else
      let modified = status.st_mtim
    #endif
    return "\(status.st_dev):\(status.st_ino):\(status.st_size):\(modified.tv_sec).\(modified.tv_nsec)"
  }
}
