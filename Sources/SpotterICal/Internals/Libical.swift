import CLibical
import Foundation
import SpotterCore

/// Every call into libical, in one place (the swift-system `Syscalls.swift` pattern).
///
/// Handles never leave a function: each component built here is owned by its parent once added,
/// and the root is freed with `defer`. Text is serialised with the `_r` variants, whose buffers
/// the caller owns and frees with `icalmemory_free_buffer`; the plain variants return libical's
/// ring buffer, which must not be freed.
enum Libical {
  /// Names Foundation and users give to UTC; libical has no VTIMEZONE for it.
  static let utcNames: Set<String> = [
    "UTC", "GMT", "Etc/UTC", "Etc/GMT", "Etc/Universal", "Universal", "Zulu",
  ]

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
    let isUTC = utcNames.contains(tzid)
    guard let zone = isUTC ? icaltimezone_get_utc_timezone() : icaltimezone_get_builtin_timezone(tzid) else {
      throw SpotterICalError.unknownTimeZone(field: "timezone", value: tzid)
    }
    guard let calendar = icalcomponent_new_vcalendar() else {
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
    if !isUTC {
      try icalcomponent_add_component(
        calendar, timeZoneComponent(zone, tzid: tzid, from: validFrom, until: validUntil))
    }
    // The frame: everything but the closing line, which comes after the events.
    var closing = "END:VCALENDAR\r\n"
    try withSerialized(calendar) { text in
      guard text.count >= closing.utf8.count else {
        throw SpotterICalError.libical(function: "icalcomponent_as_ical_string_r")
      }
      try sink(UnsafeBufferPointer(rebasing: text.dropLast(closing.utf8.count)))
    }
    let frameReasons = violations(calendar)
    guard frameReasons.isEmpty else { throw SpotterICalError.invalidCalendar(reasons: frameReasons) }
    let utc = icaltimezone_get_utc_timezone()
    let localTZID = isUTC ? nil : tzid
    // Each event is checked inside a bare VCALENDAR of its own (libical's restriction check only
    // starts from one), without the VTIMEZONE that would be checked again for every event.
    guard let checker = icalcomponent_new_vcalendar() else {
      throw SpotterICalError.libical(function: "icalcomponent_new_vcalendar")
    }
    defer { icalcomponent_free(checker) }
    icalcomponent_add_property(checker, icalproperty_new_prodid(productID))
    icalcomponent_add_property(checker, icalproperty_new_version("2.0"))
    let zones: Set<String> = isUTC ? [] : [tzid]
    // libical's restriction check looks at which properties a component has and how many, and at
    // STATUS's value: every event of one shape gets the same verdict, and the check costs about
    // 0.1 ms, so it runs once per shape (CATEGORIES is one line or none, VALARMs count, STATUS
    // is CONFIRMED or CANCELLED). The RFC 5545 musts are checked on every event.
    var checkedShapes: Set<[Int]> = []
    for event in events {
      let component = try eventComponent(event, zone: zone, utc: utc, localTZID: localTZID)
      icalcomponent_add_component(checker, component)
      defer {
        icalcomponent_remove_component(checker, component)
        icalcomponent_free(component)
      }
      let shape = [event.categories.isEmpty ? 0 : 1, event.alarms.count, event.status == .cancelled ? 1 : 0]
      let reasons = violations(checker, zones: zones, restrictions: checkedShapes.insert(shape).inserted)
      guard reasons.isEmpty else { throw SpotterICalError.invalidCalendar(reasons: reasons) }
      try withSerialized(component) { try sink($0) }
    }
    // withUTF8 always hands the bytes over (making them contiguous if need be).
    try closing.withUTF8 { try sink($0) }
  }

