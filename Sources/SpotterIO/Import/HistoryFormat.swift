/// The history formats Spotter reads, detected from the header (or the first byte, for JSON).
public enum HistoryFormat: String, Sendable, Hashable, Codable {
  case strongCSV = "strong-csv"
  case hevyCSV = "hevy-csv"
  case nativeJSON = "json"
}
