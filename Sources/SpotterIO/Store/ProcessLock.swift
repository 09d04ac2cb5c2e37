import Foundation
import SpotterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive lock between spotter processes, so two never interleave writes to one store and
/// its outputs.
///
/// flock(2) on a file beside the store: the kernel drops the lock when its holder exits, even by
/// kill -9, so a crash never leaves the store locked.
public final class ProcessLock: @unchecked Sendable {
  public let path: String
  private var descriptor: Int32

  /// Takes the lock for the store at `storePath`, waiting up to `waitSeconds` for another holder.
  public init(storePath: String, waitSeconds: Double) throws {
    path = storePath + ".lock"
    // A store that is no file (a FIFO, a folder) is refused before a lock is made beside it, so
    // that its refusal's "nothing was changed" holds for the folder too.
    try Store.checkFileKinds(storePath)
    // Never through a link: a symlink planted at the lock's path would have us truncate its
    // target and write our pid into it.
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
    if descriptor < 0, errno == ENOENT {
      // The store's folder is made on first use; looked for only then, not on every lock.
      let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
      try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
    }
    guard descriptor >= 0 else {
      let code = errno
      let english = code == ELOOP ? "is a symbolic link" : String(cString: strerror(code))
      let german = code == ELOOP ? "ist ein symbolischer Link" : english
      throw SpotterIOError.io(
        path: path,
        reason: Phrase(
          "cannot open lock file: \(english); refusing to use it",
          de: "die Sperrdatei lässt sich nicht öffnen: \(german); sie wird nicht benutzt"))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      giveUp()
      throw SpotterIOError.io(
        path: path,
        reason: Phrase(
          "cannot open lock file: not a regular file; refusing to use it",
          de: "die Sperrdatei lässt sich nicht öffnen: keine reguläre Datei; sie wird nicht benutzt"))
    }
    let deadline = Date().addingTimeInterval(waitSeconds)
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      guard code == EWOULDBLOCK || code == EINTR, Date() < deadline else {
        let failure = Self.failure(code, path: path, holder: Self.holder(descriptor))
        giveUp()
        throw failure
      }
      usleep(20_000)
    }
    // The holder's pid, for the message another process prints while waiting in vain. Written
    // only when the file does not already say it: a batch locks each store several times a
    // night, and truncating a file is a journalled change of its blocks every time.
    let pid = Array("pid \(getpid())\n".utf8)
    var old = [UInt8](repeating: 0, count: 32)
    let count = old.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    if count != pid.count || !old[..<pid.count].elementsEqual(pid) {
      _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
      if count > pid.count { _ = ftruncate(descriptor, off_t(pid.count)) }
    }
  }

  /// Why the lock at `path` was not taken, from `flock`'s `code`: held by `holder` past the wait
  /// (75, try again), or a file system that gives no locks at all, where waiting cannot help
  /// and "another spotter process" would send someone looking for a process that is not there.
  static func failure(_ code: Int32, path: String, holder: String) -> SpotterIOError {
    guard code != EWOULDBLOCK, code != EINTR else { return .locked(path: path, holder: holder) }
    let system = String(cString: strerror(code))
    return .io(
      path: path,
      reason: Phrase(
        "cannot lock (\(system)): the file system holding the store gives no file locks (an NFS mount "
          + "without its lock service?); keep the store where locks work, e.g. a local disk",
        de: "lässt sich nicht sperren (\(system)): das Dateisystem des Speichers kennt keine Dateisperren "
          + "(ein NFS-Mount ohne seinen Sperrdienst?); lege den Speicher dorthin, wo Sperren gehen, etwa "
          + "auf eine lokale Platte"))
  }

  /// Closes the descriptor of a lock that was not taken, and forgets it.
  ///
  /// An initializer that throws once every property is set still runs `deinit`, whose
  /// ``release()`` would close the same number a second time. In `spotter batch` another
  /// thread may have been handed that number by then: a busy user's failed lock closed another
  /// user's output file in the middle of its write ("Bad file descriptor"), and could as well
  /// have let its bytes go to a file opened in between.
  private func giveUp() {
    close(descriptor)
    descriptor = -1
  }

  /// Gives the lock up before the process ends, e.g. while a notifier runs.
  public func release() {
    guard descriptor >= 0 else { return }
    flock(descriptor, LOCK_UN)
    close(descriptor)
    descriptor = -1
  }

  deinit { release() }

  private static func holder(_ descriptor: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    let text = count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? "pid unknown" : trimmed
  }
}
