import Foundation
import SpotterCore
import SpotterIO

/// Reads exports for `import` and the nightly run: files, folders and globs, with this
/// invocation's zone, weight unit and Apple Health types, a progress line for large files, and
/// the fingerprints that let a nightly run skip a file it imported unchanged.
public struct HistoryReadingService: Sendable {
  public let workspace: Workspace

  public init(workspace: Workspace) {
    self.workspace = workspace
  }

  /// Reads what each source names, going on past the ones that fail: the nightly run imports
  /// every file that parses (each file is still all or nothing) and reports the others. A file
  /// whose size, modification time and content hash match its last import, read with the same
  /// settings, is not parsed again, and one whose identity matches it is not even read
  /// (``FileFingerprint``).
  public func readKeepingGoing(_ sources: [String]) -> NightlyReading {
    let importer = historyImporter
    let known = workspace.importFingerprints
    // The settings that change what a file's sessions are.
    let context = [
      "importer \(HistoryImporter.revision)", importer.clock.identifier, importer.defaultUnit.rawValue,
      importer.appleHealthTypes.joined(separator: ","), importer.dateOrder?.rawValue ?? "",
    ].joined(separator: "|")
    var reading = NightlyReading()
    func fail(_ source: String, _ error: any Error) {
      reading.failures.append(
        ImportFailure(
          source: source, message: ExitStatus.message(for: error, workspace.words),
          exitCode: ExitStatus.code(for: error)))
    }
    for source in sources {
      do {
        for path in try historySources.files([source])
        where !reading.files.contains(where: { $0.path == path }) && !reading.unchanged.contains(path) {
          do {
            let key = Workspace.absolute(path)
            let fingerprint = try FileFingerprint.text(of: path, context: context, known: known[key])
            if let stored = known[key], FileFingerprint.sameContent(stored, fingerprint) {
              reading.unchanged.append(path)
              // The same bytes under a new identity: kept, so the next night need not read them.
              if stored != fingerprint { reading.fingerprints[key] = fingerprint }
              continue
            }
            reading.files.append(try read(path, with: importer))
            reading.fingerprints[key] = fingerprint
          } catch {
            fail(path, error)
          }
        }
      } catch {
        fail(source, error)
      }
    }
    return reading
  }

  /// Reads every file before anything is stored, so one bad file leaves the store untouched;
  /// folders and globs become the newest export of each app in them (``HistorySources``).
  public func read(_ paths: [String], strict: Bool = false) throws -> [ReadHistory] {
    var importer = historyImporter
    importer.strict = strict
    return try historySources.files(paths).map { path in try read(path, with: importer) }
  }

  /// The importer for this invocation's zone, weight unit and Apple Health types.
  var historyImporter: HistoryImporter {
    let settings = workspace.settings
    var importer = HistoryImporter(
      clock: workspace.clock, defaultUnit: settings.weightUnit,
      appleHealthTypes: settings.appleHealthTypes ?? AppleHealthImporter.defaultActivityTypes)
    importer.dateOrder = settings.dateOrder
    importer.language = settings.language
    return importer
  }

  /// Files, folders and globs as history sources, `~/` being this invocation's `HOME`.
  var historySources: HistorySources { HistorySources(home: workspace.options.environment["HOME"]) }

  /// One file, with a progress line on a terminal when it is a large one.
  func read(_ path: String, with importer: HistoryImporter) throws -> ReadHistory {
    let progress = ImportProgress.forFile(
      path, environment: workspace.options.environment, words: workspace.words)
    defer { progress?.finish() }
    let (format, sessions, notes, impossible, leftOut) = try importer.readPackedCounting(
      path: path, progress: progress.map { bar in { bar.update($0, $1) } })
    for note in notes { workspace.notices.add(workspace.words.note(note)) }
    if let note = laterThanNowNote(sessions, path: path) { workspace.notices.add(workspace.words.note(note)) }
    return ReadHistory(
      path: path, format: format, sessions: sessions, impossibleSets: impossible, leftOutWorkouts: leftOut)
  }

  /// Sessions that start more than a day after now are kept, but no night learns from them
  /// before their day comes: a phone whose clock or year was set wrong (`2062` for `2026`) is
  /// said so once, when the file is read, instead of its sessions waiting unseen for decades.
  /// A day of slack covers any zone a phone may have written a time in.
  func laterThanNowNote(_ sessions: [PackedSession], path: String) -> String? {
    let limit = workspace.now.addingTimeInterval(86_400)
    var count = 0
    var first: Date?
    for packed in sessions where packed.session.start > limit {
      count += 1
      if first.map({ packed.session.start < $0 }) ?? true { first = packed.session.start }
    }
    guard let first else { return nil }
    let when = workspace.clock.local(first).minuteText
    return count == 1
      ? workspace.words.pick(
        "\(path): a session starts after now, on \(when): kept, and learned from when that day comes (a phone's clock set wrong?)",
        "\(path): eine Einheit beginnt nach jetzt, am \(when): behalten, und erst an diesem Tag gelernt (eine falsch gestellte Uhr?)"
      )
      : workspace.words.pick(
        "\(path): \(count) sessions start after now, the first on \(when): kept, and learned from when their day comes (a phone's clock set wrong?)",
        "\(path): \(count) Einheiten beginnen nach jetzt, die erste am \(when): behalten, und erst an ihrem Tag gelernt (eine falsch gestellte Uhr?)"
      )
  }
}
