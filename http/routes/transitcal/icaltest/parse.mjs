// Reads an iCalendar file on stdin with ical.js (Mozilla's calendar
// library, the parser of Thunderbird's calendar) and writes its events as
// JSON lines: uid, summary, categories, start and end (RFC 3339, UTC; end
// null without DTEND), so the Go test can compare them with the JSON
// calendar. Any parse error exits non-zero.
import ICAL from "ical.js";

let text = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) text += chunk;

const comp = new ICAL.Component(ICAL.parse(text));
if (comp.name !== "vcalendar") throw new Error("not a VCALENDAR: " + comp.name);
const out = {
  version: comp.getFirstPropertyValue("version"),
  prodid: comp.getFirstPropertyValue("prodid"),
  name: comp.getFirstPropertyValue("x-wr-calname"),
  events: [],
};
for (const v of comp.getAllSubcomponents("vevent")) {
  const e = new ICAL.Event(v);
  const iso = (t) => (t ? t.toJSDate().toISOString() : null);
  out.events.push({
    uid: e.uid,
    summary: e.summary,
    description: e.description,
    categories: v.getFirstPropertyValue("categories"),
    start: iso(e.startDate),
    end: v.hasProperty("dtend") ? iso(e.endDate) : null,
    stamp: iso(v.getFirstPropertyValue("dtstamp")),
  });
}
process.stdout.write(JSON.stringify(out) + "\n");
