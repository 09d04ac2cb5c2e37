import Foundation
import SpotterCore

extension HistorySources {
  /// Why `source` gives no file to import yet, in words, or nil when it gives one: a path that
  /// does not exist is said so (with the closest name beside it), which is not the same as a
  /// folder or glob that holds no export yet.
  public func problem(with source: String, language: Language = .en) -> String? {
    let path = expanded(source)
    let isGlob = path.contains { "*?[".contains($0) }
    let german = language == .de
    if !isGlob && !FileManager.default.fileExists(atPath: path) {
      // The reason in parentheses is the system's, as every file error gives it.
      return german
        ? "'\(source)' gibt es nicht (\(UnreadableFile.reason(path).text(language))); der nächtliche Lauf scheitert, bis es das gibt"
        : "'\(source)' does not exist (\(UnreadableFile.reason(path).text(language))); the nightly run fails until it does"
    }
    let found = (try? files([source]))?.filter { FileManager.default.fileExists(atPath: $0) } ?? []
    guard found.isEmpty else { return nil }
    switch (isGlob, german) {
    case (true, false):
      return "'\(source)' matches no file yet; the nightly run fails until an export arrives"
    case (false, false):
      return "'\(source)' holds no history export yet; the nightly run fails until one arrives"
    case (true, true):
      return "'\(source)' passt noch auf keine Datei; der nächtliche Lauf scheitert, bis ein Export ankommt"
    case (false, true):
      return "in '\(source)' liegt noch kein Export; der nächtliche Lauf scheitert, bis einer ankommt"
    }
  }
}
