import Foundation
import SpotterCore

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

  /// Starts a sync whose items come one at a time (``Sync/put(_:_:)``), each written as it
  /// comes, so no more than one item's text is ever held; only the names are kept for
  /// ``Sync/finish()``, which removes the items that did not come.
  ///
  /// - Throws: ``SpotterIOError/io(path:reason:)`` when the directory cannot be made.
  public func begin() throws -> Sync {
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw SpotterIOError.io(
        path: directory, reason: Phrase("cannot create the vdir", de: "das vdir lässt sich nicht anlegen"))
    }
    return Sync(directory: directory)
  }

  /// A sync under way. One that is never finished removes nothing: a walk that fails half-way
  /// leaves every file the directory had, those already put rewritten.
  public struct Sync {
    let directory: String
    /// The hash of each name put: 8 bytes an item, where the names themselves took about 100
    /// (10 MB at 100,000 items, and as much again to list the directory). Two names with one
    /// hash (about 1 in 10^9 for 100,000 items, and seeded anew by each process) would only keep
    /// an ended item's file until the next sync; no wanted file is ever removed.
    private var wanted: Set<Int> = []
    private var changed = false

    init(directory: String) {
      self.directory = directory
    }

    /// Writes the item `uid` unless its file already holds `text`.
    ///
    /// - Throws: ``SpotterIOError/io(path:reason:)`` when the file cannot be written.
    public mutating func put(_ uid: String, _ text: String) throws {
      let name = VdirWriter.fileName(uid)
      wanted.insert(name.hashValue)
      let path = directory + "/" + name
      // Read only as far as the item's own size, never through a link: a file of another size
      // cannot hold it, and an item a sync left huge (a sparse 10 GB one took 56 s and 10 GB of
      // memory to be read whole) is rewritten without being read.
      let bytes = Array(text.utf8)
      if let old = AtomicFileWriter.bytes(ofRegularFile: path, atMost: bytes.count), old == bytes { return }
      try AtomicFileWriter.write(text, to: path, crashPoint: "vdir-before-rename")
      changed = true
    }

    /// Removes Spotter's files whose items were not put, reading the directory an entry at a
    /// time, then makes the directory's changes durable.
    ///
    /// - Throws: ``SpotterIOError/io(path:reason:)`` when the directory cannot be read or an old
    ///   file cannot be removed.
    public mutating func finish() throws {
      guard let handle = opendir(directory) else {
        throw SpotterIOError.io(
          path: directory, reason: Phrase("cannot read the vdir", de: "das vdir ist nicht lesbar"))
      }
      defer { closedir(handle) }
      // POSIX leaves unspecified only whether a removed entry is still returned, so the entries
      // can be removed as they are read.
      while let entry = readdir(handle) {
        let name = AtomicFileWriter.name(of: entry)
        // A temporary of an item whose writer was killed (`.UID.ics.tmp-PID`): a later sync
        // that finds it removes it, as the output transaction removes its own.
        if name.contains("@spotter.ics.tmp-"), AtomicFileWriter.isAbandonedTemporary(name) {
          unlink(directory + "/" + name)
          changed = true
          continue
        }
        guard name.hasSuffix("@spotter.ics"), !wanted.contains(name.hashValue) else { continue }
        guard unlink(directory + "/" + name) == 0 || errno == ENOENT else {
          throw SpotterIOError.io(
            path: directory + "/" + name,
            reason: Phrase(
              "cannot remove the ended reminder", de: "die beendete Erinnerung lässt sich nicht entfernen"))
        }
        changed = true
      }
      if changed { AtomicFileWriter.syncDirectory(directory) }
    }
  }

  /// `UID.ics`; UIDs hold only `A-Z a-z 0-9 @ . _ -`, so they make safe file names.
  public static func fileName(_ uid: String) -> String { uid + ".ics" }
}
