#!/usr/bin/env python3
"""Generate engine/birth/testdata/zoneinfo.json: the reference instants of
local birth times, computed by Python's zoneinfo (PEP 615) from the host's
IANA database.

Run from the repository root:
    python3 engine/birth/testdata/gen/zoneinfo_fixtures.py > engine/birth/testdata/zoneinfo.json

For each (zone, local time, fold) the fixture records the UTC instant, the
offset, the abbreviation and whether the local time is in a gap (never
happened) or an overlap (happened twice). Tolerance in the Go test: exact
(whole seconds).
"""
import datetime as dt
import json
import sys
import zoneinfo

UTC = dt.timezone.utc

CASES = [
    # Local mean time before standard time
    ("Europe/Paris", "1890-06-01T12:00:00"),
    ("Europe/Paris", "1911-03-10T12:00:00"),
    ("America/New_York", "1880-01-01T08:00:00"),
    ("America/Detroit", "1900-07-04T12:00:00"),
    ("Asia/Kolkata", "1880-05-01T06:00:00"),
    ("Asia/Tokyo", "1880-01-01T12:00:00"),
    ("Australia/Sydney", "1890-01-01T12:00:00"),
    ("Europe/Moscow", "1900-01-01T12:00:00"),
    ("Africa/Cairo", "1890-01-01T12:00:00"),
    ("America/Sao_Paulo", "1900-01-01T12:00:00"),
    ("Europe/London", "1847-06-01T12:00:00"),
    ("Europe/Dublin", "1910-06-01T12:00:00"),
    ("Europe/Dublin", "1916-10-01T12:00:00"),
    ("Asia/Kathmandu", "1900-01-01T12:00:00"),
    # War time and double summer time
    ("America/New_York", "1943-02-15T09:30:00"),
    ("America/Chicago", "1944-12-25T18:00:00"),
    ("America/Los_Angeles", "1945-08-14T16:00:00"),
    ("Europe/London", "1941-06-15T12:00:00"),
    ("Europe/London", "1944-12-25T12:00:00"),
    ("Europe/London", "1947-05-01T12:00:00"),
    ("Europe/Berlin", "1945-06-01T12:00:00"),
    ("Europe/Berlin", "1947-06-01T12:00:00"),
    ("Europe/Paris", "1942-06-01T12:00:00"),
    ("Asia/Kolkata", "1943-06-01T12:00:00"),
    ("Asia/Shanghai", "1941-06-01T12:00:00"),
    ("Australia/Perth", "1942-02-01T12:00:00"),
    ("Asia/Tokyo", "1949-06-01T12:00:00"),
    # Base offset changes, half and quarter hours
    ("Asia/Kathmandu", "1985-06-01T12:00:00"),
    ("Asia/Kathmandu", "1987-06-01T12:00:00"),
    ("Pacific/Chatham", "2020-01-15T12:00:00"),
    ("Pacific/Chatham", "2020-07-15T12:00:00"),
    ("Australia/Lord_Howe", "2021-01-10T12:00:00"),
    ("Australia/Lord_Howe", "2021-07-10T12:00:00"),
    ("Australia/Adelaide", "1995-01-10T12:00:00"),
    ("Australia/Eucla", "2010-06-01T12:00:00"),
    ("Asia/Tehran", "2000-06-01T12:00:00"),
    ("Asia/Tehran", "2023-06-01T12:00:00"),
    ("America/St_Johns", "1990-07-01T12:00:00"),
    ("Pacific/Honolulu", "1935-06-01T12:00:00"),
    ("Pacific/Honolulu", "1960-06-01T12:00:00"),
    ("Europe/Moscow", "1991-06-01T12:00:00"),
    ("Europe/Moscow", "2012-01-15T12:00:00"),
    ("Europe/Moscow", "2015-01-15T12:00:00"),
    ("Europe/Kaliningrad", "1944-06-01T12:00:00"),
    ("Asia/Pyongyang", "2016-06-01T12:00:00"),
    ("America/Caracas", "2010-06-01T12:00:00"),
    ("America/Caracas", "2017-06-01T12:00:00"),
    ("Pacific/Kiritimati", "2000-06-01T12:00:00"),
    ("Africa/Casablanca", "2020-05-01T12:00:00"),
    ("Africa/Monrovia", "1960-06-01T12:00:00"),
    ("Asia/Singapore", "1970-06-01T12:00:00"),
    ("Asia/Singapore", "1990-06-01T12:00:00"),
    ("America/Argentina/Buenos_Aires", "1969-06-01T12:00:00"),
    ("Asia/Calcutta", "1971-12-01T12:00:00"),
    ("Etc/GMT-14", "2000-01-01T00:00:00"),
    ("UTC", "1800-01-01T00:00:00"),
    ("America/Anchorage", "1900-01-01T12:00:00"),
    # Gaps: these local times never happened
    ("Europe/Paris", "2021-03-28T02:30:00"),
    ("America/New_York", "2022-03-13T02:15:00"),
    ("Pacific/Apia", "2011-12-30T12:00:00"),
    ("Europe/London", "1941-05-04T02:30:00"),
    ("Australia/Lord_Howe", "2021-10-03T02:10:00"),
    ("Asia/Kathmandu", "1986-01-01T00:05:00"),
    # Overlaps: these happened twice
    ("Europe/Paris", "2021-10-31T02:30:00"),
    ("America/New_York", "2022-11-06T01:30:00"),
    ("Australia/Lord_Howe", "2021-04-04T01:45:00"),
    ("Europe/Moscow", "2014-10-26T01:30:00"),
    ("Europe/London", "1945-07-15T01:30:00"),
    ("America/Sao_Paulo", "2018-02-17T23:30:00"),
]


def entry(zone, local, fold):
    z = zoneinfo.ZoneInfo(zone)
    naive = dt.datetime.fromisoformat(local)
    aware = naive.replace(tzinfo=z, fold=fold)
    u = aware.astimezone(UTC)
    back = u.astimezone(z).replace(tzinfo=None)
    gap = back != naive
    other = naive.replace(tzinfo=z, fold=1 - fold)
    ambiguous = not gap and other.utcoffset() != aware.utcoffset()
    e = {"zone": zone, "local": local, "fold": fold, "gap": gap}
    if not gap:
        e.update({
            "utc": u.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "unix": int((u - dt.datetime(1970, 1, 1, tzinfo=UTC)).total_seconds()),
            "offset": int(aware.utcoffset().total_seconds()),
            "abbrev": aware.tzname(),
            "dst": bool(aware.dst()),
            "ambiguous": ambiguous,
        })
    return e


def main():
    out = []
    for zone, local in CASES:
        out.append(entry(zone, local, 0))
        if entry(zone, local, 0).get("ambiguous"):
            out.append(entry(zone, local, 1))
    doc = {
        "generator": "engine/birth/testdata/gen/zoneinfo_fixtures.py",
        "reference": "Python %s zoneinfo, IANA tzdata of the host" % sys.version.split()[0],
        "tolerance": "exact, whole seconds",
        "cases": out,
    }
    json.dump(doc, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
