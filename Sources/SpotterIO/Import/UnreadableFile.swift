import Foundation

/// Why a file given to import cannot be read, in the system's words ("No such file or
/// directory"), with a suggestion when a file of a close name lies beside it.
enum UnreadableFile {
  /// The reason for `path`, asked again of the file system.
  static func reason(_ path: String) -> String {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let system = String(cString: strerror(errno))
      guard errno == ENOENT else { return system }
      return system + (suggestion(for: path).map { "; did you mean '\($0)'?" } ?? "")
    }
    if info.st_mode & S_IFMT == S_IFDIR {
      return "a folder; give the export inside it, or list the folder in [import] sources"
    }
    guard access(path, R_OK) == 0 else { return String(cString: strerror(errno)) }
    return "cannot read file"
  }

  /// The closest name in the same folder, at most two edits away or sharing its stem.
  static func suggestion(for path: String) -> String? {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    let wanted = url.lastPathComponent.lowercased()
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path), names.count <= 10_000
    else { return nil }
    let scored = names.map { ($0, distance(wanted, $0.lowercased())) }.filter { $0.1 <= 2 }
    guard let best = scored.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else { return nil }
    let directory = (path as NSString).deletingLastPathComponent
    return directory.isEmpty ? best.0 : directory + "/" + best.0
  }

  /// Edits between two short names (Levenshtein), bounded: longer names are not compared.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard a.count <= 255, b.count <= 255, abs(a.count - b.count) <= 2 else { return Int.max }
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...max(b.count, 1) where !b.isEmpty {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
