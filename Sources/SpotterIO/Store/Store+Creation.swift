import Foundation
import GRDB
import SpotterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Store {
  /// The name a new store is built under before it takes its own: beside it, so the rename
  /// stays on one file system.
  static func creationPath(_ path: String) -> String { path + ".creating" }

  /// Builds a new store at `path` whole, or not at all: created and migrated under a temporary
  /// name beside it, checkpointed and closed, synced, then renamed into place.
  ///
  /// SQLite creates the store file when it opens it and writes its first page later. A first
  /// command that failed in between (a full disk, a file-size limit, a kill) left a file of 0
  /// bytes, which every later command refuses as an empty store (``existingStoreHasLog(_:)``),
  /// so the nightly run failed every night until someone moved the file aside. Now the store's
  /// name only ever names a store with its schema; what a failed creation leaves has the
  /// temporary name, and the next creation removes it.
  ///
  /// The caller holds the store's ``ProcessLock``, so no other command creates it meanwhile.
  static func create(at path: String, configuration: Configuration) throws {
    let temporary = creationPath(path)
    func removeTemporary() {
      for suffix in [""] + siblingSuffixes { unlink(temporary + suffix) }
    }
    // A creation killed midway: nothing in it was ever the store.
    removeTemporary()
    do {
      let queue = try DatabaseQueue(path: temporary, configuration: configuration)
      CrashPoint.reach("store-creating")
      do {
        try migrator.migrate(queue)
        // Every page into the file itself, and the log emptied: a close checkpoints too, but
        // says nothing when a full disk stops it, and the log would then hold the schema under
        // the temporary name while the store's name went to a file without it.
        // The frame counts it returns say nothing a failure would not have thrown.
        _ = try queue.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        try queue.close()
      } catch {
        try? queue.close()
        throw error
      }
      var log = stat()
      if lstat(temporary + "-wal", &log) == 0 && log.st_size > 0 {
        throw SpotterIOError.store(
          path: path,
          reason: Phrase(
            "cannot create: its log could not be written into it",
            de: "lässt sich nicht anlegen: sein Protokoll ließ sich nicht hineinschreiben"))
      }
      // Every page is in the file now; synced before it takes the store's name, so
      // a power cut cannot leave the name on a file whose pages never reached the disk.
      let descriptor = open(temporary, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
      guard descriptor >= 0, fsync(descriptor) == 0 else {
        let reason = String(cString: strerror(errno))
        if descriptor >= 0 { close(descriptor) }
        throw SpotterIOError.store(
          path: path, reason: Phrase("cannot create: \(reason)", de: "lässt sich nicht anlegen: \(reason)"))
      }
      close(descriptor)
      guard rename(temporary, path) == 0 else {
        let reason = String(cString: strerror(errno))
        throw SpotterIOError.store(
          path: path, reason: Phrase("cannot create: \(reason)", de: "lässt sich nicht anlegen: \(reason)"))
      }
      AtomicFileWriter.syncDirectory(URL(fileURLWithPath: path).deletingLastPathComponent().path)
    } catch {
      removeTemporary()
      throw error
    }
  }
}
