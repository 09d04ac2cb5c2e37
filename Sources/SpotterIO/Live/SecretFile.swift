import Foundation
import SpotterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a secret, such as an API key, from a file of its own: a regular file, at most a
/// kilobyte, one line, reached without following any symbolic link someone may have planted.
///
/// The path is walked a component at a time with `openat(…, O_NOFOLLOW)`, so a link anywhere in
/// it, not only at its end, is refused rather than followed; the one exception is a link directly
/// under `/`, which only the system's administrator can place (macOS's `/tmp` and `/var`). The
/// file itself is opened with `O_NONBLOCK`, so a FIFO named as the key file is refused at once
/// instead of blocking the nightly run until a writer comes.
public enum SecretFile {
  /// The secret, and whether users other than its owner may read the file.
  public static func read(path: String) throws -> (secret: String, shared: Bool) {
    let descriptor = try openWithoutLinks(path)
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw SpotterIOError.io(
        path: path, reason: "the API key file is \(InputFile.describe(info.st_mode & S_IFMT))")
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
        path: path,
        reason: Phrase(
          "the API key file is over a kilobyte; it should hold the key alone",
          de:
            "die Datei mit dem API-Schlüssel ist größer als ein Kilobyte; sie sollte nur den Schlüssel enthalten"
        ))
    }
    // A byte-order mark is how Windows' Notepad saves UTF-8: it is no part of the key, and sent
    // in the header it made the key refused (77) with nothing to say why.
    var text = String(decoding: buffer[..<count], as: UTF8.self)
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    let secret = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !secret.isEmpty, !secret.contains(where: \.isNewline) else {
      throw SpotterIOError.io(
        path: path,
        reason: Phrase(
          "the API key file should hold the key on one line",
          de: "die Datei mit dem API-Schlüssel sollte den Schlüssel in einer Zeile enthalten"))
    }
    // Said by its place and code point, never with the key around it.
    if let (offset, scalar) = secret.unicodeScalars.enumerated().first(where: {
      !(0x21...0x7E).contains($0.element.value)
    }) {
      let hex = String(scalar.value, radix: 16, uppercase: true)
      let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      throw SpotterIOError.io(
        path: path,
        reason: Phrase(
          "the API key holds a character no API key has (\(code) at character \(offset + 1))",
          de:
            "der API-Schlüssel enthält ein Zeichen, das kein API-Schlüssel hat (\(code) an Zeichen \(offset + 1))"
        ))
    }
    return (secret, info.st_mode & (S_IRGRP | S_IROTH) != 0)
  }

  /// A read-only, non-blocking descriptor of `path`, reached one component at a time.
  static func openWithoutLinks(_ path: String) throws -> Int32 {
    func failure(_ reason: String) -> SpotterIOError {
      .io(path: path, reason: "cannot read the API key file (\(reason))")
    }
    let absolute = path.hasPrefix("/")
    let components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    guard let last = components.last, last != ".", last != ".." else {
      throw failure("not a file name")
    }
    var directory = open(absolute ? "/" : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directory >= 0 else { throw failure(String(cString: strerror(errno))) }
    var walked = absolute ? "" : "."
    for (index, component) in components.dropLast().enumerated() {
      var next = openat(directory, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      if next < 0, isLink(directory, component) {
        guard absolute && index == 0 else {
          close(directory)
          throw failure("'\(walked)/\(component)' is a symbolic link; name the key file by its real path")
        }
        next = openat(directory, component, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      }
      let problem = errno
      close(directory)
      guard next >= 0 else { throw failure(String(cString: strerror(problem))) }
      directory = next
      walked += "/" + component
    }
    defer { close(directory) }
    let descriptor = openat(directory, last, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let problem = errno
      if isLink(directory, last) { throw failure("a symbolic link; name the key file itself") }
      throw failure(String(cString: strerror(problem)))
    }
    return descriptor
  }

  private static func isLink(_ directory: Int32, _ name: String) -> Bool {
    var info = stat()
    return fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK
  }
}
