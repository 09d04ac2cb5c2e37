import Foundation
import ZIPFoundation

/// The entries of a zip archive, read from its central directory, and one entry's bytes streamed
/// out of it, bounded by the sizes the directory gives.
///
/// ZIPFoundation's own `extract` keeps asking for input until the deflate stream says it has
/// ended: on a damaged archive whose stream does not end before the file does, it is handed empty
/// reads forever and never returns (one flipped byte in an `export.zip` hung `import`). Here the
/// compressed bytes come from this reader, which never reads past the entry and fails once the
/// entry's bytes are spent, so every read ends within the file's size. ZIPFoundation still does
/// the inflating (zlib on Linux, Compression on Apple platforms) and the CRC.
struct ZipArchive {
  /// One file of the archive, as the central directory describes it.
  struct Entry: Equatable {
    var path: String
    var method: UInt16
    var compressedSize: UInt64
    var uncompressedSize: UInt64
    var crc32: UInt32
    var localHeaderOffset: UInt64
    /// False for the entry a cut archive ends in: its bytes run to the end of the file, and its
    /// sizes and CRC are unknown (``ZipArchive/cut``).
    var complete = true
  }

  /// The entry the file ends in has been streamed as far as its bytes go: the archive was cut
  /// off inside it.
  struct CutShort: Error {}

  /// Why the archive cannot be read, in words for the person who gave it.
  struct Damage: Error, CustomStringConvertible {
    var description: String
  }

  private let handle: FileHandle
  private let size: UInt64
  /// Every file entry, in the directory's order (folders left out).
  private(set) var entries: [Entry] = []
  /// Whether the archive has no directory at its end, as an interrupted copy or download leaves
  /// it: its entries are then read from the local headers before the cut, up to and including
  /// the one the file ends in (Apple Health writes `export.xml` first, so an archive cut among
  /// its route and ECG files still holds all of it).
  private(set) var cut = false

  /// The most entries read from a directory: Apple Health's archive holds a few thousand (ECG
  /// and route files); a damaged count must not make the walk longer than the file allows.
  static let mostEntries = 1_000_000

  init(path: String) throws {
    guard let handle = try? InputFile.open(path) else {
      throw Damage(description: "cannot read file")
    }
    self.handle = handle
    self.size = (try? handle.seekToEnd()) ?? 0
    do {
      if let found = try readDirectory() {
        entries = found
      } else {
        entries = try readLocalHeaders()
        cut = true
      }
    } catch {
      try? handle.close()
      throw error
    }
  }

  func close() { try? handle.close() }

  /// The bytes at `offset`, exactly `count` of them, or a damage report naming `what`.
  private func bytes(at offset: UInt64, count: Int, _ what: String) throws -> [UInt8] {
    guard offset <= size, UInt64(count) <= size - offset else {
      throw Damage(description: "\(what) lies beyond the end of the file")
    }
    try handle.seek(toOffset: offset)
    let data = try handle.read(upToCount: count) ?? Data()
    guard data.count == count else { throw Damage(description: "\(what) is cut short") }
    return [UInt8](data)
  }

