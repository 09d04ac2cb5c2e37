/// Names as small integers, each string once: the name predictor counts and compares the names
/// of a history thousands of times a night (and a replay many more), where hashing each string
/// every time was most of its cost.
struct NameTable: Sendable {
  private var ids: [String: Int] = [:]
  /// The names, by id.
  private(set) var strings: [String] = []
  /// Each name's numbers (``WorkoutNamePredictor/numbers(_:)``), by id, read once: a replay
  /// compares the numbers of every pair of workouts of a shape, a parse of both names each time.
  private(set) var numbers: [[Int]?] = []

  /// The id of `name`, given it on first sight.
  mutating func id(_ name: String) -> Int {
    if let id = ids[name] { return id }
    ids[name] = strings.count
    strings.append(name)
    numbers.append(WorkoutNamePredictor.numbers(name))
    return strings.count - 1
  }
}
