#!/usr/bin/env python3
"""Generate http/routes/relationship/testdata/relationship/swetest.json: pairs
of births with the Davison and composite charts computed independently of
the API, positions, angles and cusps from swetest (Swiss Ephemeris command-line
tool, Debian package swetest, data swe-basic-data).

Run from the repository root:
    python3 http/routes/relationship/testdata/gen/relationship_swetest.py > http/routes/relationship/testdata/relationship/swetest.json

Births are random UTC instants 1800-2399 (whole seconds) at latitudes -66..66,
sent without a zone so each is the swetest -ut instant exactly.

Davison: the midpoint instant is the floor of the mean of the two Unix
seconds; the place is the great-circle midpoint by the spherical-trigonometry
formula (Bx = cos f2 cos dl, By = cos f2 sin dl, f = atan2(sin f1 + sin f2,
sqrt((cos f1 + Bx)^2 + By^2)), l = l1 + atan2(By, cos f1 + Bx)), not the
vector sum the API uses. swetest gives the chart at that instant and place.

Composite: every body at the near midpoint of its two swetest longitudes (an
exactly opposite pair takes the midpoint in [0, 180)). derived_ascendant: the
Midheaven is the near midpoint of the two swetest Midheavens; its ARMC under the
true obliquity at the mean Julian day (swetest -po) is
atan2(sin MC cos eps, cos MC) (MC moved to the tropical zodiac with the
ayanamsa at that instant, measured as the tropical minus the sidereal Sun);
swetest casts the houses at the mean Julian day, the mean latitude and the
geographic longitude that puts that ARMC on the meridian (the ARMC swetest
reports at longitude 0 subtracted). midpoints: the near midpoints of the two
swetest cusps 10, 11, 12, 1, 2, 3, Ascendant and Midheaven (equal and whole
sign from the composite Ascendant). The j2000 ayanamsa is left out of the
composites (libswe casts its sidereal houses on the ecliptic of J2000).

The Go test (http/routes/relationship/relationship_swetest_test.go) demands
agreement within 1 arcsecond.
"""
import datetime
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "testdata", "gen"))
from swefixture import EPHE, dump, reference, swetest

HOUSES = {"placidus": "P", "koch": "K", "equal": "E", "whole_sign": "W",
          "regiomontanus": "R", "campanus": "C", "morinus": "M", "porphyry": "O"}
SIDM = {"fagan_bradley": 0, "lahiri": 1, "deluce": 2, "raman": 3, "kp": 5, "j2000": 18}
BODIES = [("0", "Sun"), ("1", "Moon"), ("2", "Mercury"), ("3", "Venus"), ("4", "Mars"),
          ("5", "Jupiter"), ("6", "Saturn"), ("7", "Uranus"), ("8", "Neptune"), ("9", "Pluto"),
          ("A", "Lilith"), ("D", "Chiron")]
SWE_NAMES = {"Lilith": "mean Apogee"}
N = 40
UNIX_JD0 = 2440587.5


def norm(a):
    a = math.fmod(a, 360.0)
    return a + 360.0 if a < 0 else a


def near_mid(a, b):
    a, b = norm(a), norm(b)
    if a > b:
        a, b = b, a
    d = b - a
    if d == 180:
        m = a + 90
        return m - 180 if m >= 180 else m
    if d > 180:
        return norm(b + (360 - d) / 2)
    return a + d / 2


