import CLibical
import Foundation
import SpotterCore

/// Building, checking and serialising calendars: the writer half of ``Libical``.
extension Libical {
  static func serialize(
    events: [Event], tzid: String, productID: String, calendarName: String, validFrom: Date,
    validUntil: Date
  ) throws -> String {
    var bytes: [UInt8] = []
    try serialize(
      events: events, tzid: tzid, productID: productID, calendarName: calendarName, validFrom: validFrom,
      validUntil: validUntil
    ) { chunk in bytes.append(contentsOf: UnsafeBufferPointer(start: chunk.baseAddress, count: chunk.count)) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Writes the calendar one component at a time: the VCALENDAR frame and its VTIMEZONE once,
  /// then each VEVENT built, checked, serialised and freed on its own, so memory stays flat in
  /// the number of events and nothing is parsed back.
  static func serialize<Events: Sequence<Event>>(
    events: Events, tzid: String, productID: String, calendarName: String, validFrom: Date,
    validUntil: Date, to sink: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    let stream = try EventStream(
      tzid: tzid, productID: productID, calendarName: calendarName, validFrom: validFrom,
      validUntil: validUntil, to: sink)
    for event in events { try stream.write(event, to: sink) }
    try stream.finish(to: sink)
  }

  /// A calendar being written: the frame is out, events follow one at a time, then the closing
  /// line. It owns the libical components it checks events in, and frees them when it goes.
  final class EventStream {
    private let zone: OpaquePointer
    /// The zone `zone` points into, kept alive while the stream lives; nil for UTC.
    private let rules: ExpandedTimeZone?
    private let utc: OpaquePointer?
    private let localTZID: String?
    private let overlaps: ZoneOverlaps?
    private let zones: Set<String>
    private let checker: OpaquePointer
    private static let closing = "END:VCALENDAR\r\n"
    /// libical's restriction check looks at which properties a component has and how many, and
    /// at STATUS's value: every event of one shape gets the same verdict, and the check costs
    /// about 0.1 ms, so it runs once per shape in this process (CATEGORIES is one line or none,
    /// VALARMs count, STATUS is CONFIRMED or CANCELLED). The RFC 5545 musts are checked on every
    /// event.
    static let verdicts = RestrictionVerdicts()

    /// Writes the VCALENDAR frame with its VTIMEZONE to `sink`, all but the closing line.
    init(
      tzid: String, productID: String, calendarName: String, validFrom: Date, validUntil: Date,
      to sink: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws {
      let isUTC = utcNames.contains(tzid)
      var vtimezone: OpaquePointer?
      var expanded: ExpandedTimeZone?
      if !isUTC {
        (vtimezone, expanded) = try timeZoneComponent(tzid: tzid, from: validFrom, until: validUntil)
      }
      rules = expanded
      guard let zone = expanded?.zone ?? utcTimezone else {
        vtimezone.map { icalcomponent_free($0) }
        throw SpotterICalError.libical(function: "icaltimezone_get_utc_timezone")
      }
      guard let calendar = icalcomponent_new_vcalendar() else {
        vtimezone.map { icalcomponent_free($0) }
        throw SpotterICalError.libical(function: "icalcomponent_new_vcalendar")
      }
      defer { icalcomponent_free(calendar) }
      icalcomponent_add_property(calendar, icalproperty_new_prodid(productID))
      icalcomponent_add_property(calendar, icalproperty_new_version("2.0"))
      icalcomponent_add_property(calendar, icalproperty_new_calscale("GREGORIAN"))
      icalcomponent_add_property(calendar, xProperty("X-WR-CALNAME", calendarName))
      // No X-WR-TIMEZONE: every time carries its TZID or is UTC, and recurring-ical-events 3.8
      // moves a UTC time in an autumn overlap by half an hour into that zone.
      // UTC needs no VTIMEZONE: its times are written with a trailing Z and no TZID.
      if let vtimezone { icalcomponent_add_component(calendar, vtimezone) }
      // The frame: everything but the closing line, which comes after the events. Its check is
      // a function of its bytes, so a frame this process has passed before is not checked again.
      try withSerialized(calendar) { text in
        guard text.count >= Self.closing.utf8.count else {
          throw SpotterICalError.libical(function: "icalcomponent_as_ical_string_r")
        }
        try sink(UnsafeBufferPointer(rebasing: text.dropLast(Self.closing.utf8.count)))
        guard !Self.verdicts.passed(frame: text) else { return }
        let frameReasons = violations(calendar)
        guard frameReasons.isEmpty else { throw SpotterICalError.invalidCalendar(reasons: frameReasons) }
        Self.verdicts.pass(frame: text)
      }
      // Each event is checked inside a bare VCALENDAR of its own (libical's restriction check
      // only starts from one), without the VTIMEZONE that would be checked again for every event.
      guard let checker = icalcomponent_new_vcalendar() else {
        throw SpotterICalError.libical(function: "icalcomponent_new_vcalendar")
      }
      icalcomponent_add_property(checker, icalproperty_new_prodid(productID))
      icalcomponent_add_property(checker, icalproperty_new_version("2.0"))
      self.zone = zone
      self.checker = checker
      utc = utcTimezone
      localTZID = isUTC ? nil : tzid
      overlaps = isUTC ? nil : ZoneOverlaps(zone: zone, from: validFrom, until: validUntil)
      zones = isUTC ? [] : [tzid]
    }

    deinit { icalcomponent_free(checker) }

    /// Builds, checks and writes one VEVENT, and frees it.
    func write(_ event: Event, to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
      let component = try eventComponent(
        event, zone: zone, utc: utc, localTZID: localTZID, overlaps: overlaps)
      icalcomponent_add_component(checker, component)
      defer {
        icalcomponent_remove_component(checker, component)
        icalcomponent_free(component)
      }
      let shape = [event.categories.isEmpty ? 0 : 1, event.alarms.count, event.status == .cancelled ? 1 : 0]
      let restricted = !Self.verdicts.passed(shape: shape)
      let reasons = violations(checker, zones: zones, restrictions: restricted)
      guard reasons.isEmpty else { throw SpotterICalError.invalidCalendar(reasons: reasons) }
      if restricted { Self.verdicts.pass(shape: shape) }
      try withSerialized(component) { try sink($0) }
    }

    /// Writes the closing line.
    func finish(to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
      var closing = Self.closing
      // withUTF8 always hands the bytes over (making them contiguous if need be).
      try closing.withUTF8 { try sink($0) }
    }
  }

  /// One VEVENT with its VALARMs (RFC 5545 Sections 3.6.1 and 3.6.6), owned by the caller.
  static func eventComponent(
    _ event: Event, zone: OpaquePointer, utc: OpaquePointer?, localTZID: String?, overlaps: ZoneOverlaps?
  ) throws -> OpaquePointer {
    guard let component = icalcomponent_new_vevent() else {
      throw SpotterICalError.libical(function: "icalcomponent_new_vevent")
    }
    icalcomponent_add_property(component, icalproperty_new_uid(event.uid))
    icalcomponent_add_property(component, icalproperty_new_dtstamp(time(event.stamp, zone: utc)))
    icalcomponent_add_property(
      component, zonedProperty(icalproperty_new_dtstart, event.start, zone, localTZID, overlaps: overlaps))
    icalcomponent_add_property(
      component, zonedProperty(icalproperty_new_dtend, event.end, zone, localTZID, overlaps: overlaps))
    icalcomponent_add_property(component, icalproperty_new_summary(event.summary))
    icalcomponent_add_property(component, icalproperty_new_description(event.description))
    if !event.categories.isEmpty {
      icalcomponent_add_property(component, icalproperty_new_categories(categoriesValue(event.categories)))
    }
    icalcomponent_add_property(component, icalproperty_new_sequence(Int32(clamping: event.sequence)))
    icalcomponent_add_property(
      component,
      icalproperty_new_status(event.status == .cancelled ? ICAL_STATUS_CANCELLED : ICAL_STATUS_CONFIRMED))
    // A focus block is busy time others must not book over; a reminder must not block the time
    // in free/busy views.
    icalcomponent_add_property(
      component,
      icalproperty_new_transp(event.kind == .focusBlock ? ICAL_TRANSP_OPAQUE : ICAL_TRANSP_TRANSPARENT))
    for alarm in event.alarms {
      let valarm = icalcomponent_new_valarm()
      icalcomponent_add_property(valarm, icalproperty_new_action(ICAL_ACTION_DISPLAY))
      icalcomponent_add_property(valarm, icalproperty_new_description(alarm.description))
      // A relative trigger is an exact duration (RFC 5545 Section 3.3.6), but readers that add it
      // to the start's wall-clock reading (icalendar's own `Alarms`, and any `start + trigger` in
      // Python) put the alarm an offset change off: 30 minutes before a start just after Lord
      // Howe's half-hour change came out at the start itself. Across a change the alarm is
      // written as its UTC instant, which every reader takes as it is.
      // A start in UTC (the autumn overlap) keeps the relative trigger: the duration is exact there.
      // The writer scans a zone's overlaps and changes whenever it writes local times.
      let fires = event.start.addingTimeInterval(TimeInterval(alarm.trigger.offsetSeconds))
      let crossesChange =
        localTZID != nil
        && overlaps.map { !$0.contains(event.start) && $0.offsetsDiffer(event.start, fires) } ?? false
      icalcomponent_add_property(
        valarm,
        icalproperty_new_trigger(
          crossesChange ? absoluteTrigger(fires, utc: utc) : trigger(alarm.trigger.offsetSeconds)))
      icalcomponent_add_component(component, valarm)
    }
    return component
  }

  /// One CATEGORIES value listing `categories`: ics-py refuses two CATEGORIES lines, and khal
  /// then shows none. libical does not escape commas in it, so a name's own commas become spaces.
  static func categoriesValue(_ categories: [String]) -> String {
    let comma = UInt8(ascii: ",")
    // Foundation's replacingOccurrences goes through NSString even when there is nothing to
    // replace: 6% of a 100,000-event run's time, for names that never hold a comma.
    return categories.map { name in
      guard name.utf8.contains(comma) else { return name }
      return String(decoding: name.utf8.map { $0 == comma ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }.joined(separator: ",")
  }

  /// A relative TRIGGER (RFC 5545 Section 3.8.6.3) in hours, minutes and seconds only.
  ///
  /// `icaltriggertype_from_int` writes 47.5 hours as `P1DT23H30M`, and a day in a duration is
  /// nominal: across a DST change it is 23 or 25 hours, so the alarm would move by one.
  static func trigger(_ offsetSeconds: Int) -> icaltriggertype {
    let magnitude = min(offsetSeconds.magnitude, UInt(Int32.max))
    var duration = icaldurationtype_null_duration()
    duration.is_neg = offsetSeconds < 0 ? 1 : 0
    duration.hours = UInt32(magnitude / 3600)
    duration.minutes = UInt32(magnitude % 3600 / 60)
    duration.seconds = UInt32(magnitude % 60)
    var result = icaltriggertype()
    result.time = icaltime_null_time()
    result.duration = duration
    return result
  }

  /// An absolute TRIGGER in UTC (RFC 5545 Section 3.8.6.3: "MUST be specified in UTC time format").
  static func absoluteTrigger(_ instant: Date, utc: OpaquePointer?) -> icaltriggertype {
    var result = icaltriggertype()
    result.time = time(instant, zone: utc)
    result.duration = icaldurationtype_null_duration()
    return result
  }

  /// Hands `body` the component's text from `icalcomponent_as_ical_string_r`, then frees it.
  static func withSerialized(
    _ component: OpaquePointer, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    guard let buffer = icalcomponent_as_ical_string_r(component) else {
      throw SpotterICalError.libical(function: "icalcomponent_as_ical_string_r")
    }
    defer { icalmemory_free_buffer(buffer) }
    let count = strlen(buffer)
    try buffer.withMemoryRebound(to: UInt8.self, capacity: count) {
      try body(UnsafeBufferPointer(start: $0, count: count))
    }
  }

  /// What is wrong with a calendar: libical's X-LIC-ERROR findings, its restriction checks, and the
  /// RFC 5545 musts: PRODID and VERSION (Section 3.6), UID, DTSTAMP and DTSTART on every VEVENT
  /// (Section 3.6.1), ACTION, TRIGGER and, for DISPLAY, DESCRIPTION on every VALARM (Section 3.6.6),
  /// and a VTIMEZONE for every TZID parameter (Section 3.2.19), in the file or in `zones`.
  static func violations(
    _ calendar: OpaquePointer, zones known: Set<String> = [], restrictions: Bool = true
  ) -> [String] {
    icalerror_clear_errno()
    var reasons: [String] = []
    if restrictions && icalrestriction_check(calendar) == 0 {
      reasons.append("libical restriction check failed")
    }
    collectErrors(calendar, into: &reasons)
    func count(_ component: OpaquePointer, _ kind: icalproperty_kind) -> Int32 {
      icalcomponent_count_properties(component, kind)
    }
    for (kind, name) in [(ICAL_PRODID_PROPERTY, "PRODID"), (ICAL_VERSION_PROPERTY, "VERSION")]
    where count(calendar, kind) != 1 {
      reasons.append("VCALENDAR needs exactly one \(name)")
    }
    let zones = known.union(
      children(of: calendar, kind: ICAL_VTIMEZONE_COMPONENT).compactMap { zone -> String? in
        guard let property = icalcomponent_get_first_property(zone, ICAL_TZID_PROPERTY),
          let tzid = icalproperty_get_tzid(property)
        else { return nil }
        return String(cString: tzid)
      })
    for event in children(of: calendar, kind: ICAL_VEVENT_COMPONENT) {
      let uid = icalcomponent_get_uid(event).map { String(cString: $0) } ?? "?"
      for (kind, name) in [
        (ICAL_UID_PROPERTY, "UID"), (ICAL_DTSTAMP_PROPERTY, "DTSTAMP"), (ICAL_DTSTART_PROPERTY, "DTSTART"),
      ] where count(event, kind) != 1 {
        reasons.append("VEVENT \(uid) needs exactly one \(name)")
      }
      for kind in [ICAL_DTSTART_PROPERTY, ICAL_DTEND_PROPERTY] {
        guard let property = icalcomponent_get_first_property(event, kind),
          let parameter = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER),
          let tzid = icalparameter_get_tzid(parameter)
        else { continue }
        if !zones.contains(String(cString: tzid)) {
          reasons.append("VEVENT \(uid) uses TZID \(String(cString: tzid)) without a VTIMEZONE")
        }
      }
      for alarm in children(of: event, kind: ICAL_VALARM_COMPONENT) {
        if count(alarm, ICAL_ACTION_PROPERTY) != 1 || count(alarm, ICAL_TRIGGER_PROPERTY) != 1 {
          reasons.append("VALARM of \(uid) needs exactly one ACTION and one TRIGGER")
        }
        if let action = icalcomponent_get_first_property(alarm, ICAL_ACTION_PROPERTY),
          icalproperty_get_action(action) == ICAL_ACTION_DISPLAY, count(alarm, ICAL_DESCRIPTION_PROPERTY) != 1
        {
          reasons.append("DISPLAY VALARM of \(uid) needs a DESCRIPTION")
        }
      }
    }
    return reasons
  }

  static func collectErrors(_ component: OpaquePointer, into reasons: inout [String]) {
    var property = icalcomponent_get_first_property(component, ICAL_XLICERROR_PROPERTY)
    while let current = property {
      if let text = icalproperty_get_xlicerror(current) { reasons.append(String(cString: text)) }
      property = icalcomponent_get_next_property(component, ICAL_XLICERROR_PROPERTY)
    }
    var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
    while let current = child {
      collectErrors(current, into: &reasons)
      child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
    }
  }

  static func xProperty(_ name: String, _ value: String) -> OpaquePointer? {
    let property = icalproperty_new_x(value)
    icalproperty_set_x_name(property, name)
    return property
  }
}
