// `npm run demo` as a new user meets it: the command prints where its two HTML files are and
// their one-line summaries, and both files open in a browser with the network off and work.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_ARGS, chromiumOrSkip } from "../support/chromium";

const root = path.resolve(__dirname, "../..");

test("duellab demo writes a weave and a graphite HTML file that work offline", { timeout: 240000 }, async (t) => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-demo-"));
  const r = spawnSync(process.execPath, [path.join(root, "bin/duellab.js"), "demo", "--out", out], { encoding: "utf8", timeout: 180000 });
  assert.equal(r.status, 0, r.stderr);
  const weaveFile = path.join(out, "weave.html");
  const graphiteFile = path.join(out, "graphite.html");
  assert.ok(r.stdout.includes(weaveFile) && r.stdout.includes(graphiteFile), `it prints where the files are:\n${r.stdout}`);
  assert.match(r.stdout, /Weave \d+\.\d% consensus · \d+ shared \/ \d+ A-only \/ \d+ B-only/);
  assert.match(r.stdout, /Graphite ship /);
  assert.match(r.stdout, /demo models/);

  const chromium = chromiumOrSkip(t);
  if (!chromium) return;
  const { chromium: launcher } = await import("playwright-core");
  const browser = await launcher.launch({ executablePath: chromium, args: CHROMIUM_ARGS, headless: true });
  try {
    for (const file of [weaveFile, graphiteFile]) {
      const context = await browser.newContext({ offline: true });
      const page = await context.newPage();
      const errors: string[] = [];
      const requests: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("request", (req) => !req.url().startsWith("file:") && !req.url().startsWith("data:") && requests.push(req.url()));
      await page.goto(`file://${file}`);
      await page.locator(".duellab-root").first().waitFor({ timeout: 20000 });
      if (file === weaveFile) {
        await page.locator('[data-panel="both"] circle').first().waitFor({ timeout: 20000 });
        assert.ok((await page.locator('[data-panel="both"] circle').count()) >= 10, "the Both panel draws its nodes");
        assert.match(await page.locator(".duellab-root").innerText(), /consensus/);
      } else {
        const imgs = page.locator("img.dl-chart-img");
        await imgs.first().waitFor({ timeout: 20000 });
        assert.equal(await imgs.count(), 2, "both charts are shown (B after its repair)");
        for (let i = 0; i < 2; i++) assert.ok((await imgs.nth(i).evaluate((el: HTMLImageElement) => el.naturalWidth)) > 0, `chart ${i} decodes`);
      }
      assert.deepEqual(errors, [], `${path.basename(file)}: no console errors`);
      assert.deepEqual(requests, [], `${path.basename(file)}: nothing fetched from the network`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
});
