// Drives both documentation UIs in headless Chromium against a running
// server: in Swagger UI (/api/docs) and in Scalar (/api/docs/scalar), find
// the natal operation, enter the key, send the pre-filled example and see
// a 200; no request leaves the server, no script error. Screenshots go to
// the directory given. Usage:
//   node docs.mjs BASE_URL KEY SCREENSHOT_DIR [CHROMIUM]
import { chromium } from "playwright-core";
import assert from "node:assert/strict";

const [base, key, shots] = process.argv.slice(2, 5);
const executablePath = process.argv[5] || "/usr/bin/chromium";
if (!base || !key || !shots) {
  console.error("usage: node docs.mjs BASE_URL KEY SCREENSHOT_DIR [CHROMIUM]");
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
let step = "start";
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const foreign = [];
  page.on("request", (r) => { if (!r.url().startsWith(base) && !r.url().startsWith("data:")) foreign.push(r.url()); });
  const pageErrors = [];
  page.on("pageerror", (e) => pageErrors.push(e.message));
  const natalStatuses = [];
  page.on("response", (r) => { if (r.url() === base + "/api/v1/natal" && r.request().method() === "POST") natalStatuses.push(r.status()); });

  step = "Swagger UI: open";
  await page.goto(base + "/api/docs");
  await page.waitForSelector("#operations-Charts-post-natal");
  await page.waitForSelector("#preview", { state: "detached" });

  step = "Swagger UI: authorize";
  await page.click("button.authorize");
  await page.fill(".auth-container input", key);
  await page.click(".auth-btn-wrapper button.authorize");
  await page.click(".auth-btn-wrapper button.btn-done");

  step = "Swagger UI: try the natal example";
  await page.click("#operations-Charts-post-natal .opblock-summary");
  await page.click("#operations-Charts-post-natal button.execute");
  const cell = "#operations-Charts-post-natal .live-responses-table tbody .response-col_status";
  await page.waitForSelector(cell);
  const status = (await page.textContent(cell)).trim();
  await page.screenshot({ path: shots + "/swagger-ui.png" });
  assert.match(status, /^200/, "Swagger UI shows the status of the call (statuses seen: " + natalStatuses + ")");
  assert.deepEqual(natalStatuses, [200]);

  step = "Scalar: open";
  await page.goto(base + "/api/docs/scalar");
  // The page's preview of the routes goes once Scalar has the document.
  await page.waitForSelector("#preview", { state: "detached", timeout: 60000 });
  await page.getByText("Natal chart from birth data").first().click();

  step = "Scalar: test request";
  // Scalar renders every operation of the tag around the one shown, each
  // with its own Test Request button: take the natal operation's.
  const natal = page.locator('section[id$="/tag/charts/POST/api/v1/natal"]');
  await natal.getByRole("button", { name: /Test Request/i }).click();
  const client = page.locator(".scalar-app, [role=dialog]").last();
  const value = page.getByPlaceholder(/QUxM/).last();
  await value.fill(key);
  await page.getByRole("button", { name: /^Send/ }).first().click();
  // The page lists 200 among the documented responses already: wait for
  // the call itself (up to 20 s), then for Scalar to show it.
  for (const end = Date.now() + 20000; natalStatuses.length < 2 && Date.now() < end; ) {
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(500);
  await page.screenshot({ path: shots + "/scalar.png" });
  assert.deepEqual(natalStatuses, [200, 200], "Scalar sent the example with the key");
  void client;

  step = "no external requests, no script errors";
  assert.deepEqual(foreign, []);
  assert.deepEqual(pageErrors, []);
  console.log("ok: Swagger UI and Scalar sent the natal example and showed 200");
} catch (e) {
  console.error("FAILED at step '" + step + "': " + (e && e.stack || e));
  process.exitCode = 1;
} finally {
  await browser.close();
}
