import Foundation

/// Writes one history in each supported format, for tests that must hold whatever the source.
enum HistoryWriter {
  /// A session: local start "YYYY-MM-DD HH:MM" (Europe/Berlin), one hour long, with
  /// (exercise, [(kg, reps)]) working sets.
  struct Session {
    var start: String
    var name = "Push Day"
    var exercises: [(String, [(Double, Int)])]
  }

  static func write(_ sessions: [Session], format: String, to path: String) throws {
    var lines: [String] = []
    switch format {
    case "strong":
      lines.append(
        "\"Workout #\";\"Date\";\"Workout Name\";\"Duration (sec)\";\"Exercise Name\";\"Set Order\";\"Weight (kg)\";"
          + "\"Reps\";\"RPE\";\"Distance (meters)\";\"Seconds\";\"Notes\";\"Workout Notes\"")
      for (index, session) in sessions.enumerated() {
        for (name, sets) in session.exercises {
          lines.append(
            "\"\(index + 1)\";\"\(session.start):00\";\"\(session.name)\";\"3600\";\"\(name)\";\"Rest Timer\";\"\";\"\";\"\";"
              + "\"\";\"120.0\";\"\";\"\"")
          for (order, set) in sets.enumerated() {
            lines.append(
              "\"\(index + 1)\";\"\(session.start):00\";\"\(session.name)\";\"3600\";\"\(name)\";\"\(order + 1)\";"
                + "\"\(set.0)\";\"\(set.1)\";\"\";\"\";\"\";\"\";\"\"")
          }
        }
      }
    case "hevy":
      lines.append(
        "\"title\",\"start_time\",\"end_time\",\"description\",\"exercise_title\",\"superset_id\",\"exercise_notes\","
          + "\"set_index\",\"set_type\",\"weight_kg\",\"reps\",\"distance_km\",\"duration_seconds\",\"rpe\"")
      for session in sessions {
        let (start, end) = (hevyTime(session.start, plusHours: 0), hevyTime(session.start, plusHours: 1))
        for (name, sets) in session.exercises {
          lines.append("\"Push Day\",\"\(start)\",\"\(end)\",\"\",\"\(name)\",,\"\",0,\"warmup\",20,10,,,")
          for (order, set) in sets.enumerated() {
            lines.append(
              "\"Push Day\",\"\(start)\",\"\(end)\",\"\",\"\(name)\",,\"\",\(order + 1),\"normal\",\(set.0),\(set.1),,,"
            )
          }
        }
      }
    default:
      let objects = sessions.map { session -> String in
        let start = session.start.replacingOccurrences(of: " ", with: "T")
        let hour = Int(start.dropFirst(11).prefix(2))! + 1
        let end = start.prefix(11) + String(format: "%02d", hour) + start.dropFirst(13)
        // Typed: with the executable's module imported into these tests, GRDB's `SQL` is a
        // string literal's type too, and the joined list would be its description.
        let exercises = session.exercises.map { name, sets -> String in
          let list = sets.map { "{\"weight\": \($0.0), \"reps\": \($0.1)}" }.joined(separator: ", ")
          return
            "{\"name\": \"\(name)\", \"sets\": [{\"weight\": 20, \"reps\": 10, \"kind\": \"warmup\"}, \(list)]}"
        }.joined(separator: ", ")
        return "{\"id\": \"j-\(start)\", \"workout_name\": \"Push Day\", \"start\": \"\(start):00\", "
          + "\"end\": \"\(end):00\", \"exercises\": [\(exercises)]}"
      }
      lines.append("{\"weight_unit\": \"kg\", \"sessions\": [\(objects.joined(separator: ",\n"))]}")
    }
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
  }

  /// "2026-11-23 18:00" → "23 Nov 2026, 18:00" (plus hours).
  static func hevyTime(_ local: String, plusHours: Int) -> String {
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    let parts = local.split(separator: " ")
    let date = parts[0].split(separator: "-")
    let time = parts[1].split(separator: ":")
    let hour = Int(time[0])! + plusHours
    return
      "\(Int(date[2])!) \(months[Int(date[1])! - 1]) \(date[0]), \(String(format: "%02d", hour)):\(time[1])"
  }
}
