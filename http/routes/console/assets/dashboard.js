// The dashboard: what GET /api/v1/usage and /api/v1/usage/chart say about
// the account, drawn. Every figure comes from those answers as they are
// (data-stat/data-value carry the exact numbers); nothing is recomputed
// here but percentages and sums of the chart series for the captions.
import { $, session, api, el, num, dec, stat, when, until, fillTable } from "./util.js";
import * as charts from "./charts.js";

let period = 30;

// The console's own routes: marked in the operations table, since the
// statistics count them like any call.
const consoleOps = /^(get-usage|get-usage-chart|get-usage-export|get-api-keys-keys|post-api-keys-.*)$/;

export function init() {
  for (const b of $("period").querySelectorAll("button")) {
    b.addEventListener("click", () => {
      period = Number(b.dataset.days);
      for (const o of $("period").querySelectorAll("button")) o.setAttribute("aria-pressed", String(o === b));
      load();
    });
  }
  $("refresh").addEventListener("click", () => load());
}

// load fetches the report of the period with its charts, in one call so
// that every figure comes from one reading of the counts, and renders it;
// the returned promise settles when the page is drawn.
export function load() {
  const days = period;
  return api("GET", "/api/v1/usage?days=" + days + "&charts=usage,response_time,hourly_pattern").then((report) => {
    if (days !== period) return; // another period was asked for meanwhile
    const chart = (t) => report.charts.find((c) => c.type === t);
    render(report, chart("usage"), chart("response_time"), chart("hourly_pattern"));
    document.documentElement.dataset.dashboard = "ready";
    document.documentElement.dataset.dashboardDays = String(days);
    performance.mark("dashboard-ready");
  });
}

