import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a set of output files and commits the store change behind them as one unit.
///
/// The order makes every failure leave a consistent state:
/// 1. every file is written to a temporary beside its target and flushed to disk; a read-only or
///    full directory fails here, before the store is touched;
/// 2. the store commits;
/// 3. a journal naming the pending renames is flushed, then the files are renamed over their
///    targets and the journal removed.
///
/// A crash before the journal leaves the old pair of files (the store is ahead, and the next
/// command rewrites them); a crash after it is finished by ``recover(directory:)``, so a reader
/// never sees a new calendar beside an old agenda for longer than until the next command.
public struct OutputTransaction {
  /// The journal's file name in the output directory.
  public static let journalName = ".spotter-outputs.journal"
  /// The most a journal can hold: a line per output, each two file names.
  static let largestJournal = 64 << 10

  public let directory: String
  private var staged: [(temporary: String, target: String)] = []

  public init(directory: String) {
    self.directory = directory
  }

  /// Writes `text` to a flushed temporary that ``commit(_:)`` will rename to `name`.
  ///
  /// A target that a rename cannot replace (a directory, a socket) is refused here, before the
  /// store commits: found only at the rename, the store would be ahead of its outputs, and a
  /// retried `focus add` would overlap the block it had already saved.
  public mutating func stage(_ text: String, as name: String) throws {
    try stage(as: name) { try $0.write(text) }
  }

  /// Streams `body`'s writes to a flushed temporary that ``commit(_:)`` will rename to `name`:
  /// an output of any length is never held whole in memory. Bytes equal to the file already at
  /// `name` are not staged at all, so the file keeps its mtime.
  public mutating func stage(as name: String, writing body: (FileSink) throws -> Void) throws {
    let target = directory + "/" + name
    do {
      try Self.checkReplaceable(target)
      if let temporary = try AtomicFileWriter.writeTemporary(for: target, unlessSameAs: true, body) {
        staged.append((temporary, target))
      }
    } catch {
      discard()
      throw error
    }
  }

  /// Streams `body`'s writes to two flushed temporaries at once, for outputs made in one pass
  /// over the same events: ``commit(_:)`` renames them to `first` and `second`, in that order.
  public mutating func stage(
    as first: String, and second: String, writing body: (FileSink, FileSink) throws -> Void
  ) throws {
    let targets = (directory + "/" + first, directory + "/" + second)
    var secondTemporary: String?
    do {
      try Self.checkReplaceable(targets.0)
      try Self.checkReplaceable(targets.1)
      let firstTemporary = try AtomicFileWriter.writeTemporary(for: targets.0, unlessSameAs: true) {
        firstSink in
        secondTemporary = try AtomicFileWriter.writeTemporary(for: targets.1, unlessSameAs: true) {
          try body(firstSink, $0)
        }
      }
      if let firstTemporary { staged.append((firstTemporary, targets.0)) }
      if let secondTemporary { staged.append((secondTemporary, targets.1)) }
    } catch {
      // The second is flushed before the first: a first that then fails to flush leaves it.
      if let secondTemporary { unlink(secondTemporary) }
      discard()
      throw error
    }
  }

  /// Where `name`'s bytes are now: its staged temporary, or the file itself when it was not
  /// staged (its bytes were already the file's).
  public func currentPath(of name: String) -> String {
    let target = directory + "/" + name
    return staged.last { $0.target == target }?.temporary ?? target
  }

  /// Runs `save` (the store's commit), then puts every staged file in place.
  ///
  /// When `save` throws, the temporaries are removed and the old files stay.
  public func commit(_ save: () throws -> Void) throws {
    do {
      try save()
    } catch {
      discard()
      throw error
    }
    CrashPoint.reach("after-store-commit")
    // A file whose bytes are the old file's was never staged (``stage(_:as:)``): an unchanged
    // night changes no output and no mtime, so a host that syncs outputs to object storage or
    // CalDAV by their mtime uploads nothing, and it costs no fsync.
    guard !staged.isEmpty else { return }
    let journal = directory + "/" + Self.journalName
    let lines = staged.map { Self.name($0.temporary) + "\t" + Self.name($0.target) + "\n" }.joined()
    try AtomicFileWriter.write(lines, to: journal)
    try Self.finish(staged, directory: directory)
    unlink(journal)
    AtomicFileWriter.syncDirectory(directory)
  }

