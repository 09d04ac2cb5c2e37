import Foundation
import SpotterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Store {
  /// Where a read-only connection opens the store at `path`: the path itself, or, on a file
  /// system mounted read-only (a backup, a snapshot, a read-only share), an `immutable` URI.
  ///
  /// A store in WAL mode is read through its log's index, which SQLite creates beside it when
  /// the last writer removed it on close; on read-only media it cannot, and `history`, `plan`
  /// and `pattern` failed with "unable to open database file". Nothing can write such a store
  /// while it is mounted so, and after a clean close its log is gone: SQLite may then read the
  /// file as immutable, without locks or index. A log that still holds pages is left to the
  /// usual open, which reads it when its index is there too, and fails plainly when it is not.
  static func readOnlyLocation(_ path: String) -> String {
    guard let status = fileSystem(holding: path), status.f_flag & UInt(ST_RDONLY) != 0 else { return path }
    var log = stat()
    if lstat(path + "-wal", &log) == 0 && log.st_size > 0 { return path }
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    // RFC 3986 path characters, `?`, `#` and `%` escaped, as SQLite's URI filenames read them.
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#%")
    let escaped = absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute
    return "file:" + escaped + "?immutable=1"
  }
}
