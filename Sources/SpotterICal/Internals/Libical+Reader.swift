import CLibical
import Foundation
import SpotterCore

/// Reading calendars: structure checks with file and line, quiet parsing, and events.
extension Libical {
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
  static func structureProblems(in text: String, fileName: String, language: Language = .en) -> [String] {
    structure(of: text, fileName: fileName, language: language).problems
  }

  /// ``structureProblems(in:fileName:)``, and the numbers of the END lines that close nothing.
  static func structure(of text: String, fileName: String, language: Language = .en) -> (
    problems: [String], strayEnds: Set<Int>
  ) {
    let de = language == .de
    var problems: [String] = []
    var strayEnds: Set<Int> = []
    var open: [(name: String, line: Int)] = []
    var number = 0
    func say(_ problem: String) { if problems.count < 20 { problems.append(problem) } }
    for raw in text.splitLines() {
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
            let begin = "\(fileName):\(unclosed.line): BEGIN:\(ErrorText.escaped(unclosed.name))"
            say(
              de
                ? "\(begin) ist vor END:\(shown) in Zeile \(number) nicht geschlossen"
                : "\(begin) is not closed before END:\(shown) on line \(number)")
          }
          open.removeSubrange(index...)
        } else {
          strayEnds.insert(number)
          say(
            de
              ? "\(fileName):\(number): END:\(shown) ohne BEGIN:\(shown); übergangen"
              : "\(fileName):\(number): END:\(shown) without a BEGIN:\(shown); ignored")
        }
      }
    }
    for unclosed in open {
      let begin = "\(fileName):\(unclosed.line): BEGIN:\(ErrorText.escaped(unclosed.name))"
      say(de ? "\(begin) wird nie geschlossen" : "\(begin) is never closed")
    }
    return (problems, strayEnds)
  }

  /// `text` without the END lines that close nothing: libical, meeting one, drops the events
  /// after it too, and the warning says such a line is ignored.
  static func withoutStrayEnds(_ text: String) -> String {
    let stray = structure(of: text, fileName: "").strayEnds
    guard !stray.isEmpty else { return text }
    var number = 0
    return text.splitLines()
      .filter { _ in
        number += 1
        return !stray.contains(number)
      }.joined(separator: "\r\n")
  }

  /// Parses `text` and hands its VCALENDARs to `body`; the tree is freed when `body` returns.
  static func withCalendars<T>(
    in text: String, fileName: String, _ body: ([OpaquePointer]) throws -> T
  ) throws -> T {
    icalerror_clear_errno()
    fillBuiltinZones()
    let text = try prepared(withoutStrayEnds(text), fileName: fileName)
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

  static func parse(_ calendars: [OpaquePointer]) -> ParsedCalendar {
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

  static func children(of component: OpaquePointer, kind: icalcomponent_kind) -> [OpaquePointer] {
    var result: [OpaquePointer] = []
    var child = icalcomponent_get_first_component(component, kind)
    while let current = child {
      result.append(current)
      child = icalcomponent_get_next_component(component, kind)
    }
    return result
  }

  static func parsedEvent(_ event: OpaquePointer) -> ParsedEvent {
    let start = icalcomponent_get_dtstart(event)
    let startDate = instant(start)
    var end: Date?
    if icalcomponent_get_first_property(event, ICAL_DTEND_PROPERTY) == nil,
      let duration = icalcomponent_get_first_property(event, ICAL_DURATION_PROPERTY)
    {
      // Added up in 64 bits: libical's own end wraps a long DURATION around (``seconds(of:)``).
      end = startDate.addingTimeInterval(TimeInterval(seconds(of: icalproperty_get_duration(duration))))
    } else {
      let endTime = icalcomponent_get_dtend(event)
      end = icaltime_is_null_time(endTime) != 0 ? nil : instant(endTime)
    }
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
  static func instant(_ time: icaltimetype) -> Date {
    let zone = time.zone ?? utcTimezone
    return Date(timeIntervalSince1970: TimeInterval(icaltime_as_timet_with_zone(time, zone)))
  }

  static func uid(of event: OpaquePointer) -> String {
    textProperty(icalcomponent_get_uid(event))
  }

  static func textProperty(_ value: UnsafePointer<CChar>?) -> String {
    value.map { String(cString: $0) } ?? ""
  }

  static func categories(of event: OpaquePointer) -> [String] {
    var result: [String] = []
    var property = icalcomponent_get_first_property(event, ICAL_CATEGORIES_PROPERTY)
    while let current = property {
      result += textProperty(icalproperty_get_categories(current)).split(separator: ",").map(String.init)
      property = icalcomponent_get_next_property(event, ICAL_CATEGORIES_PROPERTY)
    }
    return result
  }
}
