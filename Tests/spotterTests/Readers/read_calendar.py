"""Reads a calendar file with every iCalendar reader installed and prints, as JSON, what each one
makes of it: {reader: {uid: {"start": UTC ISO, "alarms": [UTC ISO, ...]}}} for every event that
is not cancelled, or {reader: {"error": message}} when a reader refuses the file.

    python read_calendar.py FILE WORKDIR

Readers: icalendar (its parse, and its own `Alarms` times), recurring-ical-events (expands over the icalendar parse), vobject (which reads
the file's own VTIMEZONE through dateutil) and ics (ics-py); `khal import` and `calcurse -i`,
which keep no alarm times, so their "alarms" are null; and a Radicale server the file is PUT to
and read back from with GET. calcurse keeps no UIDs either: its entry is {"starts": [UTC ISO, ...]}
over every event it imported. A reader that is not installed is left out; the Swift test reports
it as skipped. WORKDIR holds each reader's scratch files.
"""
import datetime as dt
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

UTC = dt.timezone.utc


def iso(value):
    return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def fires(start, trigger):
    """When an alarm fires, as an application on the reader computes it: an absolute trigger is
    its own instant, a relative one is added to the start as the reader's datetime adds it (in
    Python, to the wall-clock reading)."""
    if hasattr(trigger, "datetime"):  # ics-py hands an absolute trigger over as an Arrow
        trigger = trigger.datetime
    return iso(trigger if isinstance(trigger, dt.datetime) else start + trigger)


def summarise_icalendar(events):
    """Start and alarms of each icalendar VEVENT that is not cancelled, by UID."""
    result = {}
    for event in events:
        if str(event.get("STATUS", "")).upper() == "CANCELLED":
            continue
        start = event.decoded("DTSTART")
        alarms = [fires(start, alarm.decoded("TRIGGER")) for alarm in event.walk("VALARM")]
        result[str(event["UID"])] = {"start": iso(start), "alarms": alarms}
    return result


def read_icalendar(text):
    import icalendar
    return summarise_icalendar(icalendar.Calendar.from_ical(text).walk("VEVENT"))


def read_icalendar_alarms(text):
    """icalendar's own alarm times (`icalendar.alarms.Alarms`), as an application asks for them."""
    import icalendar
    from icalendar.alarms import Alarms
    result = {}
    for event in icalendar.Calendar.from_ical(text).walk("VEVENT"):
        if str(event.get("STATUS", "")).upper() == "CANCELLED":
            continue
        start = event.decoded("DTSTART")
        result[str(event["UID"])] = {"start": iso(start), "alarms": [iso(t.trigger) for t in Alarms(event).times]}
    return result


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
        alarms = [fires(start, alarm.trigger.value) for alarm in getattr(event, "valarm_list", [])]
        result[event.uid.value] = {"start": iso(start), "alarms": alarms}
    return result


def read_ics(text):
    import ics
    result = {}
    for event in ics.Calendar(text).events:
        if (event.status or "").upper() == "CANCELLED":
            continue
        start = event.begin.datetime
        alarms = [fires(start, alarm.trigger) for alarm in event.alarms]
        result[event.uid] = {"start": iso(start), "alarms": alarms}
    return result


def read_khal(path, work):
    """khal 0.10 (Debian's), in UTC: what `khal list` shows after `khal import`."""
    if shutil.which("khal") is None:
        raise ImportError("khal")
    calendar = os.path.join(work, "khal", "calendar")
    os.makedirs(calendar)
    config = os.path.join(work, "khal", "config")
    with open(config, "w") as handle:
        handle.write(f"""[calendars]
[[spotter]]
path = {calendar}
[locale]
local_timezone = UTC
default_timezone = UTC
timeformat = %H:%M
dateformat = %Y-%m-%d
longdateformat = %Y-%m-%d
datetimeformat = %Y-%m-%dT%H:%M:00Z
longdatetimeformat = %Y-%m-%dT%H:%M:00Z
[sqlite]
path = {os.path.join(work, "khal", "khal.db")}
""")
    # A home of its own: the reader must not touch the user's.
    environment = dict(os.environ, HOME=os.path.join(work, "khal"))
    quiet = {"stdin": subprocess.DEVNULL, "capture_output": True, "text": True, "check": True, "env": environment}
    subprocess.run(["khal", "-c", config, "import", "--batch", "-a", "spotter", path], **quiet)
    listed = subprocess.run(
        ["khal", "-c", config, "list", "--format", "{uid}|{start}|{cancelled}", "--day-format", "",
         "1971-01-01", "2099-01-01"], **quiet).stdout
    result = {}
    for line in listed.splitlines():
        if not line.strip():
            continue
        uid, start, cancelled = line.split("|")
        if not cancelled.strip():
            result[uid] = {"start": start, "alarms": None}
    return result


