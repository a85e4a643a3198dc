// exportHtml files opened in headless Chromium with the network off: they must work with nothing
// but the file itself. Node counts, hover, drag, the three exports, both charts, no console errors.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { exportHtml } from "../../src/lib/export/html";
import { fixture, launch, offlinePage, type Offline } from "./views.support";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
let browser: Browser | null = null;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-export-"));

before(async () => {
  browser = await launch({ skip: () => {} }).catch(() => null);
});
after(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function open(t: { skip(m?: string): void }, name: string, opts: Parameters<typeof offlinePage>[1] = {}): Promise<Offline | null> {
  if (!browser) {
    await launch(t);
    return null;
  }
  const file = await exportHtml(fixture(name), path.join(dir, `${name}.html`));
  const o = await offlinePage(browser, opts);
  await o.page.goto(`file://${file}`);
  return o;
}

test("exported weave page: node counts equal the result's, hover shows the full claim, drag moves a node", async (t) => {
  const r = fixture("weave-12x12");
  const o = await open(t, "weave-12x12");
  if (!o) return;
  const { page } = o;
  for (const k of ["a", "b", "both"]) {
    assert.equal(await page.locator(`[data-panel="${k}"] circle`).count(), r.panels[k].nodes.length, `panel ${k} circles`);
    const drawable = r.panels[k].edges.filter((e: { source: string; target: string }) => e.source !== e.target).length;
    assert.equal(await page.locator(`[data-panel="${k}"] line`).count(), drawable, `panel ${k} lines`);
  }
  assert.equal(await page.locator(".dl-consensus .dl-stat-value").textContent(), "41.2%");
  assert.match((await page.locator(".dl-stats").textContent()) ?? "", /7shared.*5A only.*5B only.*2contradictions/);

  // Hover a merged consensus node: both phrasings, and its relations.
  const merged = r.panels.both.nodes.find((n: { shared: boolean }) => n.shared);
  await page.waitForSelector('[data-panel="both"][data-settled="true"]', { timeout: 15_000 });
  await page.locator(`[data-panel="both"] [data-id="${merged.id}"] circle`).hover();
  const tip = page.locator('[data-panel="both"] .dl-tip');
  await tip.waitFor({ state: "visible" });
  const tipText = (await tip.textContent()) ?? "";
  assert.ok(tipText.includes(merged.texts.a), `tooltip has the A phrasing: ${tipText}`);
  assert.ok(tipText.includes(merged.texts.b), `tooltip has the B phrasing: ${tipText}`);
  assert.match(tipText, /consensus/);

  // Drag a node 60 px: its position moves by roughly that much (in panel units).
  const g = page.locator(`[data-panel="a"] [data-id="a0"]`);
  await page.waitForSelector('[data-panel="a"][data-settled="true"]', { timeout: 15_000 });
  const before = await g.getAttribute("transform");
  const box = (await g.locator("circle").boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) await page.mouse.move(box.x + box.width / 2 + i * 10, box.y + box.height / 2 + i * 6);
  const during = await g.getAttribute("transform");
  await page.mouse.up();
  const xy = (s: string | null) => (s?.match(/translate\(([-\d.]+),([-\d.]+)\)/) ?? []).slice(1).map(Number);
  const [x0, y0] = xy(before),
    [x1, y1] = xy(during);
  assert.ok(Math.hypot(x1! - x0!, y1! - y0!) > 20, `dragged node moved from ${before} to ${during}`);

  assert.deepEqual(o.consoleErrors, []);
  assert.deepEqual(o.blockedRequests, [], "the page asked for nothing from the network");
  await o.context.close();
});

test("exported weave page: SVG export has circles and lines, the share card is a real PNG, JSON is the result", async (t) => {
  const r = fixture("weave-12x12");
  const o = await open(t, "weave-12x12");
  if (!o) return;
  const { page } = o;
  await page.locator('.dl-tab[data-tab="export"]').click();
  const save = async (selector: string) => {
    const [dl] = await Promise.all([page.waitForEvent("download"), page.locator(selector).click()]);
    return { name: dl.suggestedFilename(), bytes: fs.readFileSync((await dl.path())!) };
  };
  const svg = await save('.dl-export-svg[data-export-panel="both"]');
  assert.match(svg.name, /\.svg$/);
  const text = svg.bytes.toString("utf8");
  assert.equal((text.match(/<circle/g) ?? []).length, r.panels.both.nodes.length);
  assert.ok((text.match(/<line/g) ?? []).length >= 1, "SVG has lines");
  const png = await save(".dl-export-png");
  assert.ok(png.bytes.subarray(0, 8).equals(PNG_SIGNATURE), "share card starts with the PNG signature");
  assert.equal(png.bytes.readUInt32BE(16), 1200, "share card width from its IHDR");
  assert.ok(png.bytes.length > 20_000, `share card has real content (${png.bytes.length} bytes)`);
  const json = await save(".dl-export-json");
  assert.equal(JSON.parse(json.bytes.toString("utf8")).runId, r.runId);
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});

test("exported lexical-fallback page says so loudly and draws dotted edges", async (t) => {
  const o = await open(t, "weave-lexical");
  if (!o) return;
  const label = o.page.locator(".dl-parse");
  assert.equal(await label.textContent(), "lexical fallback — edges are word overlap, not judged");
  assert.equal(await label.getAttribute("role"), "alert");
  const dashes = await o.page.locator('[data-panel="both"] line.dl-edge-lexical').evaluateAll((ls) => ls.map((l) => l.getAttribute("stroke-dasharray")));
  assert.ok(dashes.length > 0 && dashes.every((d) => d === "1.5 3"), `lexical edges dotted: ${dashes}`);
  assert.equal(await o.page.locator("line.dl-edge-judge").count(), 0, "no lexical edge passes for a judged one");
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});

test("exported graphite page: both PNGs decode at full resolution, measured table side by side", async (t) => {
  const r = fixture("graphite-charts");
  const o = await open(t, "graphite-charts");
  if (!o) return;
  const { page } = o;
  for (const side of ["a", "b"]) {
    const img = page.locator(`img.dl-chart-img[data-side="${side}"]`);
    await img.waitFor();
    const natural = await img.evaluate(async (el: HTMLImageElement) => {
      await el.decode();
      return el.naturalWidth;
    });
    assert.equal(natural, r.charts[side].run.pngs[0].width, `chart ${side} decodes at its own width`);
  }
  assert.equal(
    await page
      .locator('.dl-props tr[data-prop="legend present"] td')
      .allTextContents()
      .then((x) => x.join("|")),
    "yes|no",
  );
  assert.equal(
    await page
      .locator('.dl-props tr[data-prop="patch objects"] td')
      .allTextContents()
      .then((x) => x.join("|")),
    "0|215",
  );
  assert.match((await page.locator(".dl-ship").textContent()) ?? "", /Chart A \(analyst\)/);
  assert.equal(await page.locator('.dl-scores tr[data-side="b"] td').first().textContent(), "3");
  assert.equal(
    await page
      .locator(".dl-chart[data-side='b'] .dl-chart-meta")
      .textContent()
      .then((s) => /reasoning n\/a/.test(s ?? "")),
    true,
  );
  assert.match((await page.locator(".dl-judge details.dl-raw pre").first().textContent()) ?? "", /"ship":"a"/);
  assert.deepEqual(o.consoleErrors, []);
  assert.deepEqual(o.blockedRequests, []);
  await o.context.close();
});

test("exported crash page: verbatim traceback, BLOCKED with the rule and line, repair needs a kernel", async (t) => {
  const o = await open(t, "graphite-crash");
  if (!o) return;
  const { page } = o;
  assert.match((await page.locator('.dl-chart[data-side="a"] .dl-traceback').textContent()) ?? "", /KeyError: 'build_time'$/);
  const blocked = page.locator('.dl-chart[data-side="b"] .dl-blocked');
  assert.match((await blocked.textContent()) ?? "", /BLOCKED.*import of blocked module 'socket' — line 1: import socket/);
  const repair = page.locator('.dl-repair[data-side="a"]');
  assert.equal(await repair.isDisabled(), true, "no kernel in an exported file");
  assert.match((await repair.getAttribute("title")) ?? "", /result\.repair\("a"\)/);
  assert.equal(await page.locator('.dl-repair[data-side="b"]').count(), 0, "a blocked run has nothing to repair");
  assert.equal(
    await page
      .locator('.dl-props tr[data-prop="axes"] td')
      .allTextContents()
      .then((x) => x.join("|")),
    "n/a|n/a",
  );
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});

test("with JavaScript off the page still shows the static view: the settled picture and the numbers", async (t) => {
  const o = await open(t, "weave-12x12", { javaScriptEnabled: false });
  if (!o) return;
  const stat = o.page.locator(".duellab-static");
  assert.equal(await stat.count(), 1);
  const img = stat.locator('img[src^="data:image/png;base64,"]');
  assert.equal(await img.count(), 1);
  // The picture really decoded (a broken image has no natural width).
  assert.equal(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth), 1200);
  assert.match((await stat.textContent()) ?? "", /consensus by nodes: 41\.2%/);
  await o.context.close();
});

test("a hostile question is shown as text: it cannot close the inlined script or run code", async (t) => {
  if (!browser) {
    await launch(t);
    return;
  }
  const q = `</script><script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">`;
  const file = await exportHtml({ ...fixture("weave-12x12"), question: q }, path.join(dir, "hostile.html"));
  const o = await offlinePage(browser);
  await o.page.goto(`file://${file}`);
  assert.equal(await o.page.locator(".dl-question").textContent(), q);
  assert.equal(await o.page.evaluate(() => (window as any).__pwned), undefined);
  assert.equal(await o.page.locator('.dl-panel[data-panel="both"] circle').count(), fixture("weave-12x12").panels.both.nodes.length);
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});
