import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Named steps where a debug build kills itself with SIGKILL when `SPOTTER_CRASH_AT` names them.
///
/// A test that kills a run at a guessed moment hits different steps on a fast and a slow
/// machine; naming the step makes "killed between the two renames" the same on every machine.
/// Release builds compile the check away.
public enum CrashPoint {
  /// Dies here if this debug build was asked to.
  @inline(__always) public static func reach(_ name: String) {
    #if DEBUG
      if ProcessInfo.processInfo.environment["SPOTTER_CRASH_AT"] == name {
        kill(getpid(), SIGKILL)
      }
    #endif
  }
}
