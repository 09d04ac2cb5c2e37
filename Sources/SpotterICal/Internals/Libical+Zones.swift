import CLibical
import Foundation
import SpotterCore

/// Zones: VTIMEZONEs written as yearly rules, offsets, overlaps and gaps, and the TZIDs of
/// files read back.
extension Libical {
  /// A copy of the built-in VTIMEZONE (RFC 5545 Section 3.6.5), renamed to the bare IANA name,
  /// written as yearly rules in force over the span, with no TZUNTIL.
  ///
  /// libical's MS-compatible truncation turns the zone's history into yearly RRULEs starting
  /// before `from` (Microsoft's importers need a rule, not a run of single changes), but adds
  /// TZUNTIL, which dateutil-based readers refuse, and splits its rules at 2037. Observances that
  /// begin after the span are dropped and rules that run past it lose their UNTIL, so a zone
  /// with daylight saving time is one STANDARD and one DAYLIGHT, each a yearly rule.
  ///
  /// The corresponding libical functions are `icaltimezone_get_component` and
  /// `icaltimezone_truncate_vtimezone`.
  ///
  /// The same zone and span give the same component, built once per process
  /// (``TruncatedZoneCache``): a batch writes the calendars of thousands of users in a handful
  /// of zones, and truncating, which expands the zone's history, was most of writing a small one.
  ///
  /// With the copy comes the zone made from the truncated rules, which the writer converts its
  /// times with. Throws ``SpotterICalError/unknownTimeZone(field:value:)`` when libical has no
  /// such zone (looked up only when the cache has not got it).
  static func timeZoneComponent(tzid: String, from: Date, until: Date) throws -> (
    component: OpaquePointer, zone: ExpandedTimeZone
  ) {
    let key =
      "\(tzid) \(Int(from.timeIntervalSince1970.rounded(.down))) \(Int(until.timeIntervalSince1970.rounded(.down)))"
    // Two years before the span: a cancelled event a little older than the span is still
    // written in the zone, and the rules are exact from there.
    let first = time(from, zone: utcTimezone).year
    let last = time(until, zone: utcTimezone).year
    let years = (first - 2)...max(first, last + 1)
    return try truncatedZones.copy(key, zoneYears: years) {
      try truncatedTimeZoneComponent(tzid: tzid, from: from, until: until)
    }
  }

  /// The process's truncated VTIMEZONEs.
  private static let truncatedZones = TruncatedZoneCache(
    clone: { icalcomponent_new_clone($0) }, free: { icalcomponent_free($0) })

  private static func truncatedTimeZoneComponent(tzid: String, from: Date, until: Date) throws
    -> OpaquePointer
  {
    guard let copy = builtinComponent(tzid) else {
      throw hasBuiltinTimezone(tzid)
        ? SpotterICalError.libical(function: "icaltimezone_get_component")
        : SpotterICalError.unknownTimeZone(field: "timezone", value: tzid)
    }
    let utc = utcTimezone
    icaltimezone_truncate_vtimezone(copy, time(from, zone: utc), icaltime_null_time(), 1)
    if let property = icalcomponent_get_first_property(copy, ICAL_TZID_PROPERTY) {
      icalproperty_set_tzid(property, tzid)
    }
    while let property = icalcomponent_get_first_property(copy, ICAL_TZUNTIL_PROPERTY) {
      icalcomponent_remove_property(copy, property)
      icalproperty_free(property)
    }
    // Local readings: a day's margin covers every offset.
    var end = time(until.addingTimeInterval(86400), zone: utc)
    end.zone = nil
    var later: [OpaquePointer] = []
    for kind in [ICAL_XSTANDARD_COMPONENT, ICAL_XDAYLIGHT_COMPONENT] {
      for observance in children(of: copy, kind: kind) {
        guard let start = icalcomponent_get_first_property(observance, ICAL_DTSTART_PROPERTY) else {
          continue
        }
        var begins = icalproperty_get_dtstart(start)
        begins.zone = nil
        if icaltime_compare(begins, end) > 0 {
          later.append(observance)
          continue
        }
        guard let ruleProperty = icalcomponent_get_first_property(observance, ICAL_RRULE_PROPERTY) else {
          continue
        }
        var rule = icalproperty_get_rrule(ruleProperty)
        var ruleEnd = rule.until
        ruleEnd.zone = nil
        if icaltime_is_null_time(rule.until) == 0 && icaltime_compare(ruleEnd, end) > 0 {
          rule.until = icaltime_null_time()
          icalproperty_set_rrule(ruleProperty, rule)
        }
      }
    }
    for observance in later {
      icalcomponent_remove_component(copy, observance)
      icalcomponent_free(observance)
    }
    return copy
  }

