#!/usr/bin/env python3
"""Generate http/routes/directions/testdata/swetest.json: primary directions
found by brute force on swetest's own house positions (Swiss Ephemeris
command-line tool, Debian package swetest), an independent check of
POST /api/v1/directions/primary.

No published worked example with numbers was at hand, so the reference is a
brute-force search: turning the sky through an arc a is the same as moving
the observer a degrees east at the same instant (the ARMC grows by a, the
geocentric positions do not change), so swetest -house<lon+a>,<lat>,<P|R>
gives every planet's Placidus or Regiomontanus house position (swetest's
format letter g, libswe's swe_house_pos) after a turn of a. A mundane
direction perfects when the moving body's house position reaches the
target's natal one plus or minus the aspect (a house is 30 degrees of g; g
falls as the sky turns); its arc is found by scanning a in steps of 1 degree
and closing in on each crossing with regula falsi on fresh swetest runs.

  direct, in mundo:   body P turned until g_P = g_S(natal) - k
  converse, in mundo: body S (Sun or Moon) turned until g_S = g_P(natal) + k
  k = 0, 180, +-60, +-90, +-120 (+k: the promissor's sinister aspect)

Zodiacal directions to the angles are checked against the textbook
formulas (the same in both methods): to the Midheaven the arc is the aspect
point's right ascension less the RAMC; to the Ascendant its oblique
ascension (RA - asin(tan(lat) tan(dec))) less the RAMC + 90; the aspect
point's RA and declination from its longitude and swetest's true obliquity.

Run from the repository root (about a minute):
    python3 http/routes/directions/testdata/gen/directions_swetest.py > http/routes/directions/testdata/swetest.json
The Go test posts each chart with key ptolemy (the age is the arc) and
to_age 100 and demands every arc within 0.05 degrees (the issue's
tolerance), both ways (every reference direction in the answer and every
checkable answer in the reference).
"""
import json
import math
import re
import subprocess
import sys

