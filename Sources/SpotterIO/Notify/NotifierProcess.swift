import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One notifier command run by `/bin/sh` in a process group of its own, with a hard time limit.
///
/// Foundation's `Process` leaves the child in our group, so killing it at a timeout leaves its
/// children (the `sleep` under `sh -c`, a `curl` under a script) running and holding our stdout
/// open; `fire` then lived as long as the slowest grandchild. Here the whole group is killed.
/// The output goes to an unlinked temporary file instead of a pipe: a chatty notifier can never
/// block on a full pipe, and nothing is left behind on disk. One that floods it (a loop that
/// prints) is stopped past ``outputLimit``, where it filled `TMPDIR` until its time limit.
struct NotifierProcess {
  /// How the process ended.
  enum Ending: Equatable {
    case exited(Int32)
    case signalled(Int32)
    case timedOut
    /// Stopped for writing more than ``outputLimit`` bytes.
    case flooded
    case cannotStart(String)
  }

  /// The most output a notifier may write: only its last 2 KiB is kept, for a failure's reason.
  static let outputLimit: off_t = 1 << 20
  /// How often the output's size is looked at while the notifier runs.
  static let outputCheckMilliseconds = 50

  var arguments: [String]
  var environment: [String: String]
  var timeoutSeconds: Int

  /// Runs the command to its end or its time limit; returns how it ended and the last bytes it
  /// wrote to stdout and stderr.
  func run() -> (ending: Ending, output: String) {
    let outputFile = Self.scratchFile()
    defer { if outputFile >= 0 { close(outputFile) } }
    let pid: pid_t
    switch spawn(outputFile: outputFile) {
    case .failure(let reason): return (.cannotStart(reason), "")
    case .success(let child): pid = child
    }
    let ending = wait(for: pid, outputFile: outputFile)
    return (ending, Self.tail(of: outputFile))
  }

  private enum SpawnResult {
    case success(pid_t)
    case failure(String)
  }

  private func spawn(outputFile: Int32) -> SpawnResult {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if outputFile >= 0 {
      posix_spawn_file_actions_adddup2(&actions, outputFile, 1)
      posix_spawn_file_actions_adddup2(&actions, outputFile, 2)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    // Group 0: the child leads a new group whose id is its pid, so kill(-pid) reaches all of it.
    posix_spawnattr_setpgroup(&attributes, 0)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    sigaddset(&defaults, SIGINT)
    sigaddset(&defaults, SIGTERM)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard status == 0 else { return .failure(String(cString: strerror(status))) }
    return .success(pid)
  }

  /// Waits for `pid` up to the time limit, and while its output stays within ``outputLimit``;
  /// past either, kills its whole group and reaps it.
  private func wait(for pid: pid_t, outputFile: Int32) -> Ending {
    let done = DispatchSemaphore(value: 0)
    let box = StatusBox()
    let waiter = Thread {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      box.status = status
      done.signal()
    }
    waiter.start()
    let deadline = DispatchTime.now() + .seconds(timeoutSeconds)
    while done.wait(timeout: min(deadline, .now() + .milliseconds(Self.outputCheckMilliseconds))) == .timedOut
    {
      var size = stat()
      let flooded = outputFile >= 0 && fstat(outputFile, &size) == 0 && size.st_size > Self.outputLimit
      guard flooded || DispatchTime.now() >= deadline else { continue }
      kill(-pid, SIGKILL)
      done.wait()
      return flooded ? .flooded : .timedOut
    }
    let status = box.status
    // WIFEXITED / WEXITSTATUS / WTERMSIG, spelled out: the C macros are not imported.
    if status & 0x7f == 0 { return .exited((status >> 8) & 0xff) }
    return .signalled(status & 0x7f)
  }

  /// The exit status, handed from the waiting thread; the semaphore orders the accesses.
  private final class StatusBox: @unchecked Sendable {
    var status: Int32 = 0
  }

  /// An anonymous file for the child's output: created and unlinked at once.
  private static func scratchFile() -> Int32 {
    let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((directory + "/spotter-notifier-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return -1 }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    return descriptor
  }

  /// The last 2 KiB the child wrote, as text.
  private static func tail(of descriptor: Int32) -> String {
    guard descriptor >= 0 else { return "" }
    let size = lseek(descriptor, 0, SEEK_END)
    guard size > 0 else { return "" }
    let length = min(Int(size), 2048)
    var bytes = [UInt8](repeating: 0, count: length)
    let read = pread(descriptor, &bytes, length, off_t(Int(size) - length))
    guard read > 0 else { return "" }
    return String(decoding: bytes.prefix(read), as: UTF8.self)
  }
}
