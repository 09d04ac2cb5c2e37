import Foundation
import SpotterCore

/// A progress line on stderr while a large export is read: how far, how fast, how long still.
///
/// Only on a terminal and only for files over ``threshold``: cron mails and logs get no carriage
/// returns, and a small file is read before a bar would help.
public final class ImportProgress: @unchecked Sendable {
  public static let threshold: Int64 = 50 * 1_000_000
  private let name: String
  private let words: ConsoleWords
  private let started = Date()
  private var shown = Date.distantPast
  private var drawn = false

  /// A bar for the file at `path` when stderr is a terminal and the file is large; else nil.
  public static func forFile(
    _ path: String, environment: [String: String], words: ConsoleWords = ConsoleWords(.en)
  ) -> ImportProgress? {
    guard isatty(STDERR_FILENO) == 1, environment["TERM"] != "dumb",
      let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)??.int64Value,
      size > threshold
    else { return nil }
    return ImportProgress(name: URL(fileURLWithPath: path).lastPathComponent, words: words)
  }

  /// A line for the pages of a first sync, on a terminal only.
  public static func forSync(environment: [String: String], words: ConsoleWords = ConsoleWords(.en))
    -> ImportProgress?
  {
    guard isatty(STDERR_FILENO) == 1, environment["TERM"] != "dumb" else { return nil }
    return ImportProgress(name: "hevy", words: words)
  }

  /// Draws "page 3 of 34, 30 workouts" at most five times a second.
  public func update(page: Int, of pages: Int, workouts: Int) {
    let now = Date()
    guard now.timeIntervalSince(shown) >= 0.2 || page >= pages else { return }
    shown = now
    let elapsed = max(now.timeIntervalSince(started), 0.001)
    let left = Double(pages - page) * elapsed / Double(max(page, 1))
    let line =
      "\r\(name): "
      + words.pick(
        "page \(page) of \(pages), \(workouts) workouts, \(Self.duration(left)) left ",
        "Seite \(page) von \(pages), \(workouts) Workouts, noch \(Self.duration(left)) ")
    FileHandle.standardError.write(Data(line.utf8))
    drawn = true
  }

  init(name: String, words: ConsoleWords = ConsoleWords(.en)) {
    self.name = name
    self.words = words
  }

  /// Draws the line for `read` of `total` bytes, at most five times a second.
  public func update(_ read: Int64, _ total: Int64) {
    let now = Date()
    guard now.timeIntervalSince(shown) >= 0.2 || read >= total else { return }
    shown = now
    let elapsed = max(now.timeIntervalSince(started), 0.001)
    let rate = Double(read) / elapsed
    let left = rate > 0 ? Double(total - read) / rate : 0
    let line = String(
      format: words.pick(
        "\r%@: %.0f of %.0f MB, %.0f MB/s, %@ left ", "\r%@: %.0f von %.0f MB, %.0f MB/s, noch %@ "),
      name, Double(read) / 1e6, Double(total) / 1e6, rate / 1e6, Self.duration(left))
    FileHandle.standardError.write(Data(line.utf8))
    drawn = true
  }

  /// Ends the line, so that what follows starts on a new one.
  public func finish() {
    if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
  }

  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    return whole >= 60 ? "\(whole / 60) min \(whole % 60) s" : "\(whole) s"
  }
}
