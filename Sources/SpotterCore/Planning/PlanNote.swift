/// Why a day in the horizon got no reminder, shown by `spotter plan`.
public struct PlanNote: Sendable, Hashable, Codable {
  public var date: LocalDate
  public var text: String

  public init(date: LocalDate, text: String) {
    self.date = date
    self.text = text
  }
}
