import Foundation

/// Writes zip archives byte by byte, so that tests can build the shapes no zip tool writes:
/// ZIP64 records on a small file, an entry under any folder, and deflate streams that do not end
/// where the archive says.
public enum ZipBuilder {
  /// One entry: its name, the bytes as they lie in the archive, and what the directory claims.
  public struct Entry: Sendable {
    public var path: String
    public var method: UInt16
    public var packed: Data
    public var uncompressedSize: Int
    public var crc32: UInt32

    public init(path: String, method: UInt16, packed: Data, uncompressedSize: Int, crc32: UInt32) {
      self.path = path
      self.method = method
      self.packed = packed
      self.uncompressedSize = uncompressedSize
      self.crc32 = crc32
    }

    /// `content` stored as it is (method 0).
    public static func stored(_ path: String, _ content: Data) -> Entry {
      Entry(
        path: path, method: 0, packed: content, uncompressedSize: content.count,
        crc32: ZipBuilder.crc32(content))
    }

    /// `content` as deflate stored blocks (method 8), without compressing: the stream's shape
    /// is then known to the byte.
    public static func deflatedAsStoredBlocks(_ path: String, _ content: Data) -> Entry {
      var packed = Data()
      var offset = 0
      repeat {
        let length = min(65_535, content.count - offset)
        let final: UInt8 = offset + length == content.count ? 1 : 0
        packed.append(final)
        packed.append(contentsOf: ZipBuilder.le16(UInt16(length)) + ZipBuilder.le16(~UInt16(length)))
        packed.append(content[content.startIndex + offset..<content.startIndex + offset + length])
        offset += length
      } while offset < content.count
      return Entry(
        path: path, method: 8, packed: packed, uncompressedSize: content.count,
        crc32: ZipBuilder.crc32(content))
    }
  }

  /// The archive holding `entries`; with `zip64`, every size and offset is written as ZIP64
  /// extra fields and end records, as a tool writes them for archives over 4 GiB.
  public static func archive(_ entries: [Entry], zip64: Bool = false) -> Data {
    var body = Data()
    var directory = Data()
    for entry in entries {
      let name = Data(entry.path.utf8)
      let offset = body.count
      let extra =
        zip64
        ? le16(1) + le16(24) + le64(UInt64(entry.uncompressedSize)) + le64(UInt64(entry.packed.count))
          + le64(UInt64(offset))
        : []
      let size32 = { (value: Int) in zip64 ? UInt32.max : UInt32(value) }
      body.append(contentsOf: le32(0x0403_4B50) + le16(zip64 ? 45 : 20) + le16(0) + le16(entry.method))
      body.append(contentsOf: le16(0) + le16(0x21) + le32(entry.crc32))
      body.append(contentsOf: le32(size32(entry.packed.count)) + le32(size32(entry.uncompressedSize)))
      let localExtra =
        zip64
        ? le16(1) + le16(16) + le64(UInt64(entry.uncompressedSize)) + le64(UInt64(entry.packed.count)) : []
      body.append(contentsOf: le16(UInt16(name.count)) + le16(UInt16(localExtra.count)))
      body.append(name)
      body.append(contentsOf: localExtra)
      body.append(entry.packed)
      directory.append(contentsOf: le32(0x0201_4B50) + le16(zip64 ? 45 : 20) + le16(zip64 ? 45 : 20))
      directory.append(contentsOf: le16(0) + le16(entry.method) + le16(0) + le16(0x21) + le32(entry.crc32))
      directory.append(contentsOf: le32(size32(entry.packed.count)) + le32(size32(entry.uncompressedSize)))
      directory.append(contentsOf: le16(UInt16(name.count)) + le16(UInt16(extra.count)) + le16(0))
      directory.append(contentsOf: le16(0) + le16(0) + le32(0) + le32(size32(offset)))
      directory.append(name)
      directory.append(contentsOf: extra)
    }
    var archive = body
    let directoryOffset = archive.count
    archive.append(directory)
    if zip64 {
      let record = archive.count
      archive.append(contentsOf: le32(0x0606_4B50) + le64(44) + le16(45) + le16(45) + le32(0) + le32(0))
      archive.append(contentsOf: le64(UInt64(entries.count)) + le64(UInt64(entries.count)))
      archive.append(contentsOf: le64(UInt64(directory.count)) + le64(UInt64(directoryOffset)))
      archive.append(contentsOf: le32(0x0706_4B50) + le32(0) + le64(UInt64(record)) + le32(1))
      archive.append(contentsOf: le32(0x0605_4B50) + le16(0) + le16(0) + le16(0xFFFF) + le16(0xFFFF))
      archive.append(contentsOf: le32(UInt32.max) + le32(UInt32.max) + le16(0))
    } else {
      archive.append(contentsOf: le32(0x0605_4B50) + le16(0) + le16(0))
      archive.append(contentsOf: le16(UInt16(entries.count)) + le16(UInt16(entries.count)))
      archive.append(contentsOf: le32(UInt32(directory.count)) + le32(UInt32(directoryOffset)) + le16(0))
    }
    return archive
  }

  /// An `export.zip` whose one deflate stream does not end before the file does, laid out so
  /// that the bytes from the entry's data to the end of the file are exactly `chunk`: its last
  /// stored block claims 65,535 bytes and the file ends first. `xml` opens a comment that never
  /// closes, so an XML reader keeps waiting for more. A reader that asks for input until the
  /// stream ends is handed nothing, forever; ZIPFoundation 0.9's `extract` did that with 1 MiB
  /// chunks and hung.
  public static func runawayDeflate(xml: Data, chunk: Int = 1 << 20) -> Data {
    let name = Data("apple_health_export/export.xml".utf8)
    let tail = 46 + name.count + 22
    let dataLength = chunk - tail
    var blocks = dataLength / 65_540
    if dataLength - blocks * 65_540 - 5 < 0 { blocks -= 1 }
    let last = dataLength - blocks * 65_540 - 5
    var payload = xml
    payload.append(Data(repeating: UInt8(ascii: " "), count: blocks * 65_535 + last - xml.count))
    var packed = Data()
    for block in 0...blocks {
      packed.append(0)  // not the final block
      packed.append(contentsOf: le16(65_535) + le16(0))
      let start = block * 65_535
      packed.append(payload[start..<min(start + 65_535, payload.count)])
    }
    let entry = Entry(
      path: "apple_health_export/export.xml", method: 8, packed: packed, uncompressedSize: payload.count,
      crc32: crc32(payload))
    return archive([entry])
  }

  /// The CRC-32 that zip uses (IEEE 802.3, reflected).
  public static func crc32(_ data: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
  static func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
  static func le64(_ value: UInt64) -> [UInt8] {
    le32(UInt32(value & 0xFFFF_FFFF)) + le32(UInt32(value >> 32))
  }
}
