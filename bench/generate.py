#!/usr/bin/env python3
"""Generates synthetic workout histories in Strong and Hevy CSV form.

    bench/generate.py --years 5 --out bench/data          # benchmark inputs
    bench/generate.py --examples --out examples           # the bundled examples (12 weeks)

Deterministic: the same arguments give the same bytes.
"""
import argparse
import datetime as dt
import os
import random

PROGRAM = {
    "Push Day": [("Bench Press (Barbell)", 60.0, 8), ("Overhead Press (Barbell)", 37.5, 8),
                 ("Incline Bench Press (Dumbbell)", 22.0, 10), ("Triceps Pushdown (Cable)", 25.0, 12)],
    "Pull Day": [("Deadlift (Barbell)", 100.0, 5), ("Lat Pulldown (Cable)", 55.0, 10),
                 ("Bent Over Row (Barbell)", 50.0, 8), ("Bicep Curl (Dumbbell)", 12.0, 12)],
    "Leg Day": [("Squat (Barbell)", 80.0, 6), ("Romanian Deadlift (Barbell)", 70.0, 8),
                ("Leg Press", 140.0, 10), ("Standing Calf Raise (Machine)", 60.0, 15)],
    "Full Body": [("Squat (Barbell)", 80.0, 6), ("Bench Press (Barbell)", 60.0, 8),
                  ("Bent Over Row (Barbell)", 50.0, 8), ("Plank", None, None)],
}
HEVY_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def sessions(start, weeks, rng, days=(0, 2, 4), names=("Push Day", "Pull Day", "Leg Day"),
             skip_week=None, sets_per_exercise=3, extra_day=None):
    """Yields (start datetime, minutes, name, [(exercise, kind, weight, reps)])."""
    progress = 0.0
    for week in range(weeks):
        if week == skip_week:
            continue
        slots = list(zip(days, names))
        if extra_day is not None:
            slots.append((extra_day, "Full Body"))
        for day, name in slots:
            date = start + dt.timedelta(days=week * 7 + day)
            minute = 18 * 60 + int(rng.gauss(0, 9))
            if rng.random() < 0.04:
                minute = 7 * 60 + rng.randrange(0, 40)  # the odd early session
            begin = dt.datetime(date.year, date.month, date.day) + dt.timedelta(minutes=minute,
                                                                                  seconds=rng.randrange(60))
            sets = []
            for exercise, base, reps in PROGRAM[name]:
                weight = None if base is None else round((base + progress) * 2) / 2
                if weight is not None and rng.random() < 0.5:
                    sets.append((exercise, "warmup", round(weight * 0.5 * 2) / 2, reps))
                for _ in range(sets_per_exercise):
                    kind = "failure" if rng.random() < 0.03 else "normal"
                    sets.append((exercise, kind, weight, reps if reps else None))
            yield begin, 50 + rng.randrange(0, 30), name, sets
        progress += 0.6


def strong_rows(history, rng):
    out = ["Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"]
    for begin, minutes, name, sets in history:
        stamp = begin.strftime("%Y-%m-%d %H:%M:%S")
        duration = f"{minutes // 60}h {minutes % 60}m" if minutes >= 60 else f"{minutes}m"
        order = {}
        last = None
        for exercise, kind, weight, reps in sets:
            if exercise != last and last is not None and rng.random() < 0.6:
                out.append(f'{stamp},"{name}",{duration},"{last}",Rest Timer,0,0.0,0,120.0,,,')
            last = exercise
            if kind == "warmup":
                label = "W"
            elif kind == "failure":
                label = "F"
            else:
                order[exercise] = order.get(exercise, 0) + 1
                label = str(order[exercise])
            w = "" if weight is None else f"{weight:.1f}"
            r = "" if reps is None else str(reps)
            seconds = "60.0" if reps is None else "0.0"
            note = '"felt strong, go up next time"' if rng.random() < 0.02 else '""'
            out.append(f'{stamp},"{name}",{duration},"{exercise}",{label},{w},{r},0,{seconds},{note},"",')
    return "\n".join(out) + "\n"


def hevy_rows(history):
    out = ['"title","start_time","end_time","description","exercise_title","superset_id","exercise_notes",'
           '"set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"']
    rows = []
    for begin, minutes, name, sets in history:
        end = begin + dt.timedelta(minutes=minutes)
        fmt = lambda t: f"{t.day} {HEVY_MONTHS[t.month - 1]} {t.year}, {t.strftime('%H:%M')}"
        index = {}
        block = []
        for exercise, kind, weight, reps in sets:
            i = index.get(exercise, 0)
            index[exercise] = i + 1
            w = "" if weight is None else (f"{weight:g}")
            r = "" if reps is None else str(reps)
            d = "60" if reps is None else ""
            block.append(f'"{name}","{fmt(begin)}","{fmt(end)}","","{exercise}",,"",{i},"{kind}",{w},{r},,{d},')
        rows.append(block)
    for block in reversed(rows):  # Hevy lists the newest workout first.
        out.extend(block)
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--years", type=int, default=5)
    parser.add_argument("--out", default="bench/data")
    parser.add_argument("--examples", action="store_true")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if args.examples:
        rng = random.Random(42)
        # Strong: 12 weeks from Mon 2026-08-24; Hevy: the last 10 of them logged again (same
        # workouts, a few minutes apart) plus one more week, as when a person switches apps.
        strong = list(sessions(dt.date(2026, 8, 24), 12, rng, skip_week=7))
        hevy = []
        for begin, minutes, name, sets in strong[6:]:
            hevy.append((begin + dt.timedelta(minutes=rng.randrange(1, 5)), minutes, name, sets))
        hevy += list(sessions(dt.date(2026, 11, 16), 1, random.Random(7)))
        with open(os.path.join(args.out, "strong.csv"), "w") as f:
            f.write(strong_rows(strong, rng))
        with open(os.path.join(args.out, "hevy.csv"), "w") as f:
            f.write(hevy_rows(hevy))
        return
    rng = random.Random(args.years)
    weeks = args.years * 52
    start = dt.date(2026, 11, 16) - dt.timedelta(weeks=weeks)
    history = list(sessions(start, weeks, rng, sets_per_exercise=6, extra_day=5))
    with open(os.path.join(args.out, f"strong-{args.years}y.csv"), "w") as f:
        f.write(strong_rows(history, rng))
    with open(os.path.join(args.out, f"hevy-{args.years}y.csv"), "w") as f:
        f.write(hevy_rows(history))


if __name__ == "__main__":
    main()
