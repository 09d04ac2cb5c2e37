import Foundation
import SpotterCore
import SpotterIO

/// One writing command's transaction, under the store's lock: the only place that plans from a
/// snapshot, publishes both outputs and saves the command's change inside the store transaction
/// they commit with (``Workspace/change(outputDirectory:existing:_:)``).
///
/// A command reads and decides through ``store``, then ends with ``plan(_:overrides:save:)``
/// (a change the planner must see: a skip, a session mark, focus blocks, an undone `done`) or
/// ``revise(_:save:)`` (new revisions of stored reminders: a snooze, a `done`).
public struct StoreChange {
  /// The store, locked for the whole change.
  public let store: Store
  let workspace: Workspace
  let outputDirectory: String
  /// Whether failed post-commit sinks (the crontab block, the vdir) are said on stderr, or only
  /// kept in the ``Publication``, as the nightly run's report does.
  var noticingSinkFailures = true

  init(store: Store, workspace: Workspace, outputDirectory: String) {
    self.store = store
    self.workspace = workspace
    self.outputDirectory = outputDirectory
  }

  /// Plans `request` from one snapshot, with `overrides` in place of what `save` is about to
  /// store, and publishes both outputs with `save` inside the store transaction.
  ///
  /// - Parameters:
  ///   - materialized: the outcome holds every repeating focus alert, for a command that shows
  ///     them; the nightly run streams them instead.
  ///   - keepingChanges: the publication keeps each record's change by UID.
  ///   - reading: is shown the snapshot the plan is made from, before anything is published.
  ///   - save: stores the command's change with the outcome's new revisions and findings.
  @discardableResult
  public func plan(
    _ request: HorizonRequest, overrides: PlanOverrides = .none, materialized: Bool = true,
    keepingChanges: Bool = false, reading: (PlanSnapshot) -> Void = { _ in },
    save: (PlanOutcome) throws -> Void
  ) throws -> (outcome: PlanOutcome, publication: Publication) {
    var outcome = try NightlyRunner(workspace: workspace).plan(
      store: store, request: request, overrides: overrides, reading: reading)
    if materialized { outcome = try outcome.materialized() }
    let publication = try OutputPublisher(workspace: workspace, noticingSinkFailures: noticingSinkFailures)
      .publish(outcome, store: store, outputDirectory: outputDirectory, keepingChanges: keepingChanges) {
        [outcome] in try save(outcome)
      }
    return (outcome, publication)
  }

  /// Publishes the stored reminders from today on with `changed` in place of their revisions,
  /// and `save` inside the store transaction: new revisions that need no plan.
  @discardableResult
  public func revise(_ changed: [ReminderRecord], save: () throws -> Void) throws -> Publication {
    let publisher = OutputPublisher(workspace: workspace, noticingSinkFailures: noticingSinkFailures)
    return try publisher.publish(
      records: try publisher.storedRecords(store: store, replacing: changed), store: store,
      outputDirectory: outputDirectory, save: save)
  }
}
