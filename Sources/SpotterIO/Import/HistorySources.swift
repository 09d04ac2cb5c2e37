import Foundation
import SpotterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns what a user names as history (files, folders, globs) into the files to import.
///
/// A file is imported as named. A folder or a glob is where an app's exports pile up
/// (`strong_2026-11-20.csv`, `hevy_workouts (3).csv`): of the files in it that Spotter can read,
/// the newest of each app is imported, by modification time, since each export holds the whole
/// history and an older one adds nothing.
public struct HistorySources: Sendable {
  /// `$HOME`, for a leading `~/`.
  public var home: String?

  public init(home: String?) {
    self.home = home
  }

  /// Why a path that starts from the home folder is refused where there is none.
  public static let noHome = Phrase(
    "'~' names a home folder, and this run has none (a batch user has no HOME); write the path in full",
    de: "'~' steht für einen Home-Ordner, und dieser Lauf hat keinen (ein Batch-Benutzer hat kein HOME); "
      + "schreibe den Pfad ganz aus")

  /// Whether `path` starts from the home folder: `~` or `~/…`.
  public static func startsFromHome(_ path: String) -> Bool { path == "~" || path.hasPrefix("~/") }

  /// The files to import for `sources`, in the order named, each once.
  public func files(_ sources: [String]) throws -> [String] {
    var result: [String] = []
    for source in sources {
      // Read as a relative path it would name a folder called `~` in the working folder.
      if home == nil, Self.startsFromHome(source) {
        throw SpotterIOError.io(path: source, reason: Self.noHome)
      }
      let path = expanded(source)
      var isDirectory: ObjCBool = false
      let found: [String]
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        let names: [String]
        do {
          names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
          throw SpotterIOError.io(
            path: path, reason: Phrase("cannot list the folder", de: "der Ordner lässt sich nicht auflisten"))
        }
        found = try newestOfEachApp(names.filter { !$0.hasPrefix(".") }.map { path + "/" + $0 }, in: source)
      } else if path.contains(where: { "*?[".contains($0) }), !FileManager.default.fileExists(atPath: path) {
        found = try newestOfEachApp(Self.glob(path), in: source)
      } else {
        found = [path]
      }
      for file in found where !result.contains(file) { result.append(file) }
    }
    return result
  }

  func expanded(_ source: String) -> String {
    guard source.hasPrefix("~/"), let home else { return source }
    return home + source.dropFirst()
  }

  /// The newest readable export of each app among `paths`.
  func newestOfEachApp(_ paths: [String], in source: String) throws -> [String] {
    var newest: [HistoryFormat: (path: String, modified: Date)] = [:]
    for path in paths {
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        attributes[.type] as? FileAttributeType == .typeRegular,
        let format = Self.format(ofFileAt: path)
      else { continue }
      let modified = attributes[.modificationDate] as? Date ?? .distantPast
      if let current = newest[format], (current.modified, current.path) > (modified, path) { continue }
      newest[format] = (path, modified)
    }
    guard !newest.isEmpty else {
      throw SpotterIOError.io(
        path: source,
        reason: Phrase(
          "no history export found (\(ExportAppNames.english))",
          de: "kein Export gefunden (\(ExportAppNames.german))"
        )
      )
    }
    return newest.values.sorted { $0.path < $1.path }.map(\.path)
  }

  /// The app that wrote the file at `path`, from its first 64 KiB.
  ///
  /// A named file that starts with `{` or `[` is read as Spotter's JSON, and an error says what
  /// in it is not; in a folder such a file is taken only when it looks like one. A folder of
  /// downloads holds settings files (`[core]`) and other programs' JSON, and one of them made the
  /// whole folder's import fail every night. So with zip archives: a folder's archive is taken
  /// for Apple Health's only when it holds `export.xml`, or cannot be read (then its damage is
  /// reported, not passed over).
  static func format(ofFileAt path: String) -> HistoryFormat? {
    guard let handle = try? InputFile.open(path) else { return nil }
    defer { try? handle.close() }
    guard let prefix = try? handle.read(upToCount: 65536) else { return nil }
    let format = HistoryImporter.format(sniffing: prefix)
    switch format {
    case .nativeJSON: return NativeJSONImporter.looksLikeHistory([UInt8](prefix)) ? format : nil
    case .appleHealth where prefix.starts(with: [0x50, 0x4B]):
      return AppleHealthImporter.mayBeExport(zipAt: path) ? format : nil
    default: return format
    }
  }

  /// The paths `pattern` matches, sorted; none is no error here.
  static func glob(_ pattern: String) -> [String] {
    var result = glob_t()
    defer { globfree(&result) }
    #if canImport(Glibc)
      let status = Glibc.glob(pattern, 0, nil, &result)
    #else
      let status = Darwin.glob(pattern, 0, nil, &result)
    #endif
    guard status == 0 else { return [] }
    return (0..<Int(result.gl_pathc)).compactMap { index in
      result.gl_pathv[index].map { String(cString: $0) }
    }.sorted()
  }
}
