import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps a vdir (the layout khal and vdirsyncer use) in step with the reminders: one `UID.ics`
/// per reminder, written atomically, rewritten when it changes and deleted when the reminder is
/// cancelled or over.
///
/// Calendar clients do not delete an imported event marked CANCELLED; a file that disappears
/// from a synced vdir does disappear from the server. Only files named `…@spotter.ics` are ever
/// touched, so the directory may hold other items.
public struct VdirWriter {
  public let directory: String

  public init(directory: String) {
    self.directory = directory
  }

  /// Makes the directory hold exactly `items` among Spotter's files: UID → calendar text.
  ///
  /// - Throws: ``SpotterIOError/io(path:reason:)`` when the directory cannot be made, a file
  ///   cannot be written or an old one cannot be removed.
  public func sync(_ items: [String: String]) throws {
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw SpotterIOError.io(path: directory, reason: "cannot create the vdir")
    }
    var changed = false
    for (uid, text) in items.sorted(by: { $0.key < $1.key }) {
      let path = directory + "/" + Self.fileName(uid)
      if let old = FileManager.default.contents(atPath: path), old == Data(text.utf8) { continue }
      try AtomicFileWriter.write(text, to: path)
      changed = true
    }
    let wanted = Set(items.keys.map(Self.fileName))
    let present = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    for name in present.sorted() where name.hasSuffix("@spotter.ics") && !wanted.contains(name) {
      guard unlink(directory + "/" + name) == 0 || errno == ENOENT else {
        throw SpotterIOError.io(path: directory + "/" + name, reason: "cannot remove the ended reminder")
      }
      changed = true
    }
    if changed { AtomicFileWriter.syncDirectory(directory) }
  }

  /// `UID.ics`; UIDs hold only `A-Z a-z 0-9 @ . _ -`, so they make safe file names.
  public static func fileName(_ uid: String) -> String { uid + ".ics" }
}
