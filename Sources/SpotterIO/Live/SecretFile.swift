import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a secret, such as an API key, from a file of its own: opened without following a
/// planted symlink, a regular file, at most a kilobyte, one line.
public enum SecretFile {
  /// The secret, and whether users other than its owner may read the file.
  public static func read(path: String) throws -> (secret: String, shared: Bool) {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason =
        errno == ELOOP ? "a symbolic link; name the key file itself" : String(cString: strerror(errno))
      throw SpotterIOError.io(path: path, reason: "cannot read the API key file (\(reason))")
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw SpotterIOError.io(path: path, reason: "the API key file is not a regular file")
    }
    var buffer = [UInt8](repeating: 0, count: 1025)
    #if canImport(Glibc)
      let count = Glibc.read(descriptor, &buffer, buffer.count)
    #else
      let count = Darwin.read(descriptor, &buffer, buffer.count)
    #endif
    guard count >= 0 else {
      throw SpotterIOError.io(
        path: path, reason: "cannot read the API key file (\(String(cString: strerror(errno))))")
    }
    guard count <= 1024 else {
      throw SpotterIOError.io(
        path: path, reason: "the API key file is over a kilobyte; it should hold the key alone")
    }
    let secret = String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
    guard !secret.isEmpty, !secret.contains(where: \.isNewline) else {
      throw SpotterIOError.io(path: path, reason: "the API key file should hold the key on one line")
    }
    return (secret, info.st_mode & (S_IRGRP | S_IROTH) != 0)
  }
}
