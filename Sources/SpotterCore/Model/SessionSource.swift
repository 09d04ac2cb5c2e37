/// The app or format a session was imported from.
public enum SessionSource: String, Sendable, Hashable, Codable, CaseIterable {
  case strong
  case hevy
  case json
  case fitnotes
  case appleHealth = "apple-health"
  case fitbod
  case gymbook
  case jefit
}