  /// One VEVENT with its VALARMs (RFC 5545 Sections 3.6.1 and 3.6.6), owned by the caller.
  private static func eventComponent(
    _ event: Event, zone: OpaquePointer, utc: OpaquePointer?, localTZID: String?
  ) throws -> OpaquePointer {
    guard let component = icalcomponent_new_vevent() else {
      throw SpotterICalError.libical(function: "icalcomponent_new_vevent")
    }
    icalcomponent_add_property(component, icalproperty_new_uid(event.uid))
    icalcomponent_add_property(component, icalproperty_new_dtstamp(time(event.stamp, zone: utc)))
    icalcomponent_add_property(
      component, zonedProperty(icalproperty_new_dtstart, event.start, zone, localTZID))
    icalcomponent_add_property(component, zonedProperty(icalproperty_new_dtend, event.end, zone, localTZID))
    icalcomponent_add_property(component, icalproperty_new_summary(event.summary))
    icalcomponent_add_property(component, icalproperty_new_description(event.description))
    // One CATEGORIES line with a comma-separated list: ics-py refuses two lines, and khal then
    // shows none. libical does not escape commas in it, so a name's own commas become spaces.
    if !event.categories.isEmpty {
      let list = event.categories.map { $0.replacingOccurrences(of: ",", with: " ") }.joined(separator: ",")
      icalcomponent_add_property(component, icalproperty_new_categories(list))
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
      icalcomponent_add_property(valarm, icalproperty_new_trigger(trigger(alarm.trigger.offsetSeconds)))
      icalcomponent_add_component(component, valarm)
    }
    return component
  }

