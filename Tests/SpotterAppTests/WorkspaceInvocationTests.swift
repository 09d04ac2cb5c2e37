import Foundation
import Testing

@testable import SpotterApp

/// A path handed to a crontab line, a run log's name or an import's fingerprint is spelt as
/// Foundation standardises it, whether or not the short way was taken.
@Suite struct WorkspaceInvocationTests {
  static let paths = [
    "/", "/a", "/home/u/.config/spotter/config.toml", "/srv/users/u00042/db.sqlite", "/a/b c/d",
    "/a/100%/b", "/a/~b/#c?d;e", "/a/b.c/d.e", "/a/b./c", "/a/b..c", "/.hidden", "/a/.hidden/b",
    "/a/./b", "/a/../b", "/a/b/..", "/a/b/.", "//a", "/a//b", "/a/b/", "/a/b//", "/private/var/x",
    "/privatex/y", "/a/ünï/cödé", "/a/\u{7F}b", "/a/b\tc", "relative/path", "./x", "../y", "x/../z", "",
  ]

  @Test func theShortWayIsFoundationsSpelling() {
    for path in Self.paths where !path.isEmpty {
      #expect(Workspace.absolute(path) == URL(fileURLWithPath: path).standardizedFileURL.path, "\(path)")
    }
  }

  @Test func onlyPathsStandardisingLeavesAloneTakeTheShortWay() {
    let short = Self.paths.filter(Workspace.isStandardAbsolute)
    #expect(
      short == [
        "/", "/a", "/srv/users/u00042/db.sqlite", "/a/b c/d", "/a/100%/b", "/a/~b/#c?d;e", "/a/b.c/d.e",
        "/a/b./c", "/a/b..c",
      ])
    #expect(!short.contains { $0.contains("/.") || $0.contains("//") || $0.hasPrefix("/private") })
    for path in short { #expect(Workspace.absolute(path) == path) }
  }
}
