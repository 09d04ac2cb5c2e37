"""The Python peer of Spotter's nightly job, for bench/peer: the same work, written plainly.

    python bench/peer.py STRONG.csv OUT_DIR NOW_ISO

It reads a Strong export with `csv`, groups the rows into sessions, learns for each weekday how
often it was trained over the last eight weeks and the median start of its last twelve sessions,
plans the next seven days (a reminder 30 minutes before the usual start on weekdays trained at
least half the time, none on a day already trained), and writes `spotter.ics` with python
`icalendar` (VEVENT with VALARM, the zone's VTIMEZONE) and `agenda.crontab` lines. It keeps no
store: every night it re-reads the whole export, as a script would.
"""
import csv
import datetime as dt
import statistics
import sys
import zoneinfo

import icalendar

ZONE = zoneinfo.ZoneInfo("Europe/Berlin")


def sessions(path):
    """Session starts (local, naive) by the Date column, one per workout."""
    starts = {}
    with open(path, newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            stamp = row["Date"]
            if stamp not in starts:
                starts[stamp] = (dt.datetime.strptime(stamp, "%Y-%m-%d %H:%M:%S"), row["Workout Name"])
    return sorted(starts.values())


def plan(history, now):
    today = now.date()
    trained_days = {start.date() for start, _ in history}
    reminders = []
    for offset in range(1, 8):
        day = today + dt.timedelta(days=offset)
        same = [start for start, _ in history if start.weekday() == day.weekday() and start.date() < today]
        weeks = [today - dt.timedelta(days=7 * k) for k in range(1, 9)]
        hits = sum(1 for week in weeks if any(d.weekday() == day.weekday() and 0 <= (week - d).days < 7
                                              for d in trained_days))
        if day in trained_days or hits * 2 < len(weeks) or not same:
            continue
        minutes = statistics.median(s.hour * 60 + s.minute for s in same[-12:])
        start = dt.datetime.combine(day, dt.time(int(minutes) // 60, int(minutes) % 60), ZONE)
        names = [name for start_, name in history if start_.weekday() == day.weekday()]
        reminders.append((day, start, names[-1] if names else "Workout"))
    return reminders


def write(reminders, out, now):
    calendar = icalendar.Calendar()
    calendar.add("prodid", "-//peer//EN")
    calendar.add("version", "2.0")
    lines = []
    for day, start, name in reminders:
        event = icalendar.Event()
        event.add("uid", f"workout-reminder-{day}@peer")
        event.add("dtstamp", now)
        event.add("dtstart", start)
        event.add("dtend", start + dt.timedelta(hours=1))
        event.add("summary", "Workout Time!")
        event.add("description", f"Today: {name}")
        alarm = icalendar.Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("description", f"Today: {name}")
        alarm.add("trigger", dt.timedelta(minutes=-30))
        event.add_component(alarm)
        calendar.add_component(event)
        fire = start - dt.timedelta(minutes=30)
        lines.append(f"{fire.minute} {fire.hour} {fire.day} {fire.month} * spotter fire workout-reminder-{day}@peer")
    calendar.add_missing_timezones()
    with open(f"{out}/spotter.ics", "wb") as handle:
        handle.write(calendar.to_ical())
    with open(f"{out}/agenda.crontab", "w") as handle:
        handle.write("\n".join(lines) + "\n")


def main():
    path, out, now = sys.argv[1], sys.argv[2], dt.datetime.fromisoformat(sys.argv[3])
    write(plan(sessions(path), now.astimezone(ZONE).replace(tzinfo=None)), out, now)


if __name__ == "__main__":
    main()