  private static func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
    UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
  }

  private static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(uint16(bytes, at)) | UInt32(uint16(bytes, at + 2)) << 16
  }

  private static func uint64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
    UInt64(uint32(bytes, at)) | UInt64(uint32(bytes, at + 4)) << 32
  }

  /// The central directory's entries, found through the end record (and its ZIP64 form for
  /// archives over 4 GiB, which full Apple Health exports reach); nil when the file has no end
  /// record.
  private func readDirectory() throws -> [Entry]? {
    // The end record is 22 bytes plus a comment of at most 65,535.
    let tailLength = Int(min(size, 22 + 65_535))
    let tail = try bytes(at: size - UInt64(tailLength), count: tailLength, "the archive's end")
    guard tailLength >= 22,
      let end = stride(from: tailLength - 22, through: 0, by: -1).first(where: {
        Self.uint32(tail, $0) == 0x0605_4B50
      })
    else { return nil }
    var count = UInt64(Self.uint16(tail, end + 10))
    var directorySize = UInt64(Self.uint32(tail, end + 12))
    var directoryOffset = UInt64(Self.uint32(tail, end + 16))
    if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF, end >= 20,
      Self.uint32(tail, end - 20) == 0x0706_4B50
    {
      let recordOffset = Self.uint64(tail, end - 20 + 8)
      let record = try bytes(at: recordOffset, count: 56, "the ZIP64 end record")
      guard Self.uint32(record, 0) == 0x0606_4B50 else {
        throw Damage(description: "the ZIP64 end record is damaged")
      }
      count = Self.uint64(record, 32)
      directorySize = Self.uint64(record, 40)
      directoryOffset = Self.uint64(record, 48)
    }
    guard directorySize <= size, directoryOffset <= size - directorySize else {
      throw Damage(description: "the zip directory lies beyond the end of the file")
    }
    // Each entry takes at least 46 bytes, which bounds the walk by the directory's size.
    guard count <= directorySize / 46 + 1, count <= Self.mostEntries else {
      throw Damage(description: "the zip directory claims \(count) entries in \(directorySize) bytes")
    }
    let directory = try bytes(at: directoryOffset, count: Int(directorySize), "the zip directory")
    var entries: [Entry] = []
    var at = 0
    for _ in 0..<count {
      guard at + 46 <= directory.count, Self.uint32(directory, at) == 0x0201_4B50 else {
        throw Damage(description: "the zip directory is damaged at entry \(entries.count + 1)")
      }
      let nameLength = Int(Self.uint16(directory, at + 28))
      let extraLength = Int(Self.uint16(directory, at + 30))
      let commentLength = Int(Self.uint16(directory, at + 32))
      let next = at + 46 + nameLength + extraLength + commentLength
      guard next <= directory.count else {
        throw Damage(description: "the zip directory is damaged at entry \(entries.count + 1)")
      }
      let nameBytes = directory[(at + 46)..<(at + 46 + nameLength)]
      var entry = Entry(
        path: String(decoding: nameBytes, as: UTF8.self), method: Self.uint16(directory, at + 10),
        compressedSize: UInt64(Self.uint32(directory, at + 20)),
        uncompressedSize: UInt64(Self.uint32(directory, at + 24)), crc32: Self.uint32(directory, at + 16),
        localHeaderOffset: UInt64(Self.uint32(directory, at + 42)))
      Self.applyZIP64(
        Array(directory[(at + 46 + nameLength)..<(at + 46 + nameLength + extraLength)]), to: &entry)
      if !entry.path.hasSuffix("/") { entries.append(entry) }
      at = next
    }
    return entries
  }

  /// The entries of an archive without a directory, from the local header each file's data
  /// follows: walked from the start while headers follow each other, up to the entry the file
  /// ends in. An entry whose sizes come after its data (general purpose bit 3) cannot be stepped
  /// over, so the walk ends there too. Bounded by the file: every step moves past 30 bytes.
  private func readLocalHeaders() throws -> [Entry] {
    var entries: [Entry] = []
    var at: UInt64 = 0
    while entries.count < Self.mostEntries, at <= size, size - at >= 30 {
      let header = try bytes(at: at, count: 30, "a local header")
      guard Self.uint32(header, 0) == 0x0403_4B50 else { break }
      let flags = Self.uint16(header, 6)
      let nameLength = Int(Self.uint16(header, 26))
      let extraLength = Int(Self.uint16(header, 28))
      guard size - at - 30 >= UInt64(nameLength + extraLength) else { break }
      let names = try bytes(at: at + 30, count: nameLength + extraLength, "a local header's name")
      var entry = Entry(
        path: String(decoding: names[0..<nameLength], as: UTF8.self), method: Self.uint16(header, 8),
        compressedSize: UInt64(Self.uint32(header, 18)), uncompressedSize: UInt64(Self.uint32(header, 22)),
        crc32: Self.uint32(header, 14), localHeaderOffset: at)
      Self.applyZIP64Local(Array(names[nameLength...]), to: &entry)
      let data = Self.dataOffset(header, at: at)
      let sizesFollow = flags & 0x0008 != 0
      if sizesFollow || entry.compressedSize > size - data {
        entry.compressedSize = size - data
        entry.complete = false
      }
      if !entry.path.hasSuffix("/") { entries.append(entry) }
      guard entry.complete else { break }
      at = data + entry.compressedSize
    }
    guard !entries.isEmpty else {
      throw Damage(description: "no zip directory at the end of the file and no file before it (cut short?)")
    }
    return entries
  }

  /// Where the data of the entry whose local `header` lies at `offset` begins: past the header's
  /// 30 bytes, its name and its extra field.
  private static func dataOffset(_ header: [UInt8], at offset: UInt64) -> UInt64 {
    offset + 30 + UInt64(uint16(header, 26)) + UInt64(uint16(header, 28))
  }

  /// A local header's ZIP64 extra field: both sizes, in that order, where the 32-bit ones say so.
  private static func applyZIP64Local(_ extra: [UInt8], to entry: inout Entry) {
    guard entry.uncompressedSize == 0xFFFF_FFFF || entry.compressedSize == 0xFFFF_FFFF else { return }
    var at = 0
    while at + 4 <= extra.count {
      let length = Int(uint16(extra, at + 2))
      guard at + 4 + length <= extra.count else { return }
      if uint16(extra, at) == 0x0001, length >= 16 {
        entry.uncompressedSize = uint64(extra, at + 4)
        entry.compressedSize = uint64(extra, at + 12)
        return
      }
      at += 4 + length
    }
  }

  /// Replaces the 32-bit sizes and offset that say "see ZIP64" with the 64-bit ones of the
  /// extra field, in the order the format gives them.
  private static func applyZIP64(_ extra: [UInt8], to entry: inout Entry) {
    var at = 0
    while at + 4 <= extra.count {
      let id = uint16(extra, at)
      let length = Int(uint16(extra, at + 2))
      let body = at + 4
      guard body + length <= extra.count else { return }
      if id == 0x0001 {
        var field = body
        func next() -> UInt64? {
          guard field + 8 <= body + length else { return nil }
          defer { field += 8 }
          return uint64(extra, field)
        }
        if entry.uncompressedSize == 0xFFFF_FFFF, let value = next() { entry.uncompressedSize = value }
        if entry.compressedSize == 0xFFFF_FFFF, let value = next() { entry.compressedSize = value }
        if entry.localHeaderOffset == 0xFFFF_FFFF, let value = next() { entry.localHeaderOffset = value }
        return
      }
      at = body + length
    }
  }

  /// Hands `consume` the bytes of `entry`, at most `chunkSize` at a time, and checks them
  /// against the directory's size and CRC. Reads no more than the entry's compressed bytes.
  ///
  /// An entry a cut archive ends in (not ``Entry/complete``) is handed over as far as its bytes
  /// go, then ``CutShort`` is thrown; its deflate data in chunks of ``cutChunkSize``, the last
  /// partial one left out (zlib is told a whole chunk is there, and what would fill it is no
  /// data of the file). Its deflate stream may also end before the file does (the sizes came
  /// after it, and the cut later): it is then whole, with no CRC to check it against.
  func stream(_ entry: Entry, chunkSize: Int = 1 << 20, _ consume: (Data) throws -> Void) throws {
    let header = try bytes(at: entry.localHeaderOffset, count: 30, "the entry's header")
    guard Self.uint32(header, 0) == 0x0403_4B50 else {
      throw Damage(description: "the header of \(entry.path) is damaged")
    }
    let dataOffset = Self.dataOffset(header, at: entry.localHeaderOffset)
    guard entry.complete else { return try streamCut(entry, from: dataOffset, consume) }
    guard dataOffset <= size, entry.compressedSize <= size - dataOffset else {
      throw Damage(description: "\(entry.path) runs past the end of the file (cut short?)")
    }
    var produced: UInt64 = 0
    func checked(_ data: Data) throws {
      produced += UInt64(data.count)
      guard produced <= entry.uncompressedSize else {
        throw Damage(
          description: "\(entry.path) unpacks to more than the \(entry.uncompressedSize) bytes it claims")
      }
      try consume(data)
    }
    /// The compressed bytes from `position`, never past the entry: once they are spent, the
    /// stream has not ended where the directory says it does, and that is damage, not a wait.
    func compressed(_ position: Int64, _ wanted: Int, padded: Bool) throws -> Data {
      guard position >= 0, UInt64(position) < entry.compressedSize, wanted > 0 else {
        throw Damage(description: "the compressed data of \(entry.path) ends before its stream does")
      }
      let count = Int(min(UInt64(wanted), entry.compressedSize - UInt64(position)))
      try handle.seek(toOffset: dataOffset + UInt64(position))
      var data = try handle.read(upToCount: count) ?? Data()
      guard data.count == count else { throw Damage(description: "\(entry.path) is cut short") }
      // ZIPFoundation's zlib loop tells inflate that `wanted` bytes are there whatever the chunk
      // holds, so a short last chunk is filled with zeros that exist, rather than memory beyond it.
      if padded, count < wanted { data.append(Data(count: wanted - count)) }
      return data
    }
    let crc: UInt32
    switch entry.method {
    case 0:
      var position: Int64 = 0
      var running: UInt32 = 0
      while UInt64(position) < entry.compressedSize {
        let data = try compressed(position, chunkSize, padded: false)
        position += Int64(data.count)
        running = data.crc32(checksum: running)
        try checked(data)
      }
      crc = running
    case 8:
      crc = try Self.inflating(entry) {
        try Data.decompress(
          size: Int64(entry.compressedSize), bufferSize: chunkSize, skipCRC32: false,
          provider: { position, wanted in
            #if canImport(Compression)
              try compressed(position, wanted, padded: false)
            #else
              try compressed(position, wanted, padded: true)
            #endif
          }, consumer: checked)
      }
    default:
      throw Self.unsupportedMethod(entry)
    }
    guard produced == entry.uncompressedSize else {
      throw Damage(
        description: "\(entry.path) unpacks to \(produced) bytes, not the \(entry.uncompressedSize) it claims"
      )
    }
    guard crc == entry.crc32 else { throw Damage(description: "\(entry.path) fails its checksum (damaged)") }
  }

  /// The compressed bytes handed over at a time from an entry a cut archive ends in: at most
  /// this much of what precedes the cut is lost.
  static let cutChunkSize = 4096

  private func streamCut(
    _ entry: Entry, from dataOffset: UInt64, _ consume: (Data) throws -> Void
  ) throws {
    guard dataOffset <= size else { throw CutShort() }
    let available = size - dataOffset
    switch entry.method {
    case 0:
      var position: UInt64 = 0
      while position < available {
        let count = Int(min(UInt64(1 << 20), available - position))
        try handle.seek(toOffset: dataOffset + position)
        let data = try handle.read(upToCount: count) ?? Data()
        guard !data.isEmpty else { break }
        position += UInt64(data.count)
        try consume(data)
      }
      throw CutShort()
    case 8:
      _ = try Self.inflating(entry) {
        try Data.decompress(
          size: Int64(clamping: available), bufferSize: Self.cutChunkSize, skipCRC32: true,
          provider: { position, wanted in
            guard position >= 0, wanted > 0, UInt64(position) + UInt64(wanted) <= available else {
              throw CutShort()
            }
            try handle.seek(toOffset: dataOffset + UInt64(position))
            let data = try handle.read(upToCount: wanted) ?? Data()
            guard data.count == wanted else { throw CutShort() }
            return data
          }, consumer: consume)
      }
    default:
      throw Self.unsupportedMethod(entry)
    }
  }

  /// What `inflate` returns, ZIPFoundation's inflate failure said as damage to `entry`: its
  /// type is internal, so its name is all that can be matched. This reader's own errors pass.
  private static func inflating<T>(_ entry: Entry, _ inflate: () throws -> T) throws -> T {
    do {
      return try inflate()
    } catch  where String(describing: type(of: error)) == "CompressionError" {
      throw Damage(description: "the deflate data of \(entry.path) is damaged (\(error))")
    }
  }

  private static func unsupportedMethod(_ entry: Entry) -> Damage {
    Damage(description: "\(entry.path) is packed with method \(entry.method), not stored or deflated")
  }
}
