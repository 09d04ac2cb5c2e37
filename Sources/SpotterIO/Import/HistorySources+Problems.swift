import Foundation

extension HistorySources {
  /// Why `source` gives no file to import yet, in words, or nil when it gives one: a path that
  /// does not exist is said so (with the closest name beside it), which is not the same as a
  /// folder or glob that holds no export yet.
  public func problem(with source: String) -> String? {
    let path = expanded(source)
    let isGlob = path.contains { "*?[".contains($0) }
    if !isGlob && !FileManager.default.fileExists(atPath: path) {
      return
        "'\(source)' does not exist (\(UnreadableFile.reason(path))); the nightly run fails until it does"
    }
    let found = (try? files([source]))?.filter { FileManager.default.fileExists(atPath: $0) } ?? []
    guard found.isEmpty else { return nil }
    return isGlob
      ? "'\(source)' matches no file yet; the nightly run fails until an export arrives"
      : "'\(source)' holds no history export yet; the nightly run fails until one arrives"
  }
}