  /// Whether `target` is a regular file with exactly `temporary`'s bytes, compared a megabyte at
  /// a time.
  static func sameBytes(_ temporary: String, _ target: String) -> Bool {
    var old = stat()
    var new = stat()
    guard lstat(target, &old) == 0, old.st_mode & S_IFMT == S_IFREG, stat(temporary, &new) == 0,
      old.st_size == new.st_size
    else { return false }
    let first = open(temporary, O_RDONLY | O_CLOEXEC)
    let second = open(target, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    defer {
      if first >= 0 { close(first) }
      if second >= 0 { close(second) }
    }
    guard first >= 0, second >= 0 else { return false }
    // Buffers no larger than the file: two zeroed megabytes cost more than comparing a small
    // calendar.
    let size = max(1, min(1 << 20, Int(new.st_size)))
    var a = [UInt8](repeating: 0, count: size)
    var b = [UInt8](repeating: 0, count: size)
    while true {
      let read = readFully(first, &a, size)
      guard read >= 0, readFully(second, &b, read) == read else { return false }
      if read == 0 { return true }
      guard a.prefix(read) == b.prefix(read) else { return false }
    }
  }

  private static func readFully(_ descriptor: Int32, _ buffer: inout [UInt8], _ count: Int) -> Int {
    var total = 0
    while total < count {
      let done = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + total, count - total) }
      if done <= 0 { return done < 0 ? -1 : total }
      total += done
    }
    return total
  }

  /// Removes the temporaries of a transaction that will not commit.
  public func discard() {
    for file in staged { unlink(file.temporary) }
  }

  /// Finishes what an interrupted commit left in `directory`, and removes temporaries whose
  /// writer died; returns the names of the files it put in place.
  ///
  /// Call it while holding the store's lock, so no live transaction of this store is touched.
  @discardableResult
  public static func recover(directory: String) throws -> [String] {
    var finished: [String] = []
    let journal = directory + "/" + journalName
    // Read as the few lines a commit writes, never through a link: a journal made huge (a sparse
    // 10 GB file) was read whole on every run, 21 GB of memory and no end in two minutes. One
    // larger than any commit writes, or a link, names nothing of ours and is passed over.
    if let bytes = AtomicFileWriter.bytes(ofRegularFile: journal, atMost: Self.largestJournal),
      let text = String(validating: bytes, as: UTF8.self)
    {
      let pending = text.split(separator: "\n").compactMap { line -> (temporary: String, target: String)? in
        let parts = line.split(separator: "\t")
        guard parts.count == 2, !parts[0].contains("/"), !parts[1].contains("/") else { return nil }
        return (directory + "/" + parts[0], directory + "/" + parts[1])
      }.filter { FileManager.default.fileExists(atPath: $0.temporary) }
      try finish(pending, directory: directory)
      finished = pending.map { name($0.target) }
      unlink(journal)
    }
    // An entry at a time, with a name made only for a dot-file, which every temporary is:
    // FileManager's listing made and sorted every name, every night. POSIX leaves unspecified
    // only whether a removed entry is still returned, so entries are removed as they are read.
    guard let handle = opendir(directory) else { return finished }
    defer { closedir(handle) }
    while let entry = readdir(handle) {
      guard entry.pointee.d_name.0 == CChar(UInt8(ascii: ".")) else { continue }
      let file = AtomicFileWriter.name(of: entry)
      if AtomicFileWriter.isAbandonedTemporary(file) { unlink(directory + "/" + file) }
    }
    return finished
  }

  private static func finish(_ files: [(temporary: String, target: String)], directory: String) throws {
    for (index, file) in files.enumerated() {
      guard rename(file.temporary, file.target) == 0 else {
        throw SpotterIOError.io(
          path: file.target, reason: "cannot replace: \(String(cString: strerror(errno)))")
      }
      // After the first rename, whether a second one follows: a file left unchanged has none.
      if index == 0 { CrashPoint.reach("between-renames") }
    }
  }

  /// Fails unless `target` is missing, a regular file or a link (which a rename replaces as a
  /// link, never following it).
  static func checkReplaceable(_ target: String) throws {
    var status = stat()
    guard lstat(target, &status) == 0 else { return }
    let kind = status.st_mode & S_IFMT
    guard kind == S_IFREG || kind == S_IFLNK else {
      let what = kind == S_IFDIR ? "it is a directory" : "it is not a regular file"
      throw SpotterIOError.io(path: target, reason: "cannot replace: \(what); move it aside")
    }
  }

  private static func name(_ path: String) -> String {
    URL(fileURLWithPath: path).lastPathComponent
  }

}