def read_calcurse(path, work):
    """calcurse 4.7 (Debian's), run in UTC: the start of every appointment `calcurse -i` made."""
    if shutil.which("calcurse") is None:
        raise ImportError("calcurse")
    data = os.path.join(work, "calcurse")
    os.makedirs(data)
    environment = dict(os.environ, TZ="UTC", HOME=data)
    quiet = {"stdin": subprocess.DEVNULL, "capture_output": True, "text": True, "check": True, "env": environment}
    subprocess.run(["calcurse", "-D", data, "-i", path], **quiet)
    # Its own store, one appointment a line (`MM/DD/YYYY @ HH:MM -> ...`): `calcurse -Q` lists an
    # appointment that runs past midnight under each of its days, so it would count twice.
    starts = []
    with open(os.path.join(data, "apts"), encoding="utf-8") as handle:
        for line in handle:
            day, _, rest = line.partition(" @ ")
            if rest:
                start = dt.datetime.strptime(day + " " + rest[:5], "%m/%d/%Y %H:%M")
                starts.append(start.strftime("%Y-%m-%dT%H:%M:%SZ"))
    return {"starts": sorted(starts)}


def read_radicale(path, work):
    """A Radicale server: the file PUT as a whole collection, then read back with GET."""
    import radicale  # noqa: F401 -- only to know it is installed
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "radicale", "--server-hosts", f"127.0.0.1:{port}", "--auth-type", "none",
         "--storage-filesystem-folder", os.path.join(work, "radicale")],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        root = f"http://127.0.0.1:{port}/"
        # Wait for the server to answer, as long as it runs: it may start slowly on a busy machine.
        while True:
            try:
                urllib.request.urlopen(root).close()
                break
            except (urllib.error.URLError, ConnectionError):
                if server.poll() is not None:
                    raise RuntimeError("Radicale exited")
                time.sleep(0.05)
        # The principal's home first, as a client's first login makes it; then the whole file,
        # which Radicale stores as one resource per UID.
        urllib.request.urlopen(urllib.request.Request(root + "user/", method="MKCOL")).close()
        collection = root + "user/spotter/"
        with open(path, "rb") as handle:
            body = handle.read()
        request = urllib.request.Request(
            collection, data=body, method="PUT", headers={"Content-Type": "text/calendar; charset=utf-8"})
        urllib.request.urlopen(request).close()
        with urllib.request.urlopen(collection) as response:
            text = response.read().decode("utf-8")
    finally:
        server.kill()
        server.wait()
    return read_icalendar(text)


READERS = {"icalendar": read_icalendar, "icalendar-alarms": read_icalendar_alarms,
           "recurring-ical-events": read_recurring, "vobject": read_vobject, "ics": read_ics}
TOOLS = {"khal": read_khal, "calcurse": read_calcurse, "radicale": read_radicale}


def main():
    path, work = sys.argv[1], sys.argv[2]
    text = open(path, encoding="utf-8").read()
    output = {}
    for name, reader in [(name, lambda r=reader: r(text)) for name, reader in READERS.items()] + [
            (name, lambda r=reader: r(path, work)) for name, reader in TOOLS.items()]:
        try:
            output[name] = reader()
        except ImportError:
            continue
        except subprocess.CalledProcessError as error:
            output[name] = {"error": f"{' '.join(error.cmd[:3])}: exit {error.returncode}: {error.stderr.strip()}"}
        except Exception as error:  # a reader that refuses the file is a finding, not a crash
            output[name] = {"error": f"{type(error).__name__}: {error}"}
    json.dump(output, sys.stdout, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
