import Foundation
import SpotterCore

/// What an import passed over without refusing the file: sets whose weight or reps no person
/// can have done (`877777` reps, which the app accepted), in an export whose structure is the
/// app's. One person's typo must not cost their whole history; the set is left out of records,
/// overload and learning, its session is kept, and each is said with `file:line`, column and value.
public final class ImportFindings: @unchecked Sendable {
  private let lock = NSLock()
  private var passedOver: [SpotterIOError] = []
  private var sets = 0
  private var records = 0
  private var recordsPassedOver: [SpotterIOError] = []

  public init() {}

  /// `body` with the lock held: two importer threads note into one file's findings.
  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }

  /// The sets left out, as the errors a strict import would have refused the file with.
  public var impossibleSets: [SpotterIOError] { locked { passedOver } }

  /// How many set rows were read in all.
  public var setRows: Int { locked { sets } }

  func countSet() { locked { sets += 1 } }

  func passOver(_ error: SpotterIOError) { locked { passedOver.append(error) } }

  /// Workouts left out whole (Apple Health's, which other apps write into Health: one whose end
  /// is before its start), as the errors a strict import would have refused the file with.
  public var leftOutWorkouts: [SpotterIOError] { locked { recordsPassedOver } }

  func countRecord() { locked { records += 1 } }

  func passOverRecord(_ error: SpotterIOError) { locked { recordsPassedOver.append(error) } }

  /// Damage that cost nothing read (an Apple Health export cut off after its last workout):
  /// said, never counted against the file.
  private var harmless: [SpotterIOError] = []

  func noteHarmless(_ error: SpotterIOError) { locked { harmless.append(error) } }

  /// When more than this share of the sets are impossible, the file is misread rather than
  /// mistyped (a unit column taken for reps), and it is refused as before.
  static let mostImpossibleShare = 0.2

  /// Refuses the file with its first impossible set when too many are, else says nothing.
  public func check() throws {
    let skipped = impossibleSets
    if let first = skipped.first, Double(skipped.count) > Double(max(setRows, 1)) * Self.mostImpossibleShare {
      throw first
    }
    let (left, counted) = locked { (recordsPassedOver, records) }
    if let first = left.first, Double(left.count) > Double(max(counted, 1)) * Self.mostImpossibleShare {
      throw first
    }
  }

  /// One note per set left out, the first few, then how many more, in `language`.
  func notes(_ language: Language = .en) -> [String] {
    let de = language == .de
    let strict = de ? " (import --strict lehnt die Datei ab)" : " (import --strict refuses the file)"
    let skipped = impossibleSets
    var notes = skipped.prefix(5).map { error in
      if case .fieldCount = error {
        return error.message(language) + (de ? "; die Zeile bleibt weg" : "; the row is left out") + strict
      }
      return error.message(language)
        + (de ? "; der Satz bleibt weg, seine Einheit bleibt" : "; the set is left out, its session kept")
        + strict
    }
    if skipped.count > 5 {
      notes.append(
        de
          ? "\(skipped.count - 5) weitere unmögliche Sätze weggelassen"
          : "\(skipped.count - 5) more impossible sets left out")
    }
    let workouts = leftOutWorkouts
    notes += workouts.prefix(5).map {
      $0.message(language) + (de ? "; das Training bleibt weg" : "; the workout is left out") + strict
    }
    if workouts.count > 5 {
      notes.append(
        de
          ? "\(workouts.count - 5) weitere Trainings weggelassen"
          : "\(workouts.count - 5) more workouts left out")
    }
    notes += locked { harmless }.map {
      $0.message(language) + (de ? "; alles davor ist gelesen" : "; everything before it is read") + strict
    }
    return notes
  }
}
