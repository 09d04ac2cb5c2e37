import Foundation
import SpotterIO

/// What the nightly run read: the files to import (with the fingerprints to keep for them), the
/// ones unchanged since their last import, and the sources that failed.
public struct NightlyReading: Sendable {
  public var files: [ReadHistory] = []
  public var fingerprints: [String: String] = [:]
  public var unchanged: [String] = []
  public var failures: [ImportFailure] = []
}