EPHE = "/usr/share/libswe/ephe"
NAMES = ["Sun", "Moon", "Mercury", "Venus", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune", "Pluto"]
CHARTS = [  # year, month, day, hour, minute (UT), latitude, longitude
    (1990, 7, 14, 12, 0, 51.5, 0.0),
    (1985, 3, 2, 4, 10, 40.7128, -74.006),
    (1972, 11, 20, 20, 45, -33.87, 151.21),
    (2001, 9, 9, 7, 30, 60.17, 24.94),
    (1955, 6, 1, 15, 0, 10.5, -66.9),
]
ASPECTS = [("conjunction", 0, ""), ("opposition", 180, ""), ("sextile", 60, "sinister"), ("sextile", -60, "dexter"),
           ("square", 90, "sinister"), ("square", -90, "dexter"), ("trine", 120, "sinister"), ("trine", -120, "dexter")]
MAX_ARC = 100.0


def run(args):
    return subprocess.run(["swetest", "-edir" + EPHE] + args, capture_output=True, text=True, check=True).stdout


def wrap180(x):
    x = math.fmod(x, 360.0)
    if x < 0:
        x += 360.0
    return x - 360.0 if x >= 180.0 else x


def wrap360(x):
    x = math.fmod(x, 360.0)
    return x + 360.0 if x < 0 else x


class Chart:
    def __init__(self, c):
        self.y, self.mo, self.d, self.h, self.mi, self.lat, self.lon = c
        self.cache = {}

    def base(self):
        return ["-b%d.%d.%d" % (self.d, self.mo, self.y), "-ut%02d:%02d" % (self.h, self.mi), "-head"]

    def gpos(self, system, a):
        """Every body's house position in degrees after a turn of a."""
        key = (system, a)
        if key not in self.cache:
            lon = wrap180(self.lon + a)
            out = run(self.base() + ["-p0123456789", "-house%.10f,%.6f,%s" % (lon, self.lat, system), "-fPg"])
            g = {}
            for line in out.splitlines():
                parts = line.split()
                if parts and parts[0] in NAMES:
                    g[parts[0]] = float(parts[1])
            self.cache[key] = g
        return self.cache[key]

    def natal(self):
        out = run(self.base() + ["-p0123456789", "-house%.6f,%.6f,P" % (self.lon, self.lat), "-fPlbad"])
        self.ecl, self.eq = {}, {}
        for line in out.splitlines():
            parts = line.split()
            if parts and parts[0] in NAMES:
                self.ecl[parts[0]] = float(parts[1])
                self.eq[parts[0]] = (float(parts[3]), float(parts[4]))
            elif parts[:1] == ["ARMC"]:
                self.armc = float(parts[1])
            elif parts[:1] == ["Ascendant"]:
                self.asc = float(parts[1])
            elif parts[:1] == ["MC"]:
                self.mc = float(parts[1])
        eps = run(["-b%d.%d.%d" % (self.d, self.mo, self.y), "-ut%02d:%02d" % (self.h, self.mi), "-p0"])
        m = re.search(r"Epsilon \(t/m\)\s+(\d+)°\s*(\d+)'\s*([\d.]+)", eps)
        self.eps = int(m.group(1)) + int(m.group(2)) / 60 + float(m.group(3)) / 3600

    def circumpolar(self, body):
        x = -math.tan(math.radians(self.lat)) * math.tan(math.radians(self.eq[body][1]))
        return not (-1 < x < 1)

    def roots(self, system, body, target):
        """Every arc in [0, MAX_ARC] where body's g reaches target."""
        found = []
        steps = int(MAX_ARC) + 1
        prev_a, prev_d = None, None
        for i in range(steps + 1):
            a = float(i)
            d = wrap180(self.gpos(system, a)[body] - target)
            if prev_d is not None and prev_d > 0 >= d and prev_d - d < 180:
                found.append(self.refine(system, body, target, prev_a, prev_d, a, d))
            prev_a, prev_d = a, d
        return [r for r in found if r <= MAX_ARC]

    def refine(self, system, body, target, a0, d0, a1, d1):
        side = 0
        for _ in range(40):
            a = a1 - d1 * (a1 - a0) / (d1 - d0)
            d = wrap180(self.gpos(system, a)[body] - target)
            if abs(d) < 1e-9 or a1 - a0 < 1e-10:
                return a
            if d > 0:
                a0, d0 = a, d
                if side == 1:
                    d1 /= 2
                side = 1
            else:
                a1, d1 = a, d
                if side == -1:
                    d0 /= 2
                side = -1
        return a


def point_eq(lon, eps):
    l, e = math.radians(lon), math.radians(eps)
    ra = math.degrees(math.atan2(math.sin(l) * math.cos(e), math.cos(l)))
    return wrap360(ra), math.degrees(math.asin(math.sin(l) * math.sin(e)))


def main():
    version = run(["-b1.1.2000", "-p0"]).split("version")[1].split()[0]
    cases = []
    for c in CHARTS:
        ch = Chart(c)
        ch.natal()
        req = {"year": ch.y, "month": ch.mo, "day": ch.d, "hour": ch.h, "minute": ch.mi, "latitude": ch.lat,
               "longitude": ch.lon, "timezone": "UTC", "key": "ptolemy", "to_age": int(MAX_ARC), "motion": "both"}
        case = {"request": req, "mundane": {}, "zodiacal_angles": []}
        for system, method in (("P", "placidus"), ("R", "regiomontanus")):
            natal = ch.gpos(system, 0.0)
            targets = {"Sun": natal["Sun"], "Moon": natal["Moon"], "Ascendant": 0.0, "Midheaven": 270.0}
            dirs = []
            for prom in NAMES:
                if system == "P" and ch.circumpolar(prom):
                    continue
                for sig, gs in targets.items():
                    if sig == prom or (system == "P" and sig in ("Sun", "Moon") and ch.circumpolar(sig)):
                        continue
                    for name, k, side in ASPECTS:
                        for arc in ch.roots(system, prom, wrap360(gs - k)):
                            dirs.append({"promissor": prom, "aspect": name, "side": side, "significator": sig,
                                         "motion": "direct", "arc": round(arc, 8)})
                        if sig in ("Sun", "Moon"):
                            for arc in ch.roots(system, sig, wrap360(natal[prom] + k)):
                                dirs.append({"promissor": prom, "aspect": name, "side": side, "significator": sig,
                                             "motion": "converse", "arc": round(arc, 8)})
            case["mundane"][method] = dirs
        phi = math.radians(ch.lat)
        for prom in NAMES:
            for name, k, side in ASPECTS:
                ra, dec = point_eq(ch.ecl[prom] + k, ch.eps)
                x = math.tan(phi) * math.tan(math.radians(dec))
                for sig, arc in (("Midheaven", wrap360(ra - ch.armc)),
                                 ("Ascendant", wrap360(ra - math.degrees(math.asin(x)) - ch.armc - 90) if -1 < x < 1 else None)):
                    if arc is not None and arc <= MAX_ARC:
                        case["zodiacal_angles"].append({"promissor": prom, "aspect": name, "side": side,
                                                        "significator": sig, "motion": "direct", "arc": round(arc, 8)})
        case["swetest_calls"] = len(ch.cache) + 2
        cases.append(case)
        print("chart %d-%02d-%02d: %d placidus, %d regiomontanus, %d zodiacal to angles" % (
            ch.y, ch.mo, ch.d, len(case["mundane"]["placidus"]), len(case["mundane"]["regiomontanus"]),
            len(case["zodiacal_angles"])), file=sys.stderr)
    json.dump({"generator": "http/routes/directions/testdata/gen/directions_swetest.py",
               "reference": "swetest from the Swiss Ephemeris, version %s, files %s: house positions (-fPg) "
                            "scanned over the observer's longitude; zodiacal directions to the angles by RA and "
                            "oblique ascension from swetest's positions and true obliquity" % (version, EPHE),
               "tolerance_degrees": 0.05, "max_arc": MAX_ARC, "cases": cases}, sys.stdout, indent=1)
    print(file=sys.stdout)


if __name__ == "__main__":
    main()