  static func time(_ date: Date, zone: OpaquePointer?) -> icaltimetype {
    icaltime_from_timet_with_zone(time_t(date.timeIntervalSince1970.rounded(.down)), 0, zone)
  }

  /// A DATE-TIME property in local time with a TZID parameter naming the VTIMEZONE, or in UTC
  /// (trailing `Z`, no parameter) when `tzid` is nil. `overlaps`, when given, are `zone`'s.
  static func zonedProperty(
    _ make: (icaltimetype) -> OpaquePointer?, _ date: Date, _ zone: OpaquePointer, _ tzid: String?,
    overlaps: ZoneOverlaps? = nil
  ) -> OpaquePointer? {
    guard let tzid else { return make(time(date, zone: zone)) }
    // A reading in an autumn overlap happens twice: RFC 5545 means the first, libical, ical.js,
    // KCalendarCore and khal read the second. In UTC every reader agrees.
    if overlaps?.contains(date) ?? isInOverlap(date, zone: zone) {
      return make(time(date, zone: utcTimezone))
    }
    var local = time(date, zone: zone)
    // Floating value plus an explicit TZID: libical would otherwise print its prefixed zone name.
    local.zone = nil
    let property = make(local)
    icalproperty_add_parameter(property, icalparameter_new_tzid(tzid))
    return property
  }

  /// `zone`'s offset from UTC at `instant`, in seconds.
  static func utcOffset(_ zone: OpaquePointer, at instant: time_t) -> time_t {
    var reading = icaltime_from_timet_with_zone(instant, 0, utcTimezone)
    var daylight: Int32 = 0
    return time_t(icaltimezone_get_utc_offset_of_utc_time(zone, &reading, &daylight))
  }

  /// Whether `date`'s wall-clock reading in `zone` also stands for another instant: it falls in
  /// the hour repeated when the clocks go back.
  static func isInOverlap(_ date: Date, zone: OpaquePointer) -> Bool {
    let instant = time_t(date.timeIntervalSince1970.rounded(.down))
    return instants(ofWallClock: instant + utcOffset(zone, at: instant), in: zone).count > 1
  }

  /// Every instant whose reading in `zone` is `wall` (a wall-clock time counted as if in UTC),
  /// earliest first: one, two in an autumn overlap, none in a spring gap.
  static func instants(ofWallClock wall: time_t, in zone: OpaquePointer) -> [time_t] {
    // Offsets change at most once a day, so the offsets a day apart name every candidate.
    Set([wall - 86400, wall, wall + 86400].map { utcOffset(zone, at: $0) }).map { wall - $0 }
      .filter { utcOffset(zone, at: $0) == wall - $0 }.sorted()
  }

