/// What kind of set a row records.
///
/// Strong writes `W`, `D` and `F` in place of the set number; Hevy has a `set_type` column.
public enum SetKind: String, Sendable, Hashable, Codable, CaseIterable {
  case normal
  case warmup
  case drop
  case failure
}
