"""Writes a synthetic Apple Health export.xml of about N megabytes and prints its workout count.

    python3 bench/health_export.py N PATH

Its shape follows real exports (HealthKit Export Version 14): an inline DTD, then mostly
heart-rate <Record>s, and a <Workout> with HKTimeZone metadata and a WorkoutStatistics child on
Mondays, Wednesdays and Fridays at 18:00.
"""
import datetime as dt
import sys

megabytes, path = int(sys.argv[1]), sys.argv[2]
record = ('  <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Apple Watch" sourceVersion="11.1" '
          'device="&lt;&lt;HKDevice: 0x3&gt;, name:Apple Watch&gt;" unit="count/min" '
          'creationDate="2024-01-01 10:00:00 +0100" startDate="2024-01-01 10:00:00 +0100" '
          'endDate="2024-01-01 10:00:00 +0100" value="72"/>\n')
with open(path, "w") as out:
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [\n'
              '<!-- HealthKit Export Version: 14 -->\n'
              '<!ELEMENT HealthData (ExportDate,Me,(Record|Workout)*)>\n'
              '<!ATTLIST HealthData locale CDATA #REQUIRED>\n]>\n<HealthData locale="en_US">\n'
              ' <ExportDate value="2026-11-20 10:00:00 +0100"/>\n <Me/>\n')
    size, day, workouts = 0, dt.date(2016, 1, 4), 0
    while size < megabytes * 1_000_000:
        out.write(record * 2000)
        size += 2000 * len(record)
        if day.weekday() in (0, 2, 4):
            start, end = f"{day} 18:00:00 +0100", f"{day} 19:00:00 +0100"
            out.write(f'  <Workout workoutActivityType="HKWorkoutActivityTypeTraditionalStrengthTraining" '
                      f'duration="60" durationUnit="min" sourceName="Apple Watch" startDate="{start}" '
                      f'endDate="{end}">\n   <MetadataEntry key="HKTimeZone" value="Europe/Berlin"/>\n'
                      f'   <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" '
                      f'startDate="{start}" endDate="{end}" sum="300" unit="Cal"/>\n  </Workout>\n')
            workouts += 1
        day += dt.timedelta(days=1)
    out.write("</HealthData>\n")
print(workouts)
