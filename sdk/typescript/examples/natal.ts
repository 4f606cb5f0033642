// Calls a live astroapi server through the SDK (ASTROAPI_URL, ASTROAPI_KEY):
// a natal chart with only the fields it needs (the others take the
// server's defaults, and the types say they are optional), its names in
// Spanish, the next eclipses, and the account's usage with the key as a
// bearer token, and a typed batch (the item's body and the outcome's
// result typed by the item's operation). Prints what it found as one JSON
// line; throws on failure.
import { createAstroClient, type Result } from "../src/index.js";

const baseUrl = process.env.ASTROAPI_URL ?? "http://127.0.0.1:8080";
const apiKey = process.env.ASTROAPI_KEY ?? "";

const api = createAstroClient({ baseUrl, apiKey, lang: "es" });
const natal = await api.POST("/api/v1/natal", {
  body: { year: 1990, month: 7, day: 14, hour: 15, minute: 30, latitude: 48.8566, longitude: 2.3522, timezone: "Europe/Paris" },
});
if (!natal.data) {
  throw new Error(`natal: ${natal.response.status} ${JSON.stringify(natal.error)}`);
}
const chart: Result<"post-natal"> = natal.data.result;
const sun = chart.planets.find((p) => p.name === "Sun");

const eclipses = await api.GET("/api/v1/eclipses/upcoming", { params: { query: { count: 2 } } });
if (!eclipses.data) {
  throw new Error(`eclipses: ${eclipses.response.status}`);
}

const bearer = createAstroClient({ baseUrl, apiKey, bearer: true });
const usage = await bearer.GET("/api/v1/usage");
if (!usage.data) {
  throw new Error(`usage: ${usage.response.status}`);
}

const batch = await api.POST("/api/v1/batch", {
  body: {
    fields: "planets.name,planets.sign",
    requests: [
      { id: "alice", operation: "post-natal", body: { date: "1990-07-14", time: "15:30", latitude: 48.8566, longitude: 2.3522, timezone: "Europe/Paris" } },
    ],
  },
});
const item = batch.data?.result.items[0];
if (item?.operation !== "post-natal" || !item.result) {
  throw new Error(`batch: ${batch.response.status} ${JSON.stringify(batch.error ?? item)}`);
}
const batchSun: string | undefined = item.result.planets.find((p) => p.name === "Sun")?.sign;

console.log(
  JSON.stringify({
    sun_sign: sun?.sign,
    sun_es: natal.data.labels?.planets?.Sun,
    planets: chart.planets.length,
    eclipses: eclipses.response.status,
    usage: usage.response.status,
    batch_sun: batchSun,
  }),
);