def random_birth(rnd):
    t = datetime.datetime(1800, 1, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(
        seconds=rnd.randint(0, 600 * 365 * 86400))
    return t, round(rnd.uniform(-66, 66), 4), round(rnd.uniform(-180, 180), 4)


def request(t, lat, lon, settings):
    r = {"year": t.year, "month": t.month, "day": t.day, "hour": t.hour, "minute": t.minute,
         "second": t.second, "latitude": lat, "longitude": lon}
    r.update(settings)
    return r


def when(t):
    return ["-b%d.%d.%d" % (t.day, t.month, t.year), "-ut%02d:%02d:%02d" % (t.hour, t.minute, t.second)]


def chart(time_args, lat, lon, settings):
    """Positions, cusps and angles swetest gives for a chart."""
    bodies = BODIES + ([("F", "Ceres"), ("G", "Pallas"), ("H", "Juno"), ("I", "Vesta")]
                       if settings.get("include_asteroids") else [])
    node = settings.get("node_type", "true")
    letters = "".join(b[0] for b in bodies) + ("m" if node == "mean" else "t")
    args = time_args + ["-p" + letters, "-fPlbs",
                        "-house%r,%r,%s" % (lon, lat, HOUSES[settings.get("house_system", "placidus")])]
    if settings.get("zodiac_type") == "sidereal":
        args.append("-sid%d" % SIDM[settings["ayanamsa"]])
    rows = swetest(args)
    planets = {name: rows[SWE_NAMES.get(name, name)][:3] for _, name in bodies}
    planets["North Node"] = rows["mean Node" if node == "mean" else "true Node"][:3]
    return {
        "swetest": " ".join(["swetest"] + args),
        "planets": planets,
        "cusps": [rows["house %2d" % k][0] for k in range(1, 13)],
        "ascendant": rows["Ascendant"][0], "midheaven": rows["MC"][0], "vertex": rows["Vertex"][0],
    }


def great_circle_mid(lat1, lon1, lat2, lon2):
    f1, l1, f2, l2 = map(math.radians, (lat1, lon1, lat2, lon2))
    bx = math.cos(f2) * math.cos(l2 - l1)
    by = math.cos(f2) * math.sin(l2 - l1)
    f = math.atan2(math.sin(f1) + math.sin(f2), math.sqrt((math.cos(f1) + bx) ** 2 + by ** 2))
    lm = l1 + math.atan2(by, math.cos(f1) + bx)
    lon = (math.degrees(lm) + 540) % 360 - 180
    return math.degrees(f), lon


def settings_for(i, rnd, allow_j2000=True):
    ayas = [a for a in SIDM if allow_j2000 or a != "j2000"]
    s = {"house_system": list(HOUSES)[i % len(HOUSES)], "node_type": "mean" if i % 3 == 0 else "true"}
    if i % 4 == 3:
        s["zodiac_type"] = "sidereal"
        s["ayanamsa"] = ayas[(i // 4) % len(ayas)]
    if i % 5 == 0:
        s["include_asteroids"] = True
    return s


def davison_cases(rnd):
    cases = []
    for i in range(N):
        s = settings_for(i, rnd)
        (t1, la1, lo1), (t2, la2, lo2) = random_birth(rnd), random_birth(rnd)
        u = int(t1.timestamp()) + int(t2.timestamp())
        mid = datetime.datetime.fromtimestamp(u // 2, tz=datetime.timezone.utc)
        lat, lon = great_circle_mid(la1, lo1, la2, lo2)
        c = chart(when(mid), lat, lon, s)
        c.update({"request": {"person1": request(t1, la1, lo1, s), "person2": request(t2, la2, lo2, {})},
                  "utc": mid.strftime("%Y-%m-%dT%H:%M:%SZ"), "latitude": lat, "longitude": lon})
        cases.append(c)
    return cases


def composite_cases(rnd):
    cases = []
    for i in range(N):
        s = settings_for(i, rnd, allow_j2000=False)
        method = "midpoints" if i % 2 else "derived_ascendant"
        (t1, la1, lo1), (t2, la2, lo2) = random_birth(rnd), random_birth(rnd)
        c1, c2 = chart(when(t1), la1, lo1, s), chart(when(t2), la2, lo2, s)
        planets = {}
        for name, p in c1["planets"].items():
            planets[name] = near_mid(p[0], c2["planets"][name][0])
        planets["South Node"] = norm(planets["North Node"] + 180)
        sysname = s["house_system"]
        mc = near_mid(c1["midheaven"], c2["midheaven"])
        lat = (la1 + la2) / 2
        case = {"request": {"person1": request(t1, la1, lo1, s), "person2": request(t2, la2, lo2, {}),
                            "house_method": method},
                "swetest": [c1["swetest"], c2["swetest"]], "planets": planets}
        if method == "derived_ascendant":
            jd1 = UNIX_JD0 + t1.timestamp() / 86400
            jd2 = UNIX_JD0 + t2.timestamp() / 86400
            tmid = (jd1 + jd2) / 2
            at = ["-bj%r" % tmid, "-ut"]
            eps = swetest(at + ["-po", "-fPl"])["Ecl. Obl."][0]
            gast = swetest(at + ["-p0", "-fPl", "-house0,%r,P" % lat])["ARMC"][0]
            aya = 0.0
            sid = []
            if s.get("zodiac_type") == "sidereal":
                sid = ["-sid%d" % SIDM[s["ayanamsa"]]]
                trop = swetest(at + ["-p0", "-fPl"])["Sun"][0]
                side = swetest(at + ["-p0", "-fPl"] + sid)["Sun"][0]
                aya = norm(trop - side)
            m = math.radians(mc + aya)
            armc = norm(math.degrees(math.atan2(math.sin(m) * math.cos(math.radians(eps)), math.cos(m))))
            geo = (armc - gast + 540) % 360 - 180
            args = at + ["-p0", "-fPl", "-house%r,%r,%s" % (geo, lat, HOUSES[sysname])] + sid
            rows = swetest(args)
            case["swetest"].append(" ".join(["swetest"] + args))
            case["cusps"] = [rows["house %2d" % k][0] for k in range(1, 13)]
            case["ascendant"], case["midheaven"] = rows["Ascendant"][0], rows["MC"][0]
            case["armc"] = armc
        else:
            asc = near_mid(c1["ascendant"], c2["ascendant"])
            cusps = [0.0] * 12
            if sysname in ("equal", "whole_sign"):
                start = asc if sysname == "equal" else math.floor(asc / 30) * 30
                cusps = [norm(start + 30 * k) for k in range(12)]
            else:
                for k in (9, 10, 11, 0, 1, 2):
                    cusps[k] = near_mid(c1["cusps"][k], c2["cusps"][k])
                    cusps[(k + 6) % 12] = norm(cusps[k] + 180)
            case["cusps"], case["ascendant"], case["midheaven"] = cusps, asc, mc
        cases.append(case)
    return cases


def main():
    rnd = random.Random(20261124)
    dump({
        "generator": "http/routes/relationship/testdata/gen/relationship_swetest.py",
        "reference": reference(),
        "tolerance_arcsec": 1,
        "davison": davison_cases(rnd),
        "composite": composite_cases(rnd),
    })


if __name__ == "__main__":
    main()
