import Foundation

#if canImport(Glibc)
  import Glibc
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  import Darwin
  private let systemWrite = Darwin.write
#endif

/// Buffered writes to an open file descriptor, for outputs streamed piece by piece: memory stays
/// one buffer, however long the file.
public final class FileSink {
  private let descriptor: Int32
  private let path: String
  private var buffer: [UInt8] = []
  /// Flushed to the descriptor when it reaches this many bytes.
  static let capacity = 64 * 1024

  init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
    buffer.reserveCapacity(Self.capacity)
  }

  public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
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

  /// Writes the buffer out.
  func flush() throws {
    guard !buffer.isEmpty else { return }
    try buffer.withUnsafeBufferPointer { try writeAll($0) }
    buffer.removeAll(keepingCapacity: true)
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
