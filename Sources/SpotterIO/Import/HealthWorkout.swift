/// One `<Workout>` of Apple Health's `export.xml`, as written.
struct HealthWorkout {
  var line: Int
  var activityType: String
  var startDate: String
  var endDate: String
  /// The `HKTimeZone` metadata: where the workout was recorded.
  var timeZone: String?
}
