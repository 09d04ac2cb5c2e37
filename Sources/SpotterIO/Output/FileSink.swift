import Foundation

#if canImport(Glibc)
  import Glibc
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  import Darwin
  private let systemWrite = Darwin.write
#endif

/// Buffered writes to a file, for outputs streamed piece by piece: memory stays one buffer,
/// however long the file.
///
/// A sink made with the bytes of the file it would replace compares instead of writing, for as
/// long as what it is given equals them: the file it writes to is created only at the first
/// difference, so an unchanged night creates, writes and removes no temporary at all.
public final class FileSink {
  /// The open file; -1 until it is created.
  private(set) var descriptor: Int32 = -1
  /// The file its errors name: the target a temporary stands for.
  private let path: String
  private let create: () throws -> Int32
  private var buffer: [UInt8] = []
  /// The bytes of the file this sink's would replace, while everything given so far is a prefix
  /// of them; nil once the two differ, or when nothing is compared.
  private var original: [UInt8]?
  /// How many of ``original``'s bytes were given so far.
  private var matched = 0
  /// Flushed to the descriptor when it reaches this many bytes.
  static let capacity = 64 * 1024

  /// A sink that writes to the file `create` opens at `path`: at once, or when `original` is
  /// given, at the first byte that differs from it.
  init(path: String, comparingWith original: [UInt8]? = nil, create: @escaping () throws -> Int32) throws {
    self.path = path
    self.create = create
    self.original = original
    if original == nil { try open() }
  }

  /// Whether every byte given equals the compared file's, and all of them were given.
  var isUnchanged: Bool { original.map { matched == $0.count } ?? false }

  public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    // Nothing to write, nor to compare: and an empty buffer may have no address at all.
    guard !bytes.isEmpty else { return }
    if let original {
      // Both non-empty here, so both have an address.
      if matched + bytes.count <= original.count,
        original.withUnsafeBufferPointer({
          memcmp($0.baseAddress! + matched, bytes.baseAddress!, bytes.count) == 0
        })
      {
        matched += bytes.count
        return
      }
      try diverge()
    }
    if buffer.count + bytes.count > Self.capacity { try flush() }
    if bytes.count >= Self.capacity {
      try writeAll(bytes)
    } else {
      buffer.append(contentsOf: bytes)
    }
  }

  public func write(_ text: String) throws {
    var text = text
    try text.withUTF8 { try write($0) }
  }

  /// Ends the writes: a sink still comparing whose bytes turned out shorter than the file's
  /// writes them now; one equal to it writes nothing. Then writes the buffer out.
  func finish() throws {
    if original != nil, !isUnchanged { try diverge() }
    try flush()
  }

  /// Writes the buffer out.
  func flush() throws {
    guard !buffer.isEmpty else { return }
    try buffer.withUnsafeBufferPointer { try writeAll($0) }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Creates the file and writes into it the prefix that matched so far.
  private func diverge() throws {
    guard let original else { return }
    self.original = nil
    try open()
    try original.withUnsafeBufferPointer { try writeAll(UnsafeBufferPointer(rebasing: $0[..<matched])) }
  }

  private func open() throws {
    descriptor = try create()
    buffer.reserveCapacity(Self.capacity)
  }

  private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    var written = 0
    while written < bytes.count {
      let result = systemWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
      if result < 0 {
        if errno == EINTR { continue }
        throw SpotterIOError.io(path: path, reason: "cannot write: \(String(cString: strerror(errno)))")
      }
      written += result
    }
  }
}
