import Foundation
import SpotterCore
import SpotterIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where this process's binary is, as the crontab and timers must name it: the path it was run
/// by when that path leads to this very binary (and a crontab line can hold it: no line break),
/// else the binary itself, links resolved.
///
/// The path run by is kept because it is the one that outlives an upgrade. A package manager
/// links a stable name to a versioned file (Homebrew's `/opt/homebrew/bin/spotter` to
/// `Cellar/spotter/1.2/bin/spotter`, Nix's `~/.nix-profile/bin/spotter` to
/// `/nix/store/…-spotter-1.2/bin/spotter`) and removes the old version after an upgrade, when a
/// line naming the versioned file fails every night from then on: even the nightly `spotter run`
/// that would write the lines again.
public enum ExecutablePath {
  /// The path for crontab lines; nil when the system does not say where the binary is.
  ///
  /// - Parameters:
  ///   - procSelf: the kernel's link to the running binary.
  ///   - invokedAs: the program's first argument, `argv[0]`: a path when it holds a slash,
  ///     otherwise a name looked up along `searchPath` as the shell and `execvp` look it up.
  ///   - searchPath: `$PATH` (nil: this process's); its relative entries are skipped, since cron
  ///     runs elsewhere.
  ///   - workingDirectory: what a relative `invokedAs` is relative to (nil: this process's).
  ///
  /// The environment and the working folder are read only when `invokedAs` needs them: built as
  /// defaults, Foundation's whole environment and a URL's standardising cost every command
  /// 0.4 million instructions, and a batch 0.9 million.
  public static func current(
    procSelf: String = "/proc/self/exe", invokedAs: String? = CommandLine.arguments.first,
    searchPath: String? = nil, workingDirectory: String? = nil
  ) -> String? {
    guard let binary = resolved(procSelf: procSelf) else { return nil }
    guard let invokedAs, !invokedAs.isEmpty,
      let candidate = invocationPath(invokedAs, searchPath: searchPath, workingDirectory: workingDirectory),
      candidate != binary, !candidate.hasLineBreak, isSameFile(candidate, binary)
    else { return binary }
    return candidate
  }

  /// The running binary with links resolved.
  ///
  /// On Linux the kernel's `/proc/self/exe`, one `readlink`. Foundation's `Bundle.main` reads the
  /// binary's whole folder, twice, looking for a bundle around it: run from a folder of 5,000
  /// files (`/usr/bin` holds 1,100 on a small Debian), an unchanged nightly run took 36.4 ms
  /// instead of 29.8 (hyperfine, 2-core machine). It stays the way where `/proc` is not mounted,
  /// and on macOS.
  static func resolved(procSelf: String) -> String? {
    #if os(Linux)
      // The link read as `SystemTimeZone` reads `/etc/localtime`'s.
      if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: procSelf), !path.isEmpty {
        // A binary an upgrade replaced while it ran reads "PATH (deleted)": the new one at PATH
        // is what cron must run.
        return path.hasSuffix(Self.deleted) ? String(path.dropLast(Self.deleted.count)) : path
      }
    #endif
    return Bundle.main.executablePath.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
  }

  /// The running binary's file identity (``AtomicFileWriter/identity(ofRegularFile:followingLinks:)``),
  /// once a process: asked of the kernel's link on Linux, which leads to the very file running even
  /// when an upgrade has replaced the one at its path; as ``resolved(procSelf:)`` finds it elsewhere.
  static let identity: String? = {
    #if os(Linux)
      if let identity = AtomicFileWriter.identity(ofRegularFile: "/proc/self/exe", followingLinks: true) {
        return identity
      }
    #endif
    return resolved(procSelf: "/proc/self/exe").flatMap {
      AtomicFileWriter.identity(ofRegularFile: $0, followingLinks: true)
    }
  }()

  /// What Linux appends to the link of a process whose binary was removed.
  static let deleted = " (deleted)"

  /// The absolute path `argv[0]` stands for, standardised but with its links kept; nil when it
  /// names no executable file by an absolute path.
  static func invocationPath(_ invokedAs: String, searchPath: String?, workingDirectory: String?) -> String? {
    if invokedAs.contains("/") {
      let absolute =
        invokedAs.hasPrefix("/")
        ? invokedAs : (workingDirectory ?? FileManager.default.currentDirectoryPath) + "/" + invokedAs
      guard absolute.hasPrefix("/") else { return nil }
      return Workspace.isStandardAbsolute(absolute) ? absolute : lexicallyStandardized(absolute)
    }
    let path = searchPath ?? getenv("PATH").map { String(cString: $0) } ?? ""
    // The first entry holding an executable of that name is the one a shell ran.
    for directory in path.split(separator: ":", omittingEmptySubsequences: true)
    where directory.hasPrefix("/") {
      let path = lexicallyStandardized(String(directory) + "/" + invokedAs)
      if access(path, X_OK) == 0 { return path }
    }
    return nil
  }

  /// `path` with `.`, `..` and doubled slashes read lexically. Not `standardizedFileURL`, which
  /// on Linux resolves the links of a path holding `..`: the link is what must be kept.
  static func lexicallyStandardized(_ path: String) -> String {
    URL(fileURLWithPath: path).standardized.path
  }

  /// Whether `path` (links followed) and `binary` are one file: the same device and inode, so a
  /// hard link counts and a different binary of the same name does not.
  static func isSameFile(_ path: String, _ binary: String) -> Bool {
    var first = stat()
    var second = stat()
    guard stat(path, &first) == 0, stat(binary, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }
}
