#!/usr/bin/env python3
"""Writes ../julian.jsonl: historical instants as swetest (Swiss Ephemeris
2.10, Debian's swetest) reads and computes them, for the sky routes' tests
of the calendar field and of the years before 1800.

Run from http/routes/sky:  python3 testdata/gen/julian.py

Each line after the header is one case:
  {"kind": "date", "year", "month", "day", "hour", "minute", "calendar",
   "swetest": the command, "jd": JD (UT) of the instant, "planets": {key:
   [longitude, latitude, speed]}}
  kind "date": a civil date and time, read by swetest as -b<d>.<m>.<y>
    (Julian before 1582-10-15, Gregorian after, like the API's default) or
    with "jul"/"greg" appended (the API's calendar julian/gregorian);
  kind "jd": a Julian day given to swetest -bj<jd> -ut; the date and time
    are the ones swetest prints for it (-fT; "j" marks the Julian
    calendar), which the test sends back as year..minute.
Positions: -p0123456789mtA -fPlbs (apparent geocentric tropical longitude,
latitude, speed in longitude, degrees), from the ephemeris files inside
1800-2400 and Moshier's theory outside (-emos, as the server does).
Tolerance in the test: 1" (0.001" expected where both use the same
theory; the server's tables inside 1800-2400 are within 0.001" of the
files), JD within 1e-7 day.
"""
import json
import random
import re
import subprocess

random.seed(1582)
NAMES = {"Sun": "sun", "Moon": "moon", "Mercury": "mercury", "Venus": "venus", "Mars": "mars", "Jupiter": "jupiter",
         "Saturn": "saturn", "Uranus": "uranus", "Neptune": "neptune", "Pluto": "pluto", "mean Node": "mean_node",
         "true Node": "true_node", "mean Apogee": "lilith"}


def run(args):
    out = subprocess.run(["swetest", *args, "-head"], capture_output=True, text=True, check=True).stdout
    return [l for l in out.splitlines() if l.strip() and not l.startswith(("warning", "using", "error"))]


def planets(date_args, moshier):
    args = [*date_args, "-p0123456789mtA", "-fPlbs"] + (["-emos"] if moshier else [])
    out = {}
    for line in run(args):
        m = re.match(r"^(\S+(?: \S+)?)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s*$", line)
        if m and m.group(1) in NAMES:
            out[NAMES[m.group(1)]] = [float(m.group(2)), float(m.group(3)), float(m.group(4))]
    assert len(out) == 13, (args, out)
    return out


def inside_files(jd):
    return 2378497.5 <= jd <= 2597641.5


version = re.search(r"Version: (\S+)", subprocess.run(["swetest", "-h"], capture_output=True, text=True).stdout).group(1)
lines = [json.dumps({"reference": f"swetest {version}", "generator": "testdata/gen/julian.py (seed 1582)",
                     "bodies": "-p0123456789mtA -fPlbs", "tolerance_arcsec": 1})]

cases = [(-43, 3, 15, 12, 0, ""), (1582, 10, 4, 23, 59, ""), (1582, 10, 15, 0, 0, ""), (-3000, 1, 1, 12, 0, ""),
         (0, 2, 29, 6, 30, ""), (1917, 10, 25, 21, 45, "julian"), (1000, 1, 1, 0, 0, "gregorian")]
for _ in range(40):
    cases.append((random.randint(-3000, 1581), random.randint(1, 12), random.randint(1, 28), random.randint(0, 23), random.randint(0, 59), ""))
for _ in range(10):
    cases.append((random.randint(-3000, 1581), random.randint(1, 12), random.randint(1, 28), random.randint(0, 23), random.randint(0, 59), "gregorian"))
for _ in range(10):
    cases.append((random.randint(1583, 2399), random.randint(1, 12), random.randint(1, 28), random.randint(0, 23), random.randint(0, 59), "julian"))
for y, m, d, h, mi, cal in cases:
    suffix = {"": "", "julian": "jul", "gregorian": "greg"}[cal]
    date = [f"-b{d}.{m}.{y}{suffix}", f"-ut{h}:{mi:02d}"]
    jd = float(run([*date, "-p0", "-fJ"])[-1].split()[0])
    lines.append(json.dumps({"kind": "date", "year": y, "month": m, "day": d, "hour": h, "minute": mi, "calendar": cal,
                             "swetest": "swetest " + " ".join(date), "jd": jd, "planets": planets(date, not inside_files(jd))}))

# Julian days at 0h or 12h (exact in binary, so swetest prints whole
# seconds), most of them before the reform.
jds = [1705426.0, 2299159.5, 2299160.5, 625673.0]
jds += [random.randint(625400, 2299159) + random.choice([0.0, 0.5]) for _ in range(20)]
jds += [random.randint(2299161, 2597000) + random.choice([0.0, 0.5]) for _ in range(5)]
for jd in jds:
    printed = run([f"-bj{jd}", "-ut", "-p0", "-fT"])[-1].split()
    m = re.match(r"^(\d+)\.(\d+)\.(-?\d+)(j?)$", printed[0])
    # At 0h swetest prints the date alone.
    t = re.match(r"^(\d+):(\d+):(\d+)$", printed[1] if len(printed) > 1 else "00:00:00")
    assert m and t and t.group(3) == "00", printed
    lines.append(json.dumps({"kind": "jd", "year": int(m.group(3)), "month": int(m.group(2)), "day": int(m.group(1)),
                             "hour": int(t.group(1)), "minute": int(t.group(2)),
                             "calendar": "julian" if m.group(4) else "gregorian",
                             "swetest": f"swetest -bj{jd} -ut", "jd": jd,
                             "planets": planets([f"-bj{jd}", "-ut"], not inside_files(jd))}))

with open("testdata/julian.jsonl", "w") as f:
    f.write("\n".join(lines) + "\n")
print(len(lines) - 1, "cases")
