extension Sequence<ReminderRecord> {
  /// The latest local date on which one of these records ends, in `clock`'s zone; nil when there
  /// are none. The outputs' headers name it as the end of their span.
  public func lastEndDate(in clock: ZoneClock) -> LocalDate? {
    lazy.map { clock.localDate($0.end) }.max()
  }
}
