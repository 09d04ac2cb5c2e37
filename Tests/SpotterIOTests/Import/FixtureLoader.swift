import Foundation
import SpotterCore
import SpotterIO
import _SpotterTestSupport

/// Reads the sample files in `Fixtures/` through the real importer.
enum FixtureLoader {
  static func url(_ name: String) -> URL {
    Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!
  }

  static func importer(unit: WeightUnit = .kilograms) -> HistoryImporter {
    HistoryImporter(clock: TestZones.berlinClock, defaultUnit: unit)
  }

  static func read(_ name: String, unit: WeightUnit = .kilograms) throws -> (HistoryFormat, [Session]) {
    try importer(unit: unit).read(path: url(name).path)
  }

  /// Parses `text` as the nightly run reads a file called `name`: what a typo costs (a set, a
  /// workout) is left out and noted in the findings returned; past a fifth of them it throws.
  static func parseNoting(_ text: String, name: String) throws -> (
    sessions: [Session], findings: ImportFindings
  ) {
    let findings = ImportFindings()
    let (_, sessions) = try importer().parse(Data(text.utf8), fileName: name, findings: findings)
    return (sessions, findings)
  }

  /// Parses inline CSV or JSON text as if it were a file called `name`.
  static func parse(_ text: String, name: String = "history.csv") throws -> (HistoryFormat, [Session]) {
    try importer().parse(Data(text.utf8), fileName: name)
  }
}
