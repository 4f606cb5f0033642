// Drives the key console (/api-keys)
// in headless Chromium against a running server. Usage:
//   node console.mjs http://127.0.0.1:PORT [/path/to/chromium]
// Exits 0 when every step passed; prints the failed step otherwise.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";

const base = process.argv[2];
const executablePath = process.argv[3] || "/usr/bin/chromium";
if (!base) {
  console.error("usage: node console.mjs BASE_URL [CHROMIUM]");
  process.exit(2);
}

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
let step = "start";
try {
  const page = await browser.newPage();
  const foreign = [];
  page.on("request", (r) => { if (!r.url().startsWith(base) && !r.url().startsWith("data:")) foreign.push(r.url()); });
  const pageErrors = [];
  page.on("pageerror", (e) => pageErrors.push(e.message));

  step = "open console";
  await page.goto(base + "/api-keys");
  await page.waitForSelector("#signup-form");

  step = "sign up";
  const email = "browser-" + Date.now() + "-" + Math.floor(Math.random() * 1e6) + "@example.com";
  await page.fill("#signup-email", email);
  await page.click("#signup-submit");
  await page.waitForFunction(() => document.querySelector("#secret").textContent.startsWith("ak_live_"));
  const first = (await page.textContent("#secret")).trim();
  assert.equal(await page.inputValue("#api-key"), first, "the new key fills the key field");
  await page.waitForSelector("#keys tbody tr");
  assert.equal(await page.locator("#keys tbody tr").count(), 1);
  assert.match(await page.textContent("#account"), new RegExp(email.replace(/[.+]/g, "\\$&")));

  step = "create another key";
  await page.click("#new-key");
  await page.waitForFunction(() => document.querySelectorAll("#keys tbody tr").length === 2);

  step = "rotate the current key";
  await page.click('#keys button[data-action="rotate"][data-current="1"]');
  await page.waitForFunction(() => document.querySelectorAll("#keys tbody tr").length === 3);
  const rotated = await page.inputValue("#api-key");
  assert.ok(rotated.startsWith("ak_live_") && rotated !== first, "the key field holds the replacement");
  assert.equal(await page.locator('#keys tbody tr[data-status="revoked"]').count(), 1);

  step = "revoke the other key";
  await page.click('#keys button[data-action="revoke"]:not([data-current="1"])');
  await page.waitForFunction(() => document.querySelectorAll('#keys tbody tr[data-status="revoked"]').length === 2);

  step = "old key refused, new key accepted";
  const statuses = await page.evaluate(async ([oldKey, newKey]) => {
    const call = async (k) => (await fetch("/api/v1/usage", { headers: { "x-api-key": k } })).status;
    return [await call(oldKey), await call(newKey)];
  }, [first, rotated]);
  assert.deepEqual(statuses, [401, 200]);

  step = "no external requests, no script errors";
  assert.deepEqual(foreign, []);
  assert.deepEqual(pageErrors, []);
  console.log("ok: console passed");
} catch (e) {
  console.error("FAILED at step '" + step + "': " + (e && e.stack || e));
  process.exitCode = 1;
} finally {
  await browser.close();
}
