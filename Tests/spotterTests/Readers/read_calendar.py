"""Reads a calendar file with every Python iCalendar reader installed and prints, as JSON, what
each one makes of it: {reader: {uid: {"start": UTC ISO, "alarms": [UTC ISO, ...]}}} for every
event that is not cancelled, or {reader: {"error": message}} when a reader refuses the file.

    python read_calendar.py FILE

Readers: icalendar, recurring-ical-events (expands over the icalendar parse), vobject (which reads
the file's own VTIMEZONE through dateutil) and ics (ics-py). A reader that is not installed is
left out; the Swift test reports it as skipped.
"""
import datetime as dt
import json
import sys

UTC = dt.timezone.utc


def iso(value):
    return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def summarise_icalendar(events):
    """Start and alarms of each icalendar VEVENT that is not cancelled, by UID."""
    result = {}
    for event in events:
        if str(event.get("STATUS", "")).upper() == "CANCELLED":
            continue
        start = event.decoded("DTSTART")
        alarms = [iso(start + alarm.decoded("TRIGGER")) for alarm in event.walk("VALARM")]
        result[str(event["UID"])] = {"start": iso(start), "alarms": alarms}
    return result


def read_icalendar(text):
    import icalendar
    return summarise_icalendar(icalendar.Calendar.from_ical(text).walk("VEVENT"))


def read_recurring(text):
    import icalendar
    import recurring_ical_events
    calendar = icalendar.Calendar.from_ical(text)
    return summarise_icalendar(
        recurring_ical_events.of(calendar).between(dt.datetime(1971, 1, 1), dt.datetime(2099, 1, 1)))


def read_vobject(text):
    import vobject
    result = {}
    calendar = vobject.readOne(text)
    for event in getattr(calendar, "vevent_list", []):
        if hasattr(event, "status") and event.status.value.upper() == "CANCELLED":
            continue
        start = event.dtstart.value
        alarms = [iso(start + alarm.trigger.value) for alarm in getattr(event, "valarm_list", [])]
        result[event.uid.value] = {"start": iso(start), "alarms": alarms}
    return result


def read_ics(text):
    import ics
    result = {}
    for event in ics.Calendar(text).events:
        if (event.status or "").upper() == "CANCELLED":
            continue
        start = event.begin.datetime
        alarms = [iso(start + alarm.trigger) for alarm in event.alarms]
        result[event.uid] = {"start": iso(start), "alarms": alarms}
    return result


READERS = {"icalendar": read_icalendar, "recurring-ical-events": read_recurring, "vobject": read_vobject,
           "ics": read_ics}


def main():
    text = open(sys.argv[1], encoding="utf-8").read()
    output = {}
    for name, reader in READERS.items():
        try:
            output[name] = reader(text)
        except ImportError:
            continue
        except Exception as error:  # a reader that refuses the file is a finding, not a crash
            output[name] = {"error": f"{type(error).__name__}: {error}"}
    json.dump(output, sys.stdout, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
