import CLibical
import Foundation
import SpotterCore

/// Every call into libical, in one place (the swift-system `Syscalls.swift` pattern).
///
/// Handles never leave a function: each component built here is owned by its parent once added,
/// and the root is freed with `defer`. Text is serialised with the `_r` variants, whose buffers
/// the caller owns and frees with `icalmemory_free_buffer`; the plain variants return libical's
/// ring buffer, which must not be freed.
enum Libical {
  /// Names Foundation and users give to UTC; libical has no VTIMEZONE for it.
  static let utcNames: Set<String> = [
    "UTC", "GMT", "Etc/UTC", "Etc/GMT", "Etc/Universal", "Universal", "Zulu",
  ]

}
