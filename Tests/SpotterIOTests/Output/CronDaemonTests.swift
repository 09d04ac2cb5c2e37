import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// A cron daemon found among `/proc`'s processes by its command name.
@Suite struct CronDaemonTests {
  /// A `/proc` stand-in whose processes have `names` (and, where given, argument vectors).
  func proc(_ names: [String: String], arguments: [String: [String]] = [:]) throws -> String {
    let root = try ScratchDirectory.make("proc")
    for (pid, name) in names {
      try FileManager.default.createDirectory(atPath: root + "/" + pid, withIntermediateDirectories: true)
      #expect(TestScratch.createFile(root + "/\(pid)/comm", Data((name + "\n").utf8)))
      if let vector = arguments[pid] {
        #expect(
          TestScratch.createFile(root + "/\(pid)/cmdline", Data(vector.joined(separator: "\0").utf8 + [0])))
      }
    }
    return root
  }

  #if os(Linux)
    @Test func eachDaemonIsFoundByItsName() throws {
      for daemon in ["cron", "crond", "fcron", "bcron-sched"] {
        #expect(CronDaemon.isRunning(proc: try proc(["1": "init", "312": daemon, "self": "x"])) == true)
      }
      #expect(CronDaemon.isRunning(proc: try proc(["1": "init", "40": "sshd", "41": "cronjob"])) == false)
      // BusyBox's crond started as `busybox crond`, and another applet that is not.
      let busybox = try proc(["1": "init", "9": "busybox"], arguments: ["9": ["busybox", "crond", "-f"]])
      #expect(CronDaemon.isRunning(proc: busybox) == true)
      let shell = try proc(["1": "init", "9": "busybox"], arguments: ["9": ["busybox", "sh"]])
      #expect(CronDaemon.isRunning(proc: shell) == false)
    }

    /// Without process 1 (no `/proc`, or one hiding other users' processes) it cannot tell.
    @Test func aProcThatHidesProcessOneCannotTell() throws {
      #expect(CronDaemon.isRunning(proc: try proc(["77": "bash"])) == nil)
      #expect(CronDaemon.isRunning(proc: "/nonexistent-proc") == nil)
      // This machine's own answers one way or the other.
      #expect(CronDaemon.isRunning() != nil)
    }
  #endif
}
