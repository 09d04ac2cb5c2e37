import Foundation

/// Whether a cron daemon runs on this machine, as `/proc` shows it: a crontab is only read by one.
///
/// A container, WSL and a minimal image have `crontab` but start no daemon, so an installed block
/// never fired and nothing said so. Asked once per `agenda install`, never at night.
public enum CronDaemon {
  /// The names a cron daemon's process goes by: Debian's and Vixie's `cron`, cronie's, dcron's
  /// and BusyBox's `crond`, `fcron`, and bcron's scheduler.
  static let names: Set<String> = ["cron", "crond", "fcron", "bcron-sched"]

  /// True when one runs, false when none does, nil when this process cannot tell: no `/proc`
  /// (macOS, whose launchd starts cron when a crontab exists), or one that hides other users'
  /// processes (`hidepid`), where not even process 1 shows.
  public static func isRunning(proc: String = "/proc") -> Bool? {
    #if os(Linux)
      guard FileManager.default.fileExists(atPath: proc + "/1/comm"),
        let entries = try? FileManager.default.contentsOfDirectory(atPath: proc)
      else { return nil }
      for entry in entries where !entry.isEmpty && entry.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
        guard let name = command(proc + "/" + entry) else { continue }
        if names.contains(name) { return true }
        // BusyBox's applets run as `busybox crond` when not started through a link.
        if name == "busybox",
          let arguments = try? Data(contentsOf: URL(fileURLWithPath: proc + "/" + entry + "/cmdline")),
          arguments.split(separator: 0).dropFirst().first.map({ String(decoding: $0, as: UTF8.self) })
            == "crond"
        {
          return true
        }
      }
      return false
    #else
      return nil
    #endif
  }

  /// A process's command name (`comm`, at most 15 bytes), or nil when it is gone or unreadable.
  private static func command(_ directory: String) -> String? {
    guard let data = FileManager.default.contents(atPath: directory + "/comm") else { return nil }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
  }
}
