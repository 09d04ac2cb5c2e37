import Foundation
import SpotterCore

/// Why a file given to import cannot be read, in the system's words ("No such file or
/// directory"), with a suggestion when a file of a close name lies beside it.
enum UnreadableFile {
  /// The reason for `path`, asked again of the file system.
  static func reason(_ path: String) -> Phrase {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      let system = Self.system(code)
      guard code == ENOENT else { return system }
      guard let near = suggestion(for: path) else { return system }
      return system.appending("; did you mean '\(near)'?", de: "; meintest du '\(near)'?")
    }
    if info.st_mode & S_IFMT == S_IFDIR {
      return Phrase(
        "a folder; give the export inside it, or list the folder in [import] sources",
        de: "ein Ordner; gib den Export darin an, oder trage den Ordner in [import] sources ein")
    }
    guard access(path, R_OK) == 0 else { return Self.system(errno) }
    return Phrase("cannot read file", de: "Datei nicht lesbar")
  }

  /// The system's text for `code`, with German for the ones a person meets naming a file; the
  /// others are said as the system says them.
  static func system(_ code: Int32) -> Phrase {
    let text = String(cString: strerror(code))
    switch code {
    case ENOENT: return Phrase(text, de: "Datei oder Verzeichnis nicht gefunden")
    case EACCES: return Phrase(text, de: "Zugriff verweigert")
    case ENOTDIR: return Phrase(text, de: "ist kein Verzeichnis")
    case ELOOP: return Phrase(text, de: "zu viele Ebenen symbolischer Links")
    default: return Phrase(text)
    }
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

  /// Edits between two names; names of very different or great lengths are not compared, so a
  /// folder of long names costs no more than its listing.
  static func distance(_ a: String, _ b: String) -> Int {
    guard a.count <= 255, b.count <= 255, abs(a.count - b.count) <= 2 else { return Int.max }
    return EditDistance.between(a, b)
  }
}
