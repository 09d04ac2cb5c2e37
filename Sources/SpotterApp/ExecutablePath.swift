import Foundation

/// Where this process's binary is, with symbolic links resolved: what the agenda's `spotter fire`
/// lines run.
public enum ExecutablePath {
  /// The binary's path; nil when the system does not say.
  ///
  /// On Linux the kernel's `/proc/self/exe`, one `readlink`. Foundation's `Bundle.main` reads the
  /// binary's whole folder, twice, looking for a bundle around it: run from a folder of 5,000
  /// files (`/usr/bin` holds 1,100 on a small Debian), an unchanged nightly run took 36.4 ms
  /// instead of 29.8 (hyperfine, 2-core machine). It stays the way where `/proc` is not mounted,
  /// and on macOS.
  public static func current(procSelf: String = "/proc/self/exe") -> String? {
    #if os(Linux)
      // The link read as `SystemTimeZone` reads `/etc/localtime`'s.
      if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: procSelf), !path.isEmpty {
        // A binary an upgrade replaced while it ran reads "PATH (deleted)": the new one at PATH
        // is what cron must run.
        return path.hasSuffix(Self.deleted) ? String(path.dropLast(Self.deleted.count)) : path
      }
    #endif
    return Bundle.main.executablePath.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
  }

  /// What Linux appends to the link of a process whose binary was removed.
  static let deleted = " (deleted)"
}
