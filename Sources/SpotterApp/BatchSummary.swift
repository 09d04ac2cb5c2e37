import Foundation
import SpotterCore
import SpotterIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `spotter batch --summary FILE`: the JSON Lines file each user's outcome is appended to as it
/// ends, which a re-run of the shard the same night reads to skip the users already done.
///
/// It is opened once, before any user runs, and must be a regular file: a FIFO there blocked the
/// batch for ever at its first append, and a link, a folder or a missing folder silently lost
/// every line, so a requeued task ran the whole shard again. A line that cannot be written later
/// (a full disk) is remembered and reported, never dropped in silence.
final class BatchSummary: @unchecked Sendable {
  let path: String
  private let descriptor: Int32
  private let lock = NSLock()
  /// The outcomes earlier runs of the same night appended, as read when the file was opened.
  let previous: [BatchService.Outcome]
  /// The lines skipped as damage when the file was opened, each as `PATH:LINE: …`.
  let skipped: [String]
  /// The first append that failed, in words; guarded by `lock`.
  private var firstFailure: String?

  /// Opens (creating if needed) the summary at `path`, claims it for `shard`, and reads what
  /// earlier runs of `night` appended; throws ``SpotterAppError/invalidOption(option:value:reason:)``
  /// when it is no regular file, and ``SpotterAppError/shardRunning(summary:)`` while another
  /// process runs the same shard with it.
  ///
  /// A summary kept for months holds a line per user and night: only lines that name `night` are
  /// decoded, so reading it stays a scan of its bytes.
  init(path: String, night: String, shard: BatchShard) throws {
    self.path = path
    let descriptor = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
    guard descriptor >= 0 else {
      let code = errno
      throw SpotterAppError.invalidOption(
        option: "--summary", value: path,
        reason: Phrase(
          "cannot be opened to append to ("
            + (code == ELOOP ? "a symbolic link; name the file itself" : String(cString: strerror(code)))
            + "):"))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw SpotterAppError.invalidOption(
        option: "--summary", value: path, reason: "is not a regular file; name a file to append to:")
    }
    // The shard's own: a second batch of it (a requeued task beside the one still running) would
    // run every user again and write each twice. One byte far past the end stands for the shard,
    // so shards sharing one summary run side by side; the lock goes with the process, kill -9
    // too, and holds on NFS, where a POSIX lock is the one that travels.
    var claim = flock()
    claim.l_type = Int16(F_WRLCK)
    claim.l_whence = Int16(SEEK_SET)
    claim.l_start = off_t(Self.lockOffset(of: shard))
    claim.l_len = 1
    // Only "held" stops the shard: a file system without POSIX locks (some FUSE mounts) says
    // so with another error, and then the shard runs unclaimed, as it did before claims.
    if fcntl(descriptor, F_SETLK, &claim) != 0, errno == EAGAIN || errno == EACCES {
      close(descriptor)
      throw SpotterAppError.shardRunning(summary: path)
    }
    self.descriptor = descriptor
    let existing = Self.read(descriptor, size: Int(status.st_size))
    (previous, skipped) = Self.outcomes(in: existing, night: night, path: path)
    // A line torn by a kill or a full disk is closed, so the next outcome starts a line of its own
    // instead of being glued to it and lost.
    if let last = existing.last, last != 0x0A { put([0x0A]) }
  }

  /// The outcomes of `night` in `bytes`, and the lines skipped as damage, each as
  /// `PATH:LINE: …`.
  ///
  /// Damage is what a resume would otherwise pass over in silence, costing a user a second
  /// night's run and nobody a word: a line that names this night and is no outcome (edited, or
  /// torn by a kill after its night), and a last line cut short, which is closed now and so said
  /// once, by the run that closes it. Lines of other nights are not decoded, and not judged.
  static func outcomes(in bytes: [UInt8], night: String, path: String) -> ([BatchService.Outcome], [String]) {
    let mark = Array("\"night\":\"\(night)\"".utf8)
    let decoder = JSONDecoder()
    var outcomes: [BatchService.Outcome] = []
    var skipped: [String] = []
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() where !line.isEmpty {
      let isLast = index == lines.count - 1
      guard line.firstRange(of: mark) != nil else {
        if isLast && line.last != UInt8(ascii: "}") {
          skipped.append(
            "\(path):\(index + 1): a line cut short (a kill or a full disk as it was written), closed and skipped"
          )
        }
        continue
      }
      guard let outcome = try? decoder.decode(BatchService.Outcome.self, from: Data(line)) else {
        let why = isLast ? "cut short (a kill or a full disk as it was written), closed" : "no user's outcome"
        skipped.append(
          "\(path):\(index + 1): a line of this night that is \(why); skipped, as if its user had not run yet"
        )
        continue
      }
      if outcome.night == night { outcomes.append(outcome) }
    }
    return (outcomes, skipped)
  }

  deinit {
    close(descriptor)
  }

  /// Where the shards' lock bytes start: past any summary's end (a terabyte), where no append
  /// reaches.
  static let lockBase: Int64 = 1 << 40

  /// The byte that stands for `shard`: one for each index of each count, so no two shards of any
  /// two cuts share one.
  static func lockOffset(of shard: BatchShard) -> Int64 {
    lockBase + Int64(shard.count) * Int64(BatchShard.mostShards + 1) + Int64(shard.index)
  }

  /// Appends `outcome` as one JSON line and flushes it, so a batch killed half-way keeps what it
  /// finished.
  func append(_ outcome: BatchService.Outcome) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard var line = try? encoder.encode(outcome) else {
      remember("the outcome of '\(outcome.id)' could not be encoded")
      return
    }
    line.append(0x0A)
    put([UInt8](line))
  }

  /// The first append that failed, if any.
  var failure: String? {
    lock.lock()
    defer { lock.unlock() }
    return firstFailure
  }

  private func put(_ bytes: [UInt8]) {
    let written = bytes.withUnsafeBytes { buffer in
      #if canImport(Glibc)
        Glibc.write(descriptor, buffer.baseAddress, buffer.count)
      #else
        Darwin.write(descriptor, buffer.baseAddress, buffer.count)
      #endif
    }
    guard written == bytes.count else {
      let reason =
        written < 0 ? String(cString: strerror(errno)) : "only \(written) of \(bytes.count) bytes written"
      remember("\(path): cannot append (\(reason)); a re-run will run its users again")
      return
    }
    if fsync(descriptor) != 0 {
      remember(
        "\(path): cannot flush (\(String(cString: strerror(errno)))); a re-run may run its users again")
    }
  }

  private func remember(_ failure: String) {
    lock.lock()
    if firstFailure == nil { firstFailure = failure }
    lock.unlock()
  }

  /// The file's first `size` bytes, read through its own descriptor (never a second open of the
  /// path). The size is the file's at open time: lines appended meanwhile are the caller's own.
  private static func read(_ descriptor: Int32, size: Int) -> [UInt8] {
    guard size > 0 else { return [] }
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    while done < size {
      let count = bytes.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress! + done, size - done, off_t(done))
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      done += count
    }
    return Array(bytes.prefix(done))
  }
}
