import CSpotterStdio
import Foundation
import SpotterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a command printed, made sure of before it says it succeeded.
///
/// Standard output is a buffered stream, and its failures surface only when it is flushed, at
/// exit, where nothing looks: `spotter plan --json > plan.json` on a full file system, or with
/// standard output closed, left an empty or cut file and exited 0. At the end of a command that
/// succeeded the buffer is flushed, and a failure is said on standard error with 74. A reader
/// that left early (`spotter pattern | head -1`) is no failure: it had what it wanted.
enum StandardOutput {
  /// Flushes standard output; when what was printed did not all arrive, says so and exits 74.
  static func exitIfLost() {
    let reason = spotter_flush_stdout()
    guard reason != 0, !readerLeft() else { return }
    let detail = String(cString: strerror(reason))
    FileHandle.standardError.write(
      Data("spotter: error: standard output: \(detail); what was printed is incomplete\n".utf8))
    exit(SpotterExitCode.ioError.rawValue)
  }

  /// Whether standard output is a pipe whose reading end was closed: writing to it fails with
  /// EPIPE, and poll(2) says so with POLLERR without writing.
  private static func readerLeft() -> Bool {
    var info = stat()
    guard fstat(STDOUT_FILENO, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return false }
    var descriptor = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
    return poll(&descriptor, 1, 0) == 1 && descriptor.revents & Int16(POLLERR) != 0
  }
}
