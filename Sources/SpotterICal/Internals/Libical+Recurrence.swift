import CLibical
import Foundation
import SpotterCore

/// Occurrences of events in a window: RRULE expansion bounded per event and per import,
/// EXDATE, RECURRENCE-ID overrides and cancellations.
extension Libical {
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
  /// The longest an occurrence may last: no block of time one plans around is longer than a
  /// year, and a DTEND of 9999 wrote `DTEND:00000000T000000` into the calendar Spotter makes.
  static let longestOccurrence: TimeInterval = 366 * 86_400

  /// A DURATION in seconds, added up in 64 bits: libical's `icaldurationtype_as_int` sums in an
  /// `int`, and `P999999999W` wrapped around to a negative length, `-P999999999W` to 3.6 years.
  static func seconds(of duration: icaldurationtype) -> Int {
    let total =
      Int(duration.weeks) * 604_800 + Int(duration.days) * 86_400 + Int(duration.hours) * 3_600
      + Int(duration.minutes) * 60 + Int(duration.seconds)
    return duration.is_neg != 0 ? -total : total
  }

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
  static func checkTimeZoneRules(_ calendar: OpaquePointer, _ place: Place) throws {
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

  static func occurrences(
    _ calendars: [OpaquePointer], place: Place, from: Date, to: Date, fallbackZone: String
  ) throws -> [CalendarOccurrence] {
    guard !calendars.isEmpty else {
      throw SpotterICalError.unparsable(file: place.fileName, line: 1, reason: "no VCALENDAR in the file")
    }
    let fallback = builtinTimezone(fallbackZone) ?? utcTimezone
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
          length = TimeInterval(seconds(of: icalproperty_get_duration(duration)))
        }
        // An event without a length (no end, or one not after its start) or longer than a year
        // is no block of time; `focus import` counts it as such.
        guard length > 0, length <= longestOccurrence else { continue }
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
  static func wallClock(_ date: Date) -> icaltimetype {
    var reading = time(date, zone: utcTimezone)
    reading.zone = nil
    return reading
  }

  /// Whether `time`'s wall-clock reading, whatever its zone, comes before `bound`'s.
  static func isBefore(_ time: icaltimetype, _ bound: icaltimetype) -> Bool {
    var reading = time
    reading.zone = nil
    reading.is_date = 0
    return icaltime_compare(reading, bound) < 0
  }

  static func key(_ uid: String, _ original: Date) -> String {
    "\(uid)/\(Int(original.timeIntervalSince1970))"
  }
}
