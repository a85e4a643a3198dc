// `duellab export` end to end: a notebook with saved duellab widget state → nbconvert → one HTML
// file → headless Chromium with the network off. The widgets must render from the saved state
// alone: no kernel, no CDN, no console errors.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { notebookWithWidgets, sampleWidgets, RUN_TITLE, WEAVE_STAGES } from "./export-fixture";
import type { WeaveResult } from "../../src/lib/schema/weave";

const root = path.resolve(__dirname, "../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-export-"));
let browser: Browser;

function cli(args: string[]) {
  return spawnSync(
    process.execPath,
    ["--import", "tsx", "-e", `require(${JSON.stringify(path.join(root, "src/lib/cli/index.ts"))}).main(${JSON.stringify(args)}).then((c) => process.exit(c))`],
    { encoding: "utf8", cwd: root },
  );
}

before(async () => {
  // The renderer bundle is what gets inlined: make sure it reflects the current sources.
  const b = spawnSync(process.execPath, [path.join(root, "scripts/build-html-manager.mjs")], { encoding: "utf8" });
  assert.equal(b.status, 0, b.stderr);
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
  });
});
after(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Opened {
  errors: string[];
  network: string[];
  page: import("playwright-core").Page;
}

async function openOffline(file: string): Promise<Opened> {
  const context = await browser.newContext({ offline: true });
  const page = await context.newPage();
  const errors: string[] = [];
  const network: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("request", (r) => {
    if (!/^(file|data|blob):/.test(r.url())) network.push(r.url());
  });
  await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
  return { errors, network, page };
}

test("an exported notebook renders its saved duellab widgets offline", async () => {
  const widgets = sampleWidgets();
  const nb = path.join(dir, "comparison.ipynb");
  fs.writeFileSync(nb, notebookWithWidgets(widgets));
  const out = path.join(dir, "out", "comparison.html");

  const r = cli(["export", nb, "-o", out]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /wrote .*comparison\.html \([\d.]+ MB, offline\): 3 widget view\(s\), 3 saved widget model\(s\)/);
  assert.doesNotMatch(r.stdout, /LaTeX/, "no math in this notebook, so no MathJax note");

  const html = fs.readFileSync(out, "utf8");
  assert.doesNotMatch(html, /<script\b[^>]*\bsrc=["']?(https?:)?\/\//i, "no script is fetched from the network");
  assert.doesNotMatch(html, /<link\b[^>]*\bhref=["']?(https?:)?\/\//i, "no stylesheet is fetched from the network");
  assert.doesNotMatch(html, /unpkg\.com|jsdelivr/, "nbconvert's CDN widget loader is gone");

  const { page, errors, network } = await openOffline(out);
  const roots = page.locator(".duellab-root");
  await roots.nth(2).waitFor({ timeout: 30_000 });
  assert.equal(await roots.count(), 3, "one duellab view per saved widget output");

  // The run header: the title and every stage, from the saved run state.
  const runText = (await roots.nth(0).textContent()) ?? "";
  assert.ok(runText.includes(RUN_TITLE), `the run header shows its title; it shows: ${runText.slice(0, 200)}`);
  for (const s of WEAVE_STAGES) assert.ok(runText.includes(s.label), `the stage "${s.label}" is shown`);

  // The weave view: the claim graph is drawn (one circle per node of at least one panel).
  const weave = widgets[1].state.result as WeaveResult;
  await roots.nth(1).locator("svg circle").first().waitFor({ timeout: 15_000 });
  const circles = await roots.nth(1).locator("svg circle").count();
  assert.ok(circles >= weave.panels.a.nodes.length, `the weave graph draws its claims (${circles} circles for ${weave.panels.a.nodes.length} claims of A)`);

  // The graphite view: both charts are real decoded images.
  const chartSizes = await roots
    .nth(2)
    .locator("img")
    .evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((i) => i.naturalWidth));
  assert.ok(chartSizes.filter((w) => w > 0).length >= 2, `both charts render as images (natural widths: ${chartSizes.join(", ") || "none"})`);

  assert.deepEqual(network, [], "the page asks for nothing over the network");
  assert.deepEqual(errors, [], "no console errors");
  await page.context().close();
});

test("a notebook without saved widget state exports with its text fallback, and says so", () => {
  const nb = path.join(dir, "unsaved.ipynb");
  fs.writeFileSync(nb, notebookWithWidgets(sampleWidgets().slice(0, 1), { saveState: false }));
  const r = cli(["export", nb]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /0 widget view\(s\), 0 saved widget model\(s\)/);
  assert.match(r.stdout, /the notebook has 1 widget output\(s\) but no saved widget state/);
  assert.match(r.stdout, /no saved widget state, so they show their text fallback/);
  const html = fs.readFileSync(path.join(dir, "unsaved.html"), "utf8");
  assert.ok(!html.includes("duellab offline widget renderer"), "no renderer is inlined when there is nothing to render");
});

test("bad input gets one clear sentence", () => {
  const missing = cli(["export", path.join(dir, "nope.ipynb")]);
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /duellab export: cannot read the notebook ".*nope\.ipynb": check the path/);
  const noArg = cli(["export"]);
  assert.equal(noArg.status, 2);
  assert.match(noArg.stderr, /give the notebook to export/);
  const notNb = cli(["export", path.join(dir, "x.txt")]);
  assert.match(notNb.stderr, /is not a notebook: give the path of an \.ipynb file/);
});
