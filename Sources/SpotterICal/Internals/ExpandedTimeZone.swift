import CLibical

/// A libical zone made from a truncated VTIMEZONE that Spotter writes, with its changes expanded
/// past its span when it is made, so the threads that share it only read it.
///
/// The writer reads its offsets from this zone, not from the built-in one it was cut from.
/// libical expands a zone from its first observance, and a built-in zone starts in the 19th
/// century: 11 M instructions for Europe/Berlin, more than a third of an unchanged night's own
/// work. A truncated zone starts a year before the calendar's span. Its times are also read by
/// exactly the rules the file carries, which is how every reader of the file reads them.
final class ExpandedTimeZone: @unchecked Sendable {
  /// The libical zone, owned by this object.
  let zone: OpaquePointer

  /// Takes `component` (a VTIMEZONE) for the new zone; nil, with the component freed, when
  /// libical refuses it. Offsets are exact from the start of `year` on; the yearly rules are
  /// expanded from there, not from their first DTSTART (1981 and 1996 for Europe/Berlin), and
  /// through the year after `lastYear`, the year of the span's end.
  init?(component: OpaquePointer, from year: Int32, through lastYear: Int32) {
    Libical.startRules(of: component, inYear: year)
    guard let zone = icaltimezone_new() else {
      icalcomponent_free(component)
      return nil
    }
    guard icaltimezone_set_component(zone, component) != 0 else {
      icalcomponent_free(component)
      icaltimezone_free(zone, 1)
      return nil
    }
    // libical expands a zone when a lookup's year is past the last it expanded (and five years
    // beyond). Expanded here through a year past the span, the zone is never expanded again,
    // which two threads sharing it could not survive: the writer looks up no instant later than
    // a day past the span. Not capped at 2037 as the built-in zones are: a plan made in 2037
    // reaches into 2038.
    var last = icaltime_null_time()
    last.year = lastYear + 1
    last.month = 12
    last.day = 31
    var daylight: Int32 = 0
    _ = icaltimezone_get_utc_offset(zone, &last, &daylight)
    self.zone = zone
  }

  deinit { icaltimezone_free(zone, 1) }
}