  /// A relative TRIGGER (RFC 5545 Section 3.8.6.3) in hours, minutes and seconds only.
  ///
  /// `icaltriggertype_from_int` writes 47.5 hours as `P1DT23H30M`, and a day in a duration is
  /// nominal: across a DST change it is 23 or 25 hours, so the alarm would move by one.
  private static func trigger(_ offsetSeconds: Int) -> icaltriggertype {
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

  /// Hands `body` the component's text from `icalcomponent_as_ical_string_r`, then frees it.
  private static func withSerialized(
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

  private static func collectErrors(_ component: OpaquePointer, into reasons: inout [String]) {
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
  private static func timeZoneComponent(
    _ zone: OpaquePointer, tzid: String, from: Date, until: Date
  ) throws -> OpaquePointer {
    guard let shared = icaltimezone_get_component(zone), let copy = icalcomponent_new_clone(shared) else {
      throw SpotterICalError.libical(function: "icaltimezone_get_component")
    }
    let utc = icaltimezone_get_utc_timezone()
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

  private static func time(_ date: Date, zone: OpaquePointer?) -> icaltimetype {
    icaltime_from_timet_with_zone(time_t(date.timeIntervalSince1970.rounded(.down)), 0, zone)
  }

  /// A DATE-TIME property in local time with a TZID parameter naming the VTIMEZONE, or in UTC
  /// (trailing `Z`, no parameter) when `tzid` is nil.
  private static func zonedProperty(
    _ make: (icaltimetype) -> OpaquePointer?, _ date: Date, _ zone: OpaquePointer, _ tzid: String?
  ) -> OpaquePointer? {
    guard let tzid else { return make(time(date, zone: zone)) }
    // A reading in an autumn overlap happens twice: RFC 5545 means the first, libical, ical.js,
    // KCalendarCore and khal read the second. In UTC every reader agrees.
    if isInOverlap(date, zone: zone) { return make(time(date, zone: icaltimezone_get_utc_timezone())) }
    var local = time(date, zone: zone)
    // Floating value plus an explicit TZID: libical would otherwise print its prefixed zone name.
    local.zone = nil
    let property = make(local)
    icalproperty_add_parameter(property, icalparameter_new_tzid(tzid))
    return property
  }

  /// `zone`'s offset from UTC at `instant`, in seconds.
  private static func utcOffset(_ zone: OpaquePointer, at instant: time_t) -> time_t {
    var reading = icaltime_from_timet_with_zone(instant, 0, icaltimezone_get_utc_timezone())
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
  private static func instants(ofWallClock wall: time_t, in zone: OpaquePointer) -> [time_t] {
    // Offsets change at most once a day, so the offsets a day apart name every candidate.
    Set([wall - 86400, wall, wall + 86400].map { utcOffset(zone, at: $0) }).map { wall - $0 }
      .filter { utcOffset(zone, at: $0) == wall - $0 }.sorted()
  }

  private static func xProperty(_ name: String, _ value: String) -> OpaquePointer? {
    let property = icalproperty_new_x(value)
    icalproperty_set_x_name(property, name)
    return property
  }

  // MARK: Reading

  /// Serialises the calls that silence stderr, so two parses on two threads never restore each
  /// other's descriptor.
  private static let stderrLock = NSLock()

  /// Runs `body` with the process's stderr pointed at /dev/null.
  ///
  /// libical's parser writes its warnings (`icalparser.c:786: Encountered END before BEGIN`)
  /// straight to stderr, a message per bad line that cron would mail. Spotter finds the same
  /// problems itself with file and line (``structureProblems(in:fileName:)``) and says them in
  /// its own words.
  static func quietly<T>(_ body: () throws -> T) rethrows -> T {
    stderrLock.lock()
    defer { stderrLock.unlock() }
    fflush(nil)
    let saved = dup(STDERR_FILENO)
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    guard saved >= 0, null >= 0 else {
      if saved >= 0 { close(saved) }
      if null >= 0 { close(null) }
      return try body()
    }
    dup2(null, STDERR_FILENO)
    close(null)
    defer {
      fflush(nil)
      dup2(saved, STDERR_FILENO)
      close(saved)
    }
    return try body()
  }

  /// The lines where BEGIN and END do not pair up, which libical skips with a message on stderr:
  /// an END without its BEGIN, an END that closes another component, a BEGIN never closed.
  /// One pass over the lines, whatever their number.
  static func structureProblems(in text: String, fileName: String) -> [String] {
    structure(of: text, fileName: fileName).problems
  }

  /// ``structureProblems(in:fileName:)``, and the numbers of the END lines that close nothing.
  private static func structure(of text: String, fileName: String) -> (
    problems: [String], strayEnds: Set<Int>
  ) {
    var problems: [String] = []
    var strayEnds: Set<Int> = []
    var open: [(name: String, line: Int)] = []
    var number = 0
    func say(_ problem: String) { if problems.count < 20 { problems.append(problem) } }
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      number += 1
      let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
      let upper = line.prefix(6).uppercased()
      if upper.hasPrefix("BEGIN:") {
        open.append((String(line.dropFirst(6)).uppercased(), number))
      } else if upper.hasPrefix("END:") {
        let name = String(line.dropFirst(4)).uppercased()
        let shown = ErrorText.escaped(name)
        if let index = open.lastIndex(where: { $0.name == name }) {
          for unclosed in open[(index + 1)...] {
            say(
              "\(fileName):\(unclosed.line): BEGIN:\(ErrorText.escaped(unclosed.name)) is not closed before "
                + "END:\(shown) on line \(number)")
          }
          open.removeSubrange(index...)
        } else {
          strayEnds.insert(number)
          say("\(fileName):\(number): END:\(shown) without a BEGIN:\(shown); ignored")
        }
      }
    }
    for unclosed in open {
      say("\(fileName):\(unclosed.line): BEGIN:\(ErrorText.escaped(unclosed.name)) is never closed")
    }
    return (problems, strayEnds)
  }

  /// `text` without the END lines that close nothing: libical, meeting one, drops the events
  /// after it too, and the warning says such a line is ignored.
  private static func withoutStrayEnds(_ text: String) -> String {
    let stray = structure(of: text, fileName: "").strayEnds
    guard !stray.isEmpty else { return text }
    var number = 0
    return text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
      .filter { _ in
        number += 1
        return !stray.contains(number)
      }.joined(separator: "\r\n")
  }

  /// Parses `text` and hands its VCALENDARs to `body`; the tree is freed when `body` returns.
  private static func withCalendars<T>(
    in text: String, fileName: String, _ body: ([OpaquePointer]) throws -> T
  ) throws -> T {
    icalerror_clear_errno()
    let text = withoutStrayEnds(text)
    guard let root = quietly({ icalparser_parse_string(text) }) else {
      throw SpotterICalError.unparsable(file: fileName, line: 1, reason: "not an iCalendar object")
    }
    defer { icalcomponent_free(root) }
    if icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT { return try body([root]) }
    return try body(children(of: root, kind: ICAL_VCALENDAR_COMPONENT))
  }

  static func parse(_ text: String, fileName: String) throws -> ParsedCalendar {
    try withCalendars(in: text, fileName: fileName) { calendars in
      parse(calendars)
    }
  }

  private static func parse(_ calendars: [OpaquePointer]) -> ParsedCalendar {
    var zones: [String] = []
    var events: [ParsedEvent] = []
    for calendar in calendars {
      for zone in children(of: calendar, kind: ICAL_VTIMEZONE_COMPONENT) {
        if let property = icalcomponent_get_first_property(zone, ICAL_TZID_PROPERTY),
          let tzid = icalproperty_get_tzid(property)
        {
          zones.append(String(cString: tzid))
        }
      }
      for event in children(of: calendar, kind: ICAL_VEVENT_COMPONENT) {
        events.append(parsedEvent(event))
      }
    }
    let problems = calendars.flatMap { violations($0) }
    return ParsedCalendar(events: events, timeZoneIDs: zones, violations: problems)
  }

  private static func children(of component: OpaquePointer, kind: icalcomponent_kind) -> [OpaquePointer] {
    var result: [OpaquePointer] = []
    var child = icalcomponent_get_first_component(component, kind)
    while let current = child {
      result.append(current)
      child = icalcomponent_get_next_component(component, kind)
    }
    return result
  }

  private static func parsedEvent(_ event: OpaquePointer) -> ParsedEvent {
    let start = icalcomponent_get_dtstart(event)
    let startDate = instant(start)
    let endTime = icalcomponent_get_dtend(event)
    let end = icaltime_is_null_time(endTime) != 0 ? nil : instant(endTime)
    var tzid: String?
    if let property = icalcomponent_get_first_property(event, ICAL_DTSTART_PROPERTY),
      let parameter = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER),
      let value = icalparameter_get_tzid(parameter)
    {
      tzid = String(cString: value)
    }
    var stamp: Date?
    if icalcomponent_get_first_property(event, ICAL_DTSTAMP_PROPERTY) != nil {
      stamp = instant(icalcomponent_get_dtstamp(event))
    }
    var status: String?
    if icalcomponent_get_first_property(event, ICAL_STATUS_PROPERTY) != nil,
      let name = icalproperty_status_to_string(icalcomponent_get_status(event))
    {
      status = String(cString: name)
    }
    var alarms: [Date] = []
    for alarm in children(of: event, kind: ICAL_VALARM_COMPONENT) {
      guard let triggerProperty = icalcomponent_get_first_property(alarm, ICAL_TRIGGER_PROPERTY) else {
        continue
      }
      let trigger = icalproperty_get_trigger(triggerProperty)
      if icaltime_is_null_time(trigger.time) == 0 {
        alarms.append(instant(trigger.time))
        continue
      }
      let offset = TimeInterval(icaldurationtype_as_int(trigger.duration))
      var anchor = startDate
      if let related = icalproperty_get_first_parameter(triggerProperty, ICAL_RELATED_PARAMETER),
        icalparameter_get_related(related) == ICAL_RELATED_END, let end
      {
        anchor = end
      }
      alarms.append(anchor.addingTimeInterval(offset))
    }
    return ParsedEvent(
      uid: uid(of: event), summary: textProperty(icalcomponent_get_summary(event)),
      description: textProperty(icalcomponent_get_description(event)),
      sequence: Int(icalcomponent_get_sequence(event)), status: status, startTZID: tzid,
      start: startDate, end: end, stamp: stamp, alarmInstants: alarms, categories: categories(of: event),
      isAllDay: icaltime_is_date(start) != 0,
      repeats: icalcomponent_get_first_property(event, ICAL_RRULE_PROPERTY) != nil,
      isOverride: icalcomponent_get_first_property(event, ICAL_RECURRENCEID_PROPERTY) != nil)
  }

  /// The UTC instant of a parsed time; floating times are read as UTC.
  private static func instant(_ time: icaltimetype) -> Date {
    let zone = time.zone ?? icaltimezone_get_utc_timezone()
    return Date(timeIntervalSince1970: TimeInterval(icaltime_as_timet_with_zone(time, zone)))
  }

  // MARK: Occurrences

  /// The timed occurrences of every event in `text` that overlap `from..<to`.
  ///
  /// Repeating events are expanded by libical's RRULE iterator in their own zone's wall-clock
  /// time; EXDATE removes occurrences, a VEVENT with RECURRENCE-ID replaces one, and cancelled
  /// events or occurrences are left out. All-day events are not blocks of time and are skipped.
  static func occurrences(
    _ text: String, fileName: String, from: Date, to: Date, fallbackZone: String
  ) throws -> [CalendarOccurrence] {
    try occurrencesAndEvents(
      text, fileName: fileName, from: from, to: to, fallbackZone: fallbackZone, withEvents: false
    ).occurrences
  }

  /// ``occurrences(_:fileName:from:to:fallbackZone:)`` and, with `withEvents`, every VEVENT as
  /// ``parse(_:fileName:)`` reads it, from one parse of the text.
  static func occurrencesAndEvents(
    _ text: String, fileName: String, from: Date, to: Date, fallbackZone: String, withEvents: Bool
  ) throws -> (occurrences: [CalendarOccurrence], events: [ParsedEvent]) {
    try withCalendars(in: text, fileName: fileName) { calendars in
      let place = Place(text: text, fileName: fileName)
      for calendar in calendars { try checkTimeZoneRules(calendar, place) }
      let found = try occurrences(calendars, place: place, from: from, to: to, fallbackZone: fallbackZone)
      let events =
        withEvents ? calendars.flatMap { children(of: $0, kind: ICAL_VEVENT_COMPONENT).map(parsedEvent) } : []
      return (found, events)
    }
  }

  /// The most occurrences one event may have in the window, and a whole import.
  static let maximumOccurrencesPerEvent = 1_000
  static let maximumOccurrencesPerImport = 10_000
  /// The most steps of a rule's iterator per event, counting those before the window.
  static let maximumRuleSteps = 100_000

  /// A file's name and text, to turn a UID or TZID into the line that names it.
  struct Place {
    var text: String
    var fileName: String

    func error(at needle: String, _ reason: String) -> SpotterICalError {
      var line = 1
      if let range = text.range(of: needle) {
        // Bytes, not Characters: "\r\n" is one Character and would never equal "\n".
        line = text[..<range.lowerBound].utf8.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
      }
      return .unparsable(file: fileName, line: line, reason: reason)
    }
  }

  /// Refuses a VTIMEZONE whose observances repeat other than yearly.
  ///
  /// Every real zone's rules are yearly (RFC 5545 Section 3.6.5); libical expands a zone's
  /// changes over whole years, so a rule repeating every second never finishes.
  private static func checkTimeZoneRules(_ calendar: OpaquePointer, _ place: Place) throws {
    for zone in children(of: calendar, kind: ICAL_VTIMEZONE_COMPONENT) {
      let tzid =
        icalcomponent_get_first_property(zone, ICAL_TZID_PROPERTY).flatMap {
          icalproperty_get_tzid($0)
        }.map { String(cString: $0) } ?? ""
      for kind in [ICAL_XSTANDARD_COMPONENT, ICAL_XDAYLIGHT_COMPONENT] {
        for observance in children(of: zone, kind: kind) {
          var rule = icalcomponent_get_first_property(observance, ICAL_RRULE_PROPERTY)
          while let current = rule {
            var recurrence = icalproperty_get_rrule(current)
            var text = ""
            if let buffer = icalrecurrencetype_as_string_r(&recurrence) {
              text = String(cString: buffer)
              icalmemory_free_buffer(buffer)
            }
            let fine = ["BYSECOND", "BYMINUTE", "BYHOUR", "BYYEARDAY", "BYWEEKNO"].allSatisfy {
              !text.contains($0)
            }
            guard recurrence.freq == ICAL_YEARLY_RECURRENCE, fine else {
              throw place.error(
                at: "TZID:\(tzid)",
                "VTIMEZONE \(ErrorText.quoted(tzid)): rule \(ErrorText.quoted(text)) does not repeat yearly, as time zone rules do"
              )
            }
            rule = icalcomponent_get_next_property(observance, ICAL_RRULE_PROPERTY)
          }
        }
      }
    }
  }

  private static func occurrences(
    _ calendars: [OpaquePointer], place: Place, from: Date, to: Date, fallbackZone: String
  ) throws -> [CalendarOccurrence] {
    guard !calendars.isEmpty else {
      throw SpotterICalError.unparsable(file: place.fileName, line: 1, reason: "no VCALENDAR in the file")
    }
    let fallback = icaltimezone_get_builtin_timezone(fallbackZone) ?? icaltimezone_get_utc_timezone()
    // Wall-clock bounds a day beyond the window in every zone (offsets stay within a day of
    // UTC). A reading outside them cannot touch the window, so it is never converted: converting
    // a time in the year 4024 makes libical expand the zone's rules over two thousand years.
    let latest = wallClock(to.addingTimeInterval(2 * 86400))
    var result: [CalendarOccurrence] = []
    for calendar in calendars {
      let events = children(of: calendar, kind: ICAL_VEVENT_COMPONENT)
      // Occurrences replaced by an override, by UID: the originals are not expanded.
      var replaced: [String: Set<Date>] = [:]
      for event in events {
        guard let property = icalcomponent_get_first_property(event, ICAL_RECURRENCEID_PROPERTY) else {
          continue
        }
        let original = icalproperty_get_recurrenceid(property)
        guard isBefore(original, latest) else { continue }
        let (instant, _) = resolve(property, original, calendar, fallback)
        replaced[uid(of: event), default: []].insert(instant)
      }
      for event in events {
        guard let startProperty = icalcomponent_get_first_property(event, ICAL_DTSTART_PROPERTY),
          icalcomponent_get_status(event) != ICAL_STATUS_CANCELLED
        else { continue }
        let startTime = icalproperty_get_dtstart(startProperty)
        // Every occurrence starts at or after DTSTART: one after the window has none in it.
        guard icaltime_is_date(startTime) == 0, isBefore(startTime, latest) else { continue }
        let (start, unresolved) = resolve(startProperty, startTime, calendar, fallback)
        var length: TimeInterval = 0
        if let endProperty = icalcomponent_get_first_property(event, ICAL_DTEND_PROPERTY) {
          length = resolve(endProperty, icalproperty_get_dtend(endProperty), calendar, fallback).0
            .timeIntervalSince(start)
        } else if let duration = icalcomponent_get_first_property(event, ICAL_DURATION_PROPERTY) {
          length = TimeInterval(icaldurationtype_as_int(icalproperty_get_duration(duration)))
        }
        guard length > 0 else { continue }
        // RFC 5545 requires a UID, but old files lack it: the summary and start stand in.
        var uid = uid(of: event)
        if uid.isEmpty {
          uid = "\(textProperty(icalcomponent_get_summary(event)))@\(Int(start.timeIntervalSince1970))"
        }
        func occurrence(key: String, at instant: Date) -> CalendarOccurrence {
          CalendarOccurrence(
            key: key, uid: uid, summary: textProperty(icalcomponent_get_summary(event)),
            description: textProperty(icalcomponent_get_description(event)),
            categories: categories(of: event),
            start: instant, end: instant.addingTimeInterval(length), unresolvedTZID: unresolved)
        }
        if let recurrence = icalcomponent_get_first_property(event, ICAL_RECURRENCEID_PROPERTY) {
          let original = resolve(recurrence, icalproperty_get_recurrenceid(recurrence), calendar, fallback).0
          if start < to && start.addingTimeInterval(length) > from {
            result.append(occurrence(key: key(uid, original), at: start))
          }
          continue
        }
        guard let rule = icalcomponent_get_first_property(event, ICAL_RRULE_PROPERTY) else {
          if start < to && start.addingTimeInterval(length) > from {
            result.append(occurrence(key: uid, at: start))
          }
          continue
        }
        var excluded = replaced[uid] ?? []
        var exdate = icalcomponent_get_first_property(event, ICAL_EXDATE_PROPERTY)
        while let current = exdate {
          let time = icalproperty_get_exdate(current)
          if isBefore(time, latest) { excluded.insert(resolve(current, time, calendar, fallback).0) }
          exdate = icalcomponent_get_next_property(event, ICAL_EXDATE_PROPERTY)
        }
        let recurrence = icalproperty_get_rrule(rule)
        switch recurrence.freq {
        case ICAL_SECONDLY_RECURRENCE, ICAL_MINUTELY_RECURRENCE, ICAL_HOURLY_RECURRENCE:
          throw place.error(
            at: "UID:\(uid)",
            "event \(ErrorText.quoted(uid)): repeats more often than daily; a focus block repeats at most daily"
          )
        default: break
        }
        // libical 3.0 compares a UTC UNTIL with the zoned DTSTART field by field, which lets
        // 09:00 Los Angeles pass an UNTIL of 15:59:59Z on the same day: compare instants here.
        var until = to
        if icaltime_is_null_time(recurrence.until) == 0 && icaltime_is_date(recurrence.until) == 0
          && isBefore(recurrence.until, latest)
        {
          // UNTIL is inclusive; a UTC one is an instant, a local one is read in DTSTART's zone.
          until = min(
            to, resolve(startProperty, recurrence.until, calendar, fallback).0.addingTimeInterval(1))
        }
        guard let iterator = icalrecur_iterator_new(recurrence, startTime) else { continue }
        defer { icalrecur_iterator_free(iterator) }
        // Wall-clock readings before this one end before the window in every zone, so they are
        // skipped without the cost of a zone conversion.
        let earliest = wallClock(from.addingTimeInterval(-max(length, 0) - 2 * 86400))
        // Jump the iterator there: a daily rule from 2012 would otherwise take 5,000 steps to
        // reach today. A rule with COUNT cannot jump, since every occurrence before counts.
        if recurrence.count == 0 && !isBefore(earliest, startTime) {
          var jump = earliest
          jump.zone = startTime.zone
          _ = icalrecur_iterator_set_start(iterator, jump)
        }
        // A rule without an end runs forever: the steps, the event's occurrences and the
        // import's are all capped, and hitting a cap is an error, never a silent cut.
        var found = 0
        var finished = false
        for _ in 0..<maximumRuleSteps {
          var next = icalrecur_iterator_next(iterator)
          guard icaltime_is_null_time(next) == 0 else {
            finished = true
            break
          }
          let zone = next.zone
          next.zone = nil
          if icaltime_compare(next, earliest) < 0 { continue }
          next.zone = zone
          let instant = resolve(startProperty, next, calendar, fallback).0
          if instant >= until {
            finished = true
            break
          }
          guard instant.addingTimeInterval(length) > from, !excluded.contains(instant) else { continue }
          found += 1
          guard found <= maximumOccurrencesPerEvent else {
            throw place.error(
              at: "UID:\(uid)",
              "event \(ErrorText.quoted(uid)): more than \(maximumOccurrencesPerEvent) occurrences in the window; import fewer --days"
            )
          }
          result.append(occurrence(key: key(uid, instant), at: instant))
          guard result.count <= maximumOccurrencesPerImport else {
            throw SpotterICalError.unparsable(
              file: place.fileName, line: 1,
              reason:
                "more than \(maximumOccurrencesPerImport) occurrences in the window; import fewer --days or use --match"
            )
          }
        }
        guard finished else {
          throw place.error(
            at: "UID:\(uid)",
            "event \(ErrorText.quoted(uid)): its rule takes more than \(maximumRuleSteps) steps to reach the window's end"
          )
        }
      }
    }
    return result.sorted { ($0.start, $0.key) < ($1.start, $1.key) }
  }

  /// The wall-clock reading of `date` in UTC, with no zone attached.
  private static func wallClock(_ date: Date) -> icaltimetype {
    var reading = time(date, zone: icaltimezone_get_utc_timezone())
    reading.zone = nil
    return reading
  }

  /// Whether `time`'s wall-clock reading, whatever its zone, comes before `bound`'s.
  private static func isBefore(_ time: icaltimetype, _ bound: icaltimetype) -> Bool {
    var reading = time
    reading.zone = nil
    reading.is_date = 0
    return icaltime_compare(reading, bound) < 0
  }

  private static func key(_ uid: String, _ original: Date) -> String {
    "\(uid)/\(Int(original.timeIntervalSince1970))"
  }

  private static func uid(of event: OpaquePointer) -> String {
    textProperty(icalcomponent_get_uid(event))
  }

  private static func textProperty(_ value: UnsafePointer<CChar>?) -> String {
    value.map { String(cString: $0) } ?? ""
  }

  private static func categories(of event: OpaquePointer) -> [String] {
    var result: [String] = []
    var property = icalcomponent_get_first_property(event, ICAL_CATEGORIES_PROPERTY)
    while let current = property {
      result += textProperty(icalproperty_get_categories(current)).split(separator: ",").map(String.init)
      property = icalcomponent_get_next_property(event, ICAL_CATEGORIES_PROPERTY)
    }
    return result
  }

  /// The instant a property's time names, and the TZID that had to fall back, if any.
  ///
  /// A TZID is looked up in the file's VTIMEZONEs, then among libical's built-in zones (after
  /// dropping prefixes such as `/freeassociation.sourceforge.net/` or `/mozilla.org/…/`), then as
  /// a Windows zone name; floating times and unknown zones are read in the fallback zone.
  private static func resolve(
    _ property: OpaquePointer, _ time: icaltimetype, _ calendar: OpaquePointer, _ fallback: OpaquePointer?
  ) -> (Date, String?) {
    var zone: OpaquePointer? = icaltime_is_utc(time) != 0 ? icaltimezone_get_utc_timezone() : nil
    var unresolved: String?
    if zone == nil, let parameter = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER),
      let value = icalparameter_get_tzid(parameter)
    {
      let tzid = String(cString: value)
      zone = icalcomponent_get_timezone(calendar, tzid) ?? builtinZone(tzid)
      if zone == nil { unresolved = tzid }
    }
    guard let local = zone ?? fallback, local != icaltimezone_get_utc_timezone() else {
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

  private static func builtinZone(_ tzid: String) -> OpaquePointer? {
    if let name = WindowsZones.iana[tzid] {
      return utcNames.contains(name)
        ? icaltimezone_get_utc_timezone() : icaltimezone_get_builtin_timezone(name)
    }
    var parts = tzid.split(separator: "/").map(String.init)
    while !parts.isEmpty {
      let name = parts.joined(separator: "/")
      if utcNames.contains(name) { return icaltimezone_get_utc_timezone() }
      if let zone = icaltimezone_get_builtin_timezone(name) { return zone }
      parts.removeFirst()
    }
    return nil
  }
}
