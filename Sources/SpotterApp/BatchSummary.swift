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
    let read = Self.outcomes(in: descriptor, size: Int(status.st_size), night: night, path: path)
    (previous, skipped) = (read.outcomes, read.skipped)
    // A line torn by a kill or a full disk is closed, so the next outcome starts a line of its own
    // instead of being glued to it and lost.
    if read.endsInsideALine { put([0x0A]) }
  }

  /// Whether `needle` occurs in `haystack`: each place its byte at `anchor` is found (`memchr`)
  /// is compared whole (`memcmp`). The night's mark is anchored on the `n` of `night`, a byte an
  /// outcome line holds a few times, where its `"` comes a dozen times a line.
  static func contains(_ haystack: UnsafeRawBufferPointer, _ needle: UnsafeRawBufferPointer, anchor: Int)
    -> Bool
  {
    guard !needle.isEmpty else { return true }
    guard haystack.count >= needle.count, let base = haystack.baseAddress, let target = needle.baseAddress
    else { return false }
    let byte = Int32(needle[anchor])
    // Where the anchor may sit: the needle must start within the haystack and end inside it.
    var at = anchor
    let end = haystack.count - needle.count + anchor + 1
    while at < end, let found = memchr(base + at, byte, end - at) {
      let place = base.distance(to: UnsafeRawPointer(found))
      if memcmp(base + place - anchor, target, needle.count) == 0 { return true }
      at = place + 1
    }
    return false
  }

  /// `lseek`'s whence for the next byte written and the next hole, which the C library names only
  /// under `_GNU_SOURCE` (Linux) and numbers the other way round on Darwin.
  #if canImport(Glibc)
    static let seekData: Int32 = 3
    static let seekHole: Int32 = 4
  #else
    static let seekData: Int32 = 4
    static let seekHole: Int32 = 3
  #endif

  /// How many damaged lines are said one by one.
  static let damageSaid = 20

  /// How much of the summary is read at a time.
  static let chunkBytes = 1 << 20
  /// The most of a line looked at: an outcome is an id, a code, a night and a message or two, a
  /// few hundred bytes, and a longer line is none.
  static let longestLine = 1 << 16

  /// The outcomes of `night` in the first `size` bytes of the file open as `descriptor`, the
  /// lines skipped as damage (each as `PATH:LINE: …`), and whether the bytes end inside a line.
  ///
  /// A summary kept for months holds a line per user and night. It is read a chunk at a time, and
  /// a line is decoded only when it names `night`, so it costs a chunk and a line of
  /// memory and a pass over its bytes. Read whole and searched with `firstRange(of:)`, a 74 MB
  /// summary (1.2 million lines: 600 nights of 2,000 users) cost 6.1 s of CPU and 155 MB before
  /// the first user ran. The file's size is its size at open: lines appended since are the
  /// caller's own.
  ///
  /// Damage is what a resume would otherwise pass over in silence, costing a user a second run
  /// and nobody a word: a line that names this night and is no outcome (edited, torn by a kill
  /// after its night, or longer than any outcome), and a last line cut short, which the caller
  /// closes now and so is said once, by the run that closes it. Lines of other nights are not
  /// decoded, and not judged.
  static func outcomes(
    in descriptor: Int32, size: Int, night: String, path: String, chunkBytes: Int = chunkBytes,
    longestLine: Int = longestLine
  ) -> (outcomes: [BatchService.Outcome], skipped: [String], endsInsideALine: Bool) {
    let mark = Array("\"night\":\"\(night)\"".utf8)
    let decoder = JSONDecoder()
    var outcomes: [BatchService.Outcome] = []
    var skipped: [String] = []
    let tornWords = "cut short (a kill or a full disk as it was written), closed"
    // `line` is its first `longestLine` bytes; `cut`, whether there were more.
    func judge(_ line: UnsafeRawBufferPointer, cut: Bool, number: Int, isLast: Bool) {
      guard !line.isEmpty || cut else { return }
      let marked = mark.withUnsafeBytes { Self.contains(line, $0, anchor: 1) }
      guard marked else {
        if isLast && (cut || line.last != UInt8(ascii: "}")) {
          skipped.append("\(path):\(number): a line \(tornWords) and skipped")
        }
        return
      }
      let outcome = cut ? nil : try? decoder.decode(BatchService.Outcome.self, from: Data(line))
      guard let outcome else {
        let why = cut ? "longer than any outcome" : isLast ? tornWords : "no user's outcome"
        skipped.append(
          "\(path):\(number): a line of this night that is \(why); skipped, as if its user had not run yet")
        return
      }
      if outcome.night == night { outcomes.append(outcome) }
    }
    var chunk = [UInt8](repeating: 0, count: max(chunkBytes, 1))
    // The start of a line the last chunk ended inside, up to `longestLine` bytes.
    var carried: [UInt8] = []
    var carriedCut = false
    var number = 1
    var offset = 0
    var lastByte: UInt8?
    // More of the line the last chunk ended inside: kept up to `longestLine`, the rest counted
    // only as a cut.
    func carry<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
      let room = max(longestLine - carried.count, 0)
      carried.append(contentsOf: bytes.prefix(room))
      carriedCut = carriedCut || bytes.count > room
    }
    // `count` zero bytes, which hold no newline.
    func zeros(_ count: Int) {
      carry(repeatElement(0, count: count))
      lastByte = 0
    }
    while offset < size {
      // A hole, the unwritten stretch of a sparse file (`truncate -s 1T`), reads as zeros: it is
      // taken as such without reading it. Read, a 10 GB hole cost 30 s of system time; a
      // summary with a terabyte of it would have held the shard for most of an hour.
      let data = lseek(descriptor, off_t(offset), Self.seekData)
      if data < 0 && errno == ENXIO {
        zeros(size - offset)
        break
      }
      if data > off_t(offset) {
        let end = min(Int(data), size)
        zeros(end - offset)
        offset = end
        continue
      }
      let hole = lseek(descriptor, off_t(offset), Self.seekHole)
      let stop = hole > off_t(offset) ? min(Int(hole), size) : size
      let count = chunk.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress!, min($0.count, stop - offset), off_t(offset))
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      offset += count
      lastByte = chunk[count - 1]
      chunk.withUnsafeBytes { whole in
        let bytes = UnsafeRawBufferPointer(rebasing: whole[..<count])
        var start = 0
        while start < count {
          guard let found = memchr(bytes.baseAddress! + start, 0x0A, count - start) else {
            // The chunk ends inside a line: keep its start for the next.
            carry(UnsafeRawBufferPointer(rebasing: bytes[start...]))
            return
          }
          let end = bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
          let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
          if carried.isEmpty && !carriedCut {
            judge(
              UnsafeRawBufferPointer(rebasing: line.prefix(longestLine)), cut: line.count > longestLine,
              number: number, isLast: false)
          } else {
            carry(line)
            let cut = carriedCut
            carried.withUnsafeBytes { judge($0, cut: cut, number: number, isLast: false) }
            carried.removeAll(keepingCapacity: true)
            carriedCut = false
          }
          number += 1
          start = end + 1
        }
      }
    }
    carried.withUnsafeBytes { judge($0, cut: carriedCut, number: number, isLast: true) }
    // A file of damage is said by its first lines and a count, not line by line.
    if skipped.count > Self.damageSaid {
      let more = skipped.count - Self.damageSaid
      skipped = Array(skipped.prefix(Self.damageSaid)) + ["\(path): \(more) more lines like these skipped"]
    }
    return (outcomes, skipped, lastByte.map { $0 != 0x0A } ?? false)
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
}