  /// The instant a property's time names, and the TZID that had to fall back, if any.
  ///
  /// A TZID is looked up in the file's VTIMEZONEs, then among libical's built-in zones (after
  /// dropping prefixes such as `/freeassociation.sourceforge.net/` or `/mozilla.org/…/`), then as
  /// a Windows zone name; floating times and unknown zones are read in the fallback zone.
  static func resolve(
    _ property: OpaquePointer, _ time: icaltimetype, _ calendar: OpaquePointer, _ fallback: OpaquePointer?
  ) -> (Date, String?) {
    var zone: OpaquePointer? = icaltime_is_utc(time) != 0 ? utcTimezone : nil
    var unresolved: String?
    if zone == nil, let parameter = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER),
      let value = icalparameter_get_tzid(parameter)
    {
      let tzid = String(cString: value)
      zone = icalcomponent_get_timezone(calendar, tzid) ?? builtinZone(tzid)
      if zone == nil { unresolved = tzid }
    }
    guard let local = zone ?? fallback, local != utcTimezone else {
      return (
        Date(timeIntervalSince1970: TimeInterval(icaltime_as_timet_with_zone(time, zone ?? fallback))),
        unresolved
      )
    }
    return (instant(wallClock: time, in: local), unresolved)
  }

  /// The instant a wall-clock reading in `zone` stands for, by the rule Spotter writes with
  /// (README, "Time"): in an autumn overlap the first pass (RFC 5545 Section 3.3.5), in a spring
  /// gap the offset in force before it, which moves the time later by the gap's length (02:30 on
  /// the day Berlin skips it is 03:30 CEST). libical 3.0 reads the overlap's second pass and
  /// moves a gap time earlier.
  static func instant(wallClock time: icaltimetype, in zone: OpaquePointer) -> Date {
    var reading = time
    reading.zone = nil
    reading.is_date = 0
    let wall = icaltime_as_timet(reading)
    let instant = instants(ofWallClock: wall, in: zone).first ?? wall - utcOffset(zone, at: wall - 86400)
    return Date(timeIntervalSince1970: TimeInterval(instant))
  }

  /// Whether the writer can write `name` as it stands (no prefix dropped, unlike reading).
  static func knowsZone(_ name: String) -> Bool {
    !name.isEmpty && (utcNames.contains(name) || hasBuiltinTimezone(name))
  }

  static func builtinZone(_ tzid: String) -> OpaquePointer? {
    if let name = WindowsZones.iana[tzid] {
      return utcNames.contains(name)
        ? utcTimezone : builtinTimezone(name)
    }
    var parts = tzid.split(separator: "/").map(String.init)
    while !parts.isEmpty {
      let name = parts.joined(separator: "/")
      if utcNames.contains(name) { return utcTimezone }
      if let zone = builtinTimezone(name) { return zone }
      parts.removeFirst()
    }
    return nil
  }
}

extension Libical {
  /// Moves the DTSTART of each yearly rule in the VTIMEZONE `component` to its first onset in
  /// `year` or later, so that expanding the zone starts there. The offsets from the start of
  /// `year` on stay the same: an onset's observance says the offset it changes from.
  ///
  /// A rule with COUNT, or without an onset from `year` on (it ended before), is left as it is.
  static func startRules(of component: OpaquePointer, inYear year: Int32) {
    for kind in [ICAL_XSTANDARD_COMPONENT, ICAL_XDAYLIGHT_COMPONENT] {
      for observance in children(of: component, kind: kind) {
        guard let start = icalcomponent_get_first_property(observance, ICAL_DTSTART_PROPERTY),
          let ruleProperty = icalcomponent_get_first_property(observance, ICAL_RRULE_PROPERTY)
        else { continue }
        let rule = icalproperty_get_rrule(ruleProperty)
        let first = icalproperty_get_dtstart(start)
        guard rule.count == 0, first.year < year, let iterator = icalrecur_iterator_new(rule, first) else {
          continue
        }
        defer { icalrecur_iterator_free(iterator) }
        var from = first
        from.year = year
        from.month = 1
        from.day = 1
        guard icalrecur_iterator_set_start(iterator, from) != 0 else { continue }
        let onset = icalrecur_iterator_next(iterator)
        guard icaltime_is_null_time(onset) == 0, onset.year >= year else { continue }
        icalproperty_set_dtstart(start, onset)
      }
    }
  }
}

extension Libical {
  /// The zone the writer converts a calendar's times with, for `tzid` and the span. The
  /// VTIMEZONE that comes with it is not wanted here.
  static func writerZone(tzid: String, from: Date, until: Date) throws -> ExpandedTimeZone {
    let (component, zone) = try timeZoneComponent(tzid: tzid, from: from, until: until)
    icalcomponent_free(component)
    return zone
  }
}
