#!/usr/bin/env python3
"""Writes ../offsets.json: the UTC offset, DST flag and abbreviation of IANA
zones at chosen instants, from Python's zoneinfo (an implementation of the tz
database independent of Go's time package). Run from this directory:

    python3 offsets.py > ../offsets.json

The instants cover local mean time, war and double summer time, changed base
offsets, half- and quarter-hour zones, a skipped day, negative DST and the
far future (POSIX TZ rule). Comparison is exact (seconds, flag, string).
"""
import json
import sys
import zoneinfo
from datetime import datetime, timezone

CASES = [
    # zone, UTC instant, why
    ("Europe/Amsterdam", "1900-01-01T00:00:00", "Amsterdam mean time +00:19:32"),
    ("Europe/Amsterdam", "1937-07-15T00:00:00", "+00:20 after 1937, summer"),
    ("Europe/Amsterdam", "1940-07-01T00:00:00", "German occupation CEST"),
    ("Europe/Amsterdam", "2024-01-15T12:00:00", "CET"),
    ("Europe/London", "1800-01-01T00:00:00", "London LMT -00:01:15"),
    ("Europe/London", "1941-06-15T12:00:00", "double summer time +2"),
    ("Europe/London", "1969-01-15T12:00:00", "British Standard Time +1 all year"),
    ("Europe/London", "2024-10-27T00:59:59", "last second of BST"),
    ("Europe/London", "2024-10-27T01:00:00", "first second of GMT"),
    ("Europe/Paris", "1900-01-01T00:00:00", "Paris mean time +00:09:21"),
    ("Europe/Paris", "1942-07-01T00:00:00", "occupation CEST"),
    ("Europe/Paris", "1976-07-01T00:00:00", "first modern DST"),
    ("Europe/Paris", "2100-07-01T12:00:00", "far future, POSIX rule"),
    ("Europe/Berlin", "1945-06-15T12:00:00", "Berlin double summer time +3"),
    ("Europe/Berlin", "1991-07-01T12:00:00", "reunified CEST"),
    ("Europe/Dublin", "2024-01-15T12:00:00", "winter GMT (negative DST in tzdata)"),
    ("Europe/Dublin", "2024-07-15T12:00:00", "summer IST"),
    ("Europe/Dublin", "1910-01-01T00:00:00", "Dublin mean time -00:25:21"),
    ("Europe/Moscow", "1919-07-15T12:00:00", "Moscow summer time 1919 (MSD +4)"),
    ("Europe/Moscow", "2012-01-15T12:00:00", "permanent +4 (2011-2014)"),
    ("Europe/Moscow", "2016-01-15T12:00:00", "+3 since 2014"),
    ("Europe/Kyiv", "1990-07-15T12:00:00", "Kyiv summer 1990 (EEST)"),
    ("Europe/Kyiv", "2024-07-15T12:00:00", "EEST"),
    ("America/New_York", "1883-01-01T00:00:00", "New York LMT -4:56:02"),
    ("America/New_York", "1943-01-15T12:00:00", "Eastern War Time"),
    ("America/New_York", "1945-09-15T12:00:00", "Eastern Peace Time"),
    ("America/New_York", "2024-03-10T06:59:59", "last second of EST"),
    ("America/New_York", "2024-03-10T07:00:00", "first second of EDT"),
    ("America/Los_Angeles", "1942-07-01T12:00:00", "Pacific War Time"),
    ("America/Los_Angeles", "2024-12-01T12:00:00", "PST"),
    ("America/Chicago", "1936-07-01T12:00:00", "Chicago on Eastern time in 1936"),
    ("America/Argentina/Buenos_Aires", "1920-01-01T00:00:00", "Cordoba mean time -4:16:48"),
    ("America/Argentina/Buenos_Aires", "2008-01-15T12:00:00", "last Argentine DST"),
    ("America/Argentina/Buenos_Aires", "2024-07-15T12:00:00", "-03"),
    ("America/Sao_Paulo", "2018-12-15T12:00:00", "Brazilian DST"),
    ("America/Sao_Paulo", "2020-12-15T12:00:00", "DST abolished 2019"),
    ("America/Caracas", "2010-07-01T12:00:00", "Venezuela -4:30 (2007-2016)"),
    ("America/Caracas", "2017-07-01T12:00:00", "back to -4"),
    ("America/St_Johns", "2024-01-15T12:00:00", "Newfoundland -3:30"),
    ("America/St_Johns", "2024-07-15T12:00:00", "Newfoundland -2:30"),
    ("America/Adak", "2024-07-15T12:00:00", "Hawaii-Aleutian DT"),
    ("Pacific/Honolulu", "1935-07-01T12:00:00", "Hawaii -10:30"),
    ("Asia/Kolkata", "1900-01-01T00:00:00", "Howrah mean time +5:53:20"),
    ("Asia/Kolkata", "1942-11-01T12:00:00", "Indian war time +6:30"),
    ("Asia/Kolkata", "2024-07-15T12:00:00", "IST +5:30"),
    ("Asia/Kathmandu", "1985-07-01T12:00:00", "Nepal +5:30"),
    ("Asia/Kathmandu", "1986-07-01T12:00:00", "Nepal +5:45 since 1986"),
    ("Asia/Colombo", "1996-12-01T12:00:00", "Sri Lanka +6:30 (1996)"),
    ("Asia/Colombo", "2007-01-15T12:00:00", "Sri Lanka +5:30 again (2006)"),
    ("Asia/Tehran", "2021-07-15T12:00:00", "Iran DST +4:30"),
    ("Asia/Tehran", "2023-07-15T12:00:00", "Iran DST abolished 2022"),
    ("Asia/Kabul", "2024-07-15T12:00:00", "Afghanistan +4:30"),
    ("Asia/Shanghai", "1988-07-15T12:00:00", "Chinese DST (1986-1991)"),
    ("Asia/Shanghai", "2024-07-15T12:00:00", "CST +8"),
    ("Asia/Tokyo", "1950-07-15T12:00:00", "Japanese DST (1948-1951)"),
    ("Asia/Singapore", "1981-07-01T12:00:00", "Singapore +7:30"),
    ("Asia/Singapore", "1982-07-01T12:00:00", "Singapore +8 since 1982"),
    ("Asia/Pyongyang", "2017-07-01T12:00:00", "Pyongyang +8:30 (2015-2018)"),
    ("Asia/Pyongyang", "2019-07-01T12:00:00", "Pyongyang +9 again"),
    ("Australia/Eucla", "2024-07-15T12:00:00", "quarter-hour +8:45"),
    ("Australia/Adelaide", "2024-01-15T12:00:00", "ACDT +10:30"),
    ("Australia/Lord_Howe", "2024-01-15T12:00:00", "half-hour DST +11"),
    ("Australia/Lord_Howe", "2024-07-15T12:00:00", "+10:30"),
    ("Pacific/Chatham", "2024-01-15T12:00:00", "+13:45"),
    ("Pacific/Chatham", "2024-07-15T12:00:00", "+12:45"),
    ("Pacific/Kiritimati", "1978-07-01T12:00:00", "Line Islands -10:40"),
    ("Pacific/Kiritimati", "1990-07-01T12:00:00", "-10"),
    ("Pacific/Kiritimati", "1996-07-01T12:00:00", "+14 since 1995"),
    ("Pacific/Apia", "2011-12-29T09:00:00", "Samoa before skipping 30 Dec 2011"),
    ("Pacific/Apia", "2011-12-31T12:00:00", "Samoa after the skipped day"),
    ("Africa/Casablanca", "2024-03-20T12:00:00", "Morocco +00 in Ramadan"),
    ("Africa/Casablanca", "2024-06-15T12:00:00", "Morocco +01"),
    ("Africa/Monrovia", "1971-07-01T12:00:00", "Liberia -0:44:30"),
    ("Africa/Monrovia", "1973-07-01T12:00:00", "Liberia GMT since 1972"),
    ("Antarctica/Troll", "2024-07-15T12:00:00", "Troll +02 summer rule"),
    ("Atlantic/Azores", "2024-07-15T12:00:00", "Azores +00 summer"),
    ("Etc/GMT+5", "2024-07-15T12:00:00", "nautical, POSIX sign"),
    ("UTC", "1900-01-01T00:00:00", "UTC"),
]


def main():
    version = "unknown"
    for d in zoneinfo.TZPATH:
        try:
            with open(d + "/tzdata.zi") as f:
                version = f.readline().strip().replace("# version ", "")
                break
        except OSError:
            pass
    out = {
        "reference": "Python %s zoneinfo, tz database %s" % (sys.version.split()[0], version),
        "command": "python3 engine/zones/testdata/gen/offsets.py",
        "tolerance": "exact: offset seconds, DST flag (dst() != 0) and abbreviation",
        "cases": [],
    }
    for zone, utc, why in CASES:
        t = datetime.fromisoformat(utc).replace(tzinfo=timezone.utc)
        lt = t.astimezone(zoneinfo.ZoneInfo(zone))
        out["cases"].append({
            "zone": zone,
            "utc": utc + "Z",
            "why": why,
            "offset_seconds": int(lt.utcoffset().total_seconds()),
            "dst": lt.dst().total_seconds() != 0,
            "abbreviation": lt.tzname(),
        })
    json.dump(out, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
