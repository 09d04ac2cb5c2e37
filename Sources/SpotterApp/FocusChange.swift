import Foundation
import SpotterCore

/// What a `focus` command changed, for its text and JSON output.
public struct FocusChange: Sendable, Encodable {
  /// `added`, `moved`, `removed` or `imported`.
  public var action: String
  public var blocks: [FocusListItem]
  /// The alerts the change wrote, with their revision (cancelled ones for a removal).
  public var alerts: [PlanView.Item]
  /// Overlaps with planned workouts, and TZIDs that had to fall back to the configured zone.
  public var warnings: [String]
  public var calendarPath: String
  public var agendaPath: String
  /// For `imported`: what became of every event of the file.
  public var counts: FocusImportCounts?
}
