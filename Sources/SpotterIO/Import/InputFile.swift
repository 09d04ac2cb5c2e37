import Foundation
import SpotterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Opens a file a user named for reading: a history, a calendar, a config.
///
/// `open(2)` of a FIFO blocks until a writer comes, and reading a character device may never end,
/// so a FIFO named as an export or a config would hang the nightly run for ever. The file is
/// opened with `O_NONBLOCK`, which makes that open return at once, and refused unless `fstat`
/// says it is a regular file; only then is it read, with blocking restored.
public enum InputFile {
  /// A handle on the regular file at `path`; ``SpotterIOError/io(path:reason:)`` for anything else.
  public static func open(_ path: String) throws -> FileHandle {
    let descriptor = systemOpen(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw SpotterIOError.io(path: path, reason: UnreadableFile.reason(path))
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let reason = UnreadableFile.system(errno)
      close(descriptor)
      throw SpotterIOError.io(path: path, reason: reason)
    }
    let kind = info.st_mode & S_IFMT
    // `/dev/null` is the shell's way of saying "an empty file" (`--config /dev/null`): it reads
    // as empty at once, so it is let through, recognised by its device number.
    guard kind == S_IFREG || isNull(info) else {
      close(descriptor)
      throw SpotterIOError.io(
        path: path, reason: kind == S_IFDIR ? UnreadableFile.reason(path) : Phrase(describe(kind)))
    }
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }

  private static func isNull(_ info: stat) -> Bool {
    var null = stat()
    return info.st_mode & S_IFMT == S_IFCHR && stat("/dev/null", &null) == 0 && null.st_rdev == info.st_rdev
  }

  /// The whole regular file at `path`, which holds at most `limit` bytes, else
  /// ``SpotterIOError/tooLarge(file:size:limit:kind:)`` naming it a `kind` and nothing read.
  ///
  /// Every file read whole is bounded: a sparse file of 10 GB given as an export, a calendar or a
  /// manifest was read into memory twice over (21 GB) before it was refused, or killed the
  /// process. A file that grows while it is read stops at `limit` and one byte, and is refused.
  public static func contents(_ path: String, atMost limit: Int, kind: Phrase) throws -> Data {
    let handle = try open(path)
    defer { try? handle.close() }
    var info = stat()
    if fstat(handle.fileDescriptor, &info) == 0, Int(info.st_size) > limit {
      throw SpotterIOError.tooLarge(file: path, size: Int(info.st_size), limit: limit, kind: kind)
    }
    let data: Data
    do {
      data = try handle.read(upToCount: limit + 1) ?? Data()
    } catch {
      throw SpotterIOError.io(path: path, reason: UnreadableFile.reason(path))
    }
    guard data.count <= limit else {
      throw SpotterIOError.tooLarge(file: path, size: data.count, limit: limit, kind: kind)
    }
    return data
  }

  /// The path `realpath(3)` gives for `path`, which must exist: relative to the working
  /// directory, links, `.` and `..` resolved as the system does when it opens the file. Nil when
  /// there is nothing there or it cannot be resolved.
  public static func resolvedPath(_ path: String) -> String? {
    guard !path.isEmpty, let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// What a file of type `kind` is, in words, and that a file is wanted.
  static func describe(_ kind: mode_t) -> String {
    "\(kindName(kind).english), not a file; name a regular file"
  }

  /// What a file of type `kind` (`st_mode & S_IFMT`) is, in words: "a FIFO (named pipe)".
  static func kindName(_ kind: mode_t) -> Phrase {
    switch kind {
    case S_IFDIR: Phrase("a folder", de: "ein Ordner")
    case S_IFIFO: Phrase("a FIFO (named pipe)", de: "eine FIFO (benannte Pipe)")
    case S_IFSOCK: Phrase("a socket", de: "ein Socket")
    case S_IFCHR, S_IFBLK: Phrase("a device", de: "ein Gerät")
    case S_IFLNK: Phrase("a symbolic link", de: "ein symbolischer Link")
    default: Phrase("not a regular file", de: "keine reguläre Datei")
    }
  }

  private static func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.open(path, flags)
    #else
      Darwin.open(path, flags)
    #endif
  }
}
