import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether a process is still alive, for tests that check nothing outlived a kill.
public enum ProcessProbe {
  /// True while `pid` runs; a zombie waiting for a parent that does not reap (PID 1 in some
  /// containers) counts as gone.
  public static func isRunning(_ pid: Int32) -> Bool {
    guard kill(pid, 0) == 0 else { return false }
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return true }
    return stat[stat.index(close, offsetBy: 2)] != "Z"
  }

  /// Whether `pid` is gone within `seconds`. A SIGKILL is delivered asynchronously: the process
  /// may still be listed as running for a moment after `kill` returns, longer on a loaded
  /// machine, so tests wait for the condition instead of checking once. The limit is generous;
  /// it only bounds a real failure.
  public static func ends(_ pid: Int32, within seconds: Double = 60) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while isRunning(pid) {
      if Date() > deadline { return false }
      usleep(10_000)
    }
    return true
  }
}
