import Foundation
import SpotterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file so that readers see either the old content or the new, never a part.
///
/// The bytes go to a temporary file in the same directory, are flushed to disk, and then renamed
/// over the target: rename(2) within one file system is atomic.
public enum AtomicFileWriter {
  /// Writes `text` to `path` atomically; a debug build asked to dies at `crashPoint` between the
  /// flushed temporary and the rename.
  public static func write(_ text: String, to path: String, crashPoint: String? = nil) throws {
    let temporary = try writeTemporary(text, for: path)
    if let crashPoint { CrashPoint.reach(crashPoint) }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw SpotterIOError.io(path: path, reason: "cannot replace: \(reason)")
    }
  }

  /// Writes `text` to a flushed temporary beside `path` and returns the temporary's path.
  ///
  /// The name, `.NAME.tmp-PID`, tells a later run whose writer it was, so leftovers of a killed
  /// process can be removed (``writerPID(ofTemporary:)``).
  public static func writeTemporary(_ text: String, for path: String) throws -> String {
    try writeTemporary(for: path) { try $0.write(text) }
  }

  /// Streams `body`'s writes to a flushed temporary beside `path` and returns its path; when
  /// `body` throws, the temporary is removed.
  ///
  /// The temporary is created afresh (`O_EXCL`) and never through a symlink (`O_NOFOLLOW`): a
  /// link planted under its name is removed first, never written through.
  public static func writeTemporary(for path: String, _ body: (FileSink) throws -> Void) throws -> String {
    // Without `unlessSameAs` a temporary is always kept.
    try writeTemporary(for: path, unlessSameAs: false, body)!
  }

  /// Streams `body`'s writes to a temporary beside `path`; when `unlessSameAs` is set and the
  /// bytes are `path`'s own, returns nil: an unchanged night creates no temporary and costs no
  /// fsync. Otherwise flushes the temporary and returns its path.
  ///
  /// A target of at most ``comparedInMemory`` bytes is read first and compared as the bytes come
  /// (``FileSink``), so the temporary is created only when they differ; a larger one is compared
  /// with the written temporary.
  public static func writeTemporary(
    for path: String, unlessSameAs: Bool, _ body: (FileSink) throws -> Void
  ) throws -> String? {
    let (directory, name) = Self.split(path)
    let temporary = directory + "/." + name + ".tmp-\(getpid())"
    let original = unlessSameAs ? Self.bytes(ofRegularFile: path, atMost: Self.comparedInMemory) : nil
    // Errors name the file being written, not the temporary that stands for it a moment.
    let sink = try FileSink(path: path, comparingWith: original) {
      try Self.createTemporary(temporary, for: path, in: directory)
    }
    do {
      try body(sink)
      try sink.finish()
    } catch {
      if sink.descriptor >= 0 {
        close(sink.descriptor)
        unlink(temporary)
      }
      throw error
    }
    if sink.isUnchanged { return nil }
    let descriptor = sink.descriptor
    if unlessSameAs, original == nil, OutputTransaction.sameBytes(temporary, path) {
      close(descriptor)
      unlink(temporary)
      return nil
    }
    if fsync(descriptor) != 0 || close(descriptor) != 0 {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw SpotterIOError.io(path: path, reason: "cannot flush: \(reason)")
    }
    return temporary
  }

  /// `path`'s folder and last component, as `URL(fileURLWithPath:)` gives them.
  ///
  /// An absolute path that ends in a plain name, with no empty component (which `URL` drops),
  /// is cut at its last slash; any other goes through `URL`, whose first parse of a path cost
  /// 450,000 instructions of a single run.
  static func split(_ path: String) -> (directory: String, name: String) {
    if path.utf8.first == UInt8(ascii: "/"), !path.contains("//"),
      let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
    {
      let name = String(path[path.index(after: slash)...])
      if !name.isEmpty, name != ".", name != ".." {
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, name)
      }
    }
    let url = URL(fileURLWithPath: path)
    return (url.deletingLastPathComponent().path, url.lastPathComponent)
  }

  /// The largest target compared in memory: a person's calendar is kilobytes; a file larger
  /// than this is compared on disk, so memory stays bounded whatever is in the folder.
  static let comparedInMemory = 8 << 20

  /// Creates `temporary` afresh (`O_EXCL`), never through a symlink (`O_NOFOLLOW`): a link
  /// planted under its name is removed first, never written through.
  private static func createTemporary(_ temporary: String, for path: String, in directory: String) throws
    -> Int32
  {
    unlink(temporary)
    var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    if descriptor < 0, errno == ENOENT {
      do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      } catch {
        throw SpotterIOError.io(
          path: directory,
          reason: Phrase("cannot create directory", de: "der Ordner lässt sich nicht anlegen"))
      }
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    }
    guard descriptor >= 0 else {
      throw SpotterIOError.io(path: path, reason: "cannot create: \(String(cString: strerror(errno)))")
    }
    return descriptor
  }

  /// The bytes of `path` when it is a regular file (not followed through a link) of at most
  /// `limit` bytes; nil otherwise.
  static func bytes(ofRegularFile path: String, atMost limit: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= limit else {
      return nil
    }
    // One byte more than the size, to see a file that grew after the fstat.
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
    var total = 0
    while total < bytes.count {
      let done = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + total, $0.count - total) }
      if done < 0, errno == EINTR { continue }
      guard done >= 0 else { return nil }
      if done == 0 { break }
      total += done
    }
    guard total <= Int(status.st_size) else { return nil }
    bytes.removeLast(bytes.count - total)
    return bytes
  }

  /// `device:inode:size:mtime` of `path` when it is a regular file (by default not followed
  /// through a link); nil otherwise. A rename keeps all four, so a staged temporary's identity is
  /// the one its target will have; a file written again, edited in place or replaced changes at
  /// least one of them.
  public static func identity(ofRegularFile path: String, followingLinks: Bool = false) -> String? {
    var status = stat()
    guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0,
      status.st_mode & S_IFMT == S_IFREG
    else { return nil }
    #if canImport(Darwin)
      let modified = status.st_mtimespec
    #else
      let modified = status.st_mtim
    #endif
    return "\(status.st_dev):\(status.st_ino):\(status.st_size):\(modified.tv_sec).\(modified.tv_nsec)"
  }

  /// The process id in a temporary's file name, or nil when `name` is not one of ours.
  public static func writerPID(ofTemporary name: String) -> pid_t? {
    guard name.hasPrefix("."), let marker = name.range(of: ".tmp-", options: .backwards) else { return nil }
    let digits = name[marker.upperBound...]
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let pid = pid_t(digits), pid > 0 else { return nil }
    return pid
  }

  /// Whether `name` is a temporary of ours that no writer will finish: its writer has ended, or
  /// is this very process, which makes a new temporary for whatever it writes next. What the
  /// output transaction and the vdir both remove as they read their folders.
  static func isAbandonedTemporary(_ name: String) -> Bool {
    guard let pid = writerPID(ofTemporary: name) else { return false }
    return pid == getpid() || !(kill(pid, 0) == 0 || errno == EPERM)
  }

  /// The name of the directory entry `entry`, as UTF-8.
  static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
    withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  }

  /// Flushes a directory's entries, so renames in it survive a power cut.
  public static func syncDirectory(_ directory: String) {
    let descriptor = open(directory, O_RDONLY)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}
