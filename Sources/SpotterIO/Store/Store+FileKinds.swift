import Foundation
import SpotterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Store {
  /// The files SQLite keeps beside a store: its write-ahead log, the log's index, and the
  /// rollback journal of a store from before WAL.
  static let siblingSuffixes = ["-wal", "-shm", "-journal"]

  /// Refuses a store whose file, or a file SQLite keeps beside it, is not a regular file, before
  /// SQLite opens any of them.
  ///
  /// SQLite opens the store and its log with a plain `open(2)`: a FIFO there blocks every command
  /// for ever (the first read-only look waits for a writer that never comes), and a device reads
  /// without end. A link planted where the log or its index goes would have SQLite write frames
  /// into whatever file it names. The store itself may be a link to a regular file, as it always
  /// could; its siblings are then looked for beside the file it names, where SQLite puts them.
  static func checkFileKinds(_ path: String) throws {
    guard path != ":memory:" else { return }
    var status = stat()
    var base = path
    // Only a store that is itself a link has its siblings elsewhere: through a linked folder,
    // `path + "-wal"` resolves as the store does, the kernel's way. So `realpath`, a `readlink`
    // of every component, is asked only of a link, not on each of a night's seven checks.
    if lstat(path, &status) == 0 {
      let isLink = status.st_mode & S_IFMT == S_IFLNK
      // A link is judged by the file it names; one that names nothing is no store yet.
      if !isLink || stat(path, &status) == 0 {
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else { throw notAFile(path: path, shown: path, kind: kind) }
        if isLink { base = InputFile.resolvedPath(path) ?? base }
      }
    }
    for suffix in siblingSuffixes where lstat(base + suffix, &status) == 0 {
      let kind = status.st_mode & S_IFMT
      guard kind == S_IFREG else { throw notAFile(path: path, shown: base + suffix, kind: kind) }
    }
  }

  private static func notAFile(path: String, shown: String, kind: mode_t) -> SpotterIOError {
    let what = InputFile.kindName(kind)
    let name = URL(fileURLWithPath: shown).lastPathComponent
    return .store(
      path: path,
      reason: Phrase(
        "\(name) is \(what.english), not a file; spotter opens no such file as a store or beside one; "
          + "move it aside, or point --db elsewhere; nothing was changed",
        de: "\(name) ist \(what.text(.de)), keine Datei; spotter öffnet so etwas weder als Speicher noch "
          + "daneben; schiebe es beiseite, oder gib mit --db einen anderen an; nichts wurde geändert"))
  }
}