function render(r, usage, latency, hourly) {
  const l = r.limits, u = r.current_usage, s = r.statistics;
  session.rate = l.rate_per_second;
  $("updated").replaceChildren("As of ", el("time", { datetime: new Date().toISOString() }, new Date().toLocaleTimeString()));

  charts.gauge($("gauge-day"), {
    used: u.requests_this_day, limit: l.daily_limit,
    stats: { used: stat("requests_this_day", u.requests_this_day), limit: stat("daily_limit", l.daily_limit), remaining: stat("remaining_today", l.remaining_today) },
    resetText: [when(l.daily_reset_at), " (", until(l.daily_reset_at), ")"],
  });
  charts.gauge($("gauge-month"), {
    used: u.requests_this_month, limit: l.monthly_limit,
    stats: { used: stat("requests_this_month", u.requests_this_month), limit: stat("monthly_limit", l.monthly_limit), remaining: stat("remaining_this_month", l.remaining_this_month) },
    resetText: [when(l.monthly_reset_at), " (", until(l.monthly_reset_at), ")"],
  });
  const row = (k, v) => [el("dt", null, k), el("dd", null, v)];
  $("plan").replaceChildren(
    ...row("Plan", el("span", { "data-stat": "plan", "data-value": r.plan }, r.plan)),
    ...row("Rate", l.rate_per_second ? [stat("rate_per_second", l.rate_per_second), " requests/s (burst ", stat("burst", l.burst), ")"] : "no per-second limit"),
    ...row("Counted", "per account: all its keys share the quotas"),
    ...row("This key", [el("code", null, r.api_key), " · ", stat("key_requests_today", r.api_key_usage.requests_today), " calls today"]),
  );

  // Requests per day.
  const req = usage.series.find((x) => x.name === "requests"), errs = usage.series.find((x) => x.name === "errors");
  $("days-summary").replaceChildren(
    stat("total_requests", s.total_requests), " requests in the last ", stat("days", s.days), " UTC days (",
    el("time", { datetime: s.from }, s.from), " to ", el("time", { datetime: s.to }, s.to), "), ",
    stat("errors", s.errors), " refused (", dec(s.error_rate * 100), "%); ",
    ...(s.busiest_day ? ["busiest day ", el("time", { datetime: s.busiest_day }, s.busiest_day), " with ", stat("busiest_day_requests", s.busiest_day_requests), "."] : ["no calls yet."]));
  charts.days($("chart-days"), usage.labels, [{ name: "requests", data: req.data, bars: true }, { name: "errors", data: errs.data }], "requests");
  fillTable($("table-days"), ["Day (UTC)", { text: "Requests", num: true }, { text: "Refused", num: true }],
    usage.labels.map((d, i) => [d, req.data[i], errs.data[i]]).reverse(), "Requests per UTC day");

  // Operations.
  const top = Math.max(1, ...s.endpoints.map((e) => e.requests));
  fillTable($("ops"), ["Operation", { text: "Requests", num: true }, { text: "Refused", num: true }, { text: "Mean ms", num: true }, { text: "p50 ms", num: true }, { text: "p95 ms", num: true }, { text: "Max ms", num: true }],
    s.endpoints.map((e) => ({
      attrs: { "data-endpoint": e.endpoint },
      cells: [
        { node: [el("code", null, e.endpoint), consoleOps.test(e.endpoint) ? el("span", { class: "tag" }, "console") : null] },
        { num: true, node: [stat("requests", e.requests), bar(e.requests / top, "")] },
        { num: true, node: stat("errors", e.errors) },
        { num: true, node: stat("avg_response_ms", e.avg_response_ms, dec(e.avg_response_ms)) },
        { num: true, node: stat("p50_ms", e.latency.p50_ms, dec(e.latency.p50_ms)) },
        { num: true, node: stat("p95_ms", e.latency.p95_ms, dec(e.latency.p95_ms)) },
        { num: true, node: stat("max_response_ms", e.max_response_ms, dec(e.max_response_ms)) },
      ],
    })), "Calls per operation");
  if (!s.endpoints.length) {
    $("ops").append(el("tbody", null, el("tr", null, el("td", { colspan: 7, class: "muted" }, "No calls in this period yet: try the Playground."))));
  }

  // Latency.
  const lat = s.latency;
  const tile = (name, label, v) => el("div", null, el("dt", null, label), el("dd", null, stat(name, v, dec(v) + " ms")));
  $("latency").replaceChildren(
    tile("p50_ms", "median (p50)", lat.p50_ms), tile("p90_ms", "p90", lat.p90_ms), tile("p95_ms", "p95", lat.p95_ms),
    tile("p99_ms", "p99", lat.p99_ms), tile("max_response_ms", "max", s.max_response_ms), tile("avg_response_ms", "mean", s.avg_response_ms));
  const ser = (n) => latency.series.find((x) => x.name === n).data;
  // A day without calls has no response time: a gap, not a zero.
  const gaps = (n) => ser(n).map((v, i) => ser("requests")[i] > 0 ? v : null);
  charts.days($("chart-latency"), latency.labels, [{ name: "p50", data: gaps("p50_ms") }, { name: "p95", data: gaps("p95_ms") }, { name: "p99", data: gaps("p99_ms") }], "ms");
  fillTable($("table-latency"), ["Day (UTC)", { text: "Requests", num: true }, { text: "p50 ms", num: true }, { text: "p95 ms", num: true }, { text: "p99 ms", num: true }, { text: "Max ms", num: true }],
    latency.labels.map((d, i) => [d, ser("requests")[i], { num: true, text: dec(ser("p50_ms")[i]) }, { num: true, text: dec(ser("p95_ms")[i]) }, { num: true, text: dec(ser("p99_ms")[i]) }, { num: true, text: dec(ser("max_ms")[i]) }]).reverse(),
    "Response time per UTC day");

  // Hours.
  const hreq = hourly.series.find((x) => x.name === "requests").data;
  const peak = hreq.indexOf(Math.max(...hreq));
  $("hours-summary").textContent = hreq.some((x) => x > 0)
    ? `Busiest hour ${String(peak).padStart(2, "0")}:00-${String(peak).padStart(2, "0")}:59 UTC with ${num(hreq[peak])} requests over the period.`
    : "No calls in this period yet.";
  charts.hours($("chart-hours"), [{ name: "requests", data: hreq, bars: true }], "requests");
  fillTable($("table-hours"), ["Hour (UTC)", { text: "Requests", num: true }, { text: "Per day", num: true }],
    hourly.labels.map((h, i) => [h + ":00", hreq[i], { num: true, text: dec(hourly.series.find((x) => x.name === "avg_per_day").data[i]) }]), "Requests per UTC hour of the day");

  // Refused calls.
  $("errors-summary").replaceChildren(...(!s.errors_by_kind.length
    ? ["No refused calls in this period."]
    : [stat("refused", s.errors), s.errors === 1 ? " call" : " calls", " refused, by status and problem type. Refused calls are not billed."]));
  fillTable($("errors"), [{ text: "Status", num: true }, "Problem type", { text: "Calls", num: true }, "Last (hour)"],
    s.errors_by_kind.map((e) => ({
      attrs: { "data-kind": e.status + " " + e.type },
      cells: [e.status, { node: e.type ? el("a", { href: "/docs/api#problem-" + e.type }, e.type) : "(no problem document)" },
        { num: true, node: stat("count", e.count) }, { node: when(e.last_hour, { hourOnly: true }) }],
    })), "Refused calls by status and problem type");
  $("errors").hidden = !s.errors_by_kind.length;
}

function bar(frac, cls) {
  const b = el("span", { class: "bar " + cls, "aria-hidden": "true" });
  b.style.width = Math.max(0.5, frac * 100) + "%"; // CSSOM, which the page's CSP allows
  return b;
}
