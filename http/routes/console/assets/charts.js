// The console's drawings: time series and bars through uPlot (embedded,
// /api/docs/vendor), and quota gauges as small SVGs built here. Every
// chart has a data table beside it in the page; the canvases are
// decoration for sighted readers (aria-hidden in the HTML).
import { el } from "./util.js";

const SVG = "http://www.w3.org/2000/svg";
const colors = { requests: "#2b59c3", errors: "#a4262c", p50: "#1e6b3a", p95: "#8a5a00", p99: "#a4262c" };

// The charts drawn, so that a resize redraws them at the new width.
const live = new Map();
let observer = null;

function watch(container, chart) {
  live.get(container)?.destroy();
  live.set(container, chart);
  if (!observer && "ResizeObserver" in window) {
    observer = new ResizeObserver((entries) => {
      for (const e of entries) {
        const c = live.get(e.target);
        const w = Math.floor(e.contentRect.width);
        if (c && w > 0 && Math.abs(c.width - w) > 1) c.setSize({ width: w, height: c.height });
      }
    });
  }
  observer?.observe(container);
}

function width(container) {
  return Math.max(240, Math.floor(container.clientWidth || container.parentElement.clientWidth || 600));
}

// days is a date chart: labels are YYYY-MM-DD (UTC days), series
// [{name, data, bars, color}], unit the y axis's.
export function days(container, labels, series, unit) {
  const xs = labels.map((d) => Date.parse(d + "T00:00:00Z") / 1000);
  draw(container, xs, series, unit, true);
}

// hours is a chart of the 24 UTC hours of the day.
export function hours(container, series, unit) {
  draw(container, [...Array(24).keys()], series, unit, false);
}

function draw(container, xs, series, unit, time) {
  if (typeof uPlot === "undefined") {
    container.replaceChildren(el("p", { class: "muted" }, "The charting library did not load; the tables below hold the figures."));
    return;
  }
  const opts = {
    width: width(container), height: 220,
    cursor: { drag: { x: false, y: false } },
    legend: { live: true },
    scales: { x: { time }, y: { range: (u, min, max) => [0, Math.max(1, max * 1.1)] } },
    axes: [
      time ? {} : { values: (u, vals) => vals.map((v) => String(v).padStart(2, "0")) },
      { label: unit, size: 56 },
    ],
    series: [
      time ? { label: "date (UTC)", value: (u, v) => v == null ? "" : new Date(v * 1000).toISOString().slice(0, 10) }
        : { label: "hour (UTC)", value: (u, v) => v == null ? "" : String(v).padStart(2, "0") + ":00" },
      ...series.map((s) => ({
        label: s.name,
        stroke: s.color || colors[s.name] || "#2b59c3",
        fill: s.bars ? (s.color || colors[s.name] || "#2b59c3") + "cc" : null,
        width: s.bars ? 0 : 2,
        // Points mark the values where lines would not (a day alone
        // between gaps); on long series they are small.
        points: { show: !s.bars, size: xs.length > 31 ? 3 : 5 },
        paths: s.bars ? uPlot.paths.bars({ size: [0.7, 24], align: 0 }) : undefined,
      })),
    ],
  };
  if (time) opts.tzDate = (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC");
  container.replaceChildren();
  const chart = new uPlot(opts, [xs, ...series.map((s) => s.data)], container);
  watch(container, chart);
}

// gauge draws a half-circle gauge of used out of limit into card, with
// the figures and the reset instant as text below it.
export function gauge(card, { used, limit, stats, resetText }) {
  const frac = limit > 0 ? Math.min(1, used / limit) : 0;
  const pct = Math.round(frac * 1000) / 10;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 120 68");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `${pct}% used`);
  const arc = (color, dash) => {
    const p = document.createElementNS(SVG, "path");
    p.setAttribute("d", "M 10 60 A 50 50 0 0 1 110 60");
    p.setAttribute("fill", "none");
    p.setAttribute("stroke", color);
    p.setAttribute("stroke-width", "12");
    p.setAttribute("stroke-linecap", "butt");
    p.setAttribute("pathLength", "100");
    if (dash !== null) p.setAttribute("stroke-dasharray", `${dash} 100`);
    return p;
  };
  svg.append(arc("#d9dce3", null));
  if (frac > 0) svg.append(arc(frac >= 0.9 ? colors.errors : frac >= 0.7 ? colors.p95 : colors.requests, Math.max(0.5, frac * 100)));
  const t = document.createElementNS(SVG, "text");
  t.setAttribute("x", "60");
  t.setAttribute("y", "58");
  t.setAttribute("text-anchor", "middle");
  t.setAttribute("font-size", "14");
  t.setAttribute("fill", "#1d1f24");
  t.textContent = pct + "%";
  svg.append(t);
  const title = card.querySelector("h3");
  card.replaceChildren(title, svg,
    el("p", { class: "figure" }, stats.used, el("span", { class: "of" }, " of ", stats.limit, " calls")),
    el("p", { class: "muted" }, stats.remaining, " left · resets ", resetText));
}
