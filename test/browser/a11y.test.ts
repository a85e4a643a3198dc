// Readable by everyone, checked in a real browser: axe-core (injected from node_modules, nothing
// fetched) finds zero violations of any impact on the exported weave, graphite and batch pages, in
// the light and the dark colour scheme and on every tab; the pages are proper documents; and a
// keyboard-only walk (Tab, arrows, Enter) reaches every control and claim with focus visible.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { weaveMany } from "../../src/lib/batch/weave-many";
import { DEMO_QUESTIONS } from "../../src/lib/demo/questions";
import { exportHtml } from "../../src/lib/export/html";
import { exportBatchReport } from "../../src/lib/export/report";
import { contrast, DARK, LIGHT } from "../../src/lib/theme/palette";
import { DEMO } from "../unit/batch/support";
import { multiFixture } from "../unit/multi/fixture";
import { axe, fixture, launch, offlinePage, standaloneBundle, tabWalk, viewPage, type Offline } from "./views.support";

let browser: Browser | null = null;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-a11y-"));
const pages: Record<string, string> = {};

before(async () => {
  browser = await launch({ skip: () => {} }).catch(() => null);
  if (!browser) return;
  pages.weave = await exportHtml(fixture("weave-12x12"), path.join(dir, "weave.html"));
  pages.graphite = await exportHtml(fixture("graphite-charts"), path.join(dir, "graphite.html"));
  pages["graphite-crash"] = await exportHtml(fixture("graphite-crash"), path.join(dir, "graphite-crash.html"));
  pages.multi = await exportHtml(multiFixture(4, 8, 20), path.join(dir, "multi.html"));
  const batch = await weaveMany([DEMO_QUESTIONS[0]!, DEMO_QUESTIONS[1]!], { ...DEMO, display: false });
  pages.batch = await exportBatchReport(batch, path.join(dir, "batch.html"));
});
after(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function open(t: { skip(m?: string): void }, name: string, scheme: "light" | "dark"): Promise<Offline | null> {
  if (!browser) {
    await launch(t);
    return null;
  }
  const o = await offlinePage(browser, { reducedMotion: "reduce" });
  await o.page.emulateMedia({ colorScheme: scheme });
  await o.page.goto(`file://${pages[name]}`);
  await o.page.locator(".duellab-root .dl-root").waitFor();
  return o;
}

const rgb = (hex: string) => `rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`;

async function assertNoViolations(page: Page, where: string, include?: string): Promise<void> {
  const v = await axe(page, include);
  assert.deepEqual(v, [], `${where}: axe violations:\n${JSON.stringify(v, null, 1)}`);
}

/** Opens every <details> so axe sees (and checks) what is folded away. */
const openAllDetails = (page: Page) =>
  page.evaluate(() =>
    document.querySelectorAll("details").forEach((d) => {
      d.open = true;
    }),
  );

for (const scheme of ["light", "dark"] as const) {
  test(`exported pages, ${scheme}: proper documents, zero axe violations on every tab and in every fold`, async (t) => {
    for (const name of ["weave", "graphite", "graphite-crash", "multi", "batch"]) {
      const o = await open(t, name, scheme);
      if (!o) return;
      const { page, consoleErrors } = o;
      // A proper document: a language, a title, one main landmark holding the view, one h1.
      assert.equal(await page.getAttribute("html", "lang"), "en");
      assert.match(await page.title(), /^duellab · /);
      assert.equal(await page.locator("main").count(), 1);
      assert.equal(await page.locator("main .duellab-root").count(), 1);
      assert.equal(await page.locator("h1").count(), 1);
      // The page and the view follow the reader's colour scheme.
      const bg = (scheme === "dark" ? DARK : LIGHT).bg;
      assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), rgb(bg));
      assert.equal(await page.locator(".duellab-root").evaluate((el) => getComputedStyle(el).backgroundColor), rgb(bg));

      if (name === "weave") {
        await page.waitForSelector('[data-panel="both"][data-settled="true"]');
        for (const tab of ["graph", "diff", "answers", "prompts", "export"]) {
          await page.click(`[data-tab="${tab}"]`);
          await openAllDetails(page);
          await assertNoViolations(page, `${name} ${scheme}, tab ${tab}`);
        }
      } else {
        await openAllDetails(page);
        await assertNoViolations(page, `${name} ${scheme}`);
      }
      if (name === "batch") {
        // A run opened inline is checked too (a whole weave view inside the batch page).
        await page.locator(".dl-batch-list tr[data-key]").first().click();
        await page.waitForSelector(".dl-batch-detail .dl-root svg");
        await openAllDetails(page);
        await assertNoViolations(page, `${name} ${scheme}, a run opened`);
      }
      assert.deepEqual(consoleErrors, []);
      await o.context.close();
    }
  });
}

test("the weave page by keyboard alone: Tab reaches every control and every claim, arrows move between tabs, Enter exports", async (t) => {
  const o = await open(t, "weave", "light");
  if (!o) return;
  const { page } = o;
  const r = fixture("weave-12x12");
  await page.waitForSelector('[data-panel="both"][data-settled="true"]');
  const { walked, expected } = await tabWalk(page);
  assert.deepEqual(walked, expected, "Tab visits every shown focusable element, in reading order");
  for (const k of ["a", "b", "both"]) {
    const nodes = walked.filter((w) => w.startsWith(`node:${k}:`));
    assert.equal(nodes.length, r.panels[k].nodes.length, `every claim of panel ${k} is a Tab stop`);
  }
  assert.equal(walked.filter((w) => w.startsWith("tab:")).join(), "tab:graph", "the tab bar is one Tab stop: the selected tab");

  // A claim focused: announced with its text, and it shows what hovering shows.
  const first = r.panels.a.nodes[0];
  const node = page.locator(`[data-panel="a"] [data-id="${first.id}"]`);
  await node.focus();
  assert.equal(await node.getAttribute("aria-label"), `Only Model A: ${first.text}`);
  const tip = page.locator('[data-panel="a"] .dl-tip');
  await tip.waitFor({ state: "visible" });
  assert.ok(((await tip.textContent()) ?? "").includes(first.text), "the tooltip shows the claim");
  assert.equal(await node.locator("circle").evaluate((c) => getComputedStyle(c).stroke), rgb(LIGHT.focus), "the focused claim is ringed in the focus colour");

  // The tabs pattern: arrows, Home and End move focus and select; the panel is the next Tab stop.
  await page.focus('[data-tab="graph"]');
  const at = () => page.evaluate(() => (document.activeElement as HTMLElement).dataset.tab);
  await page.keyboard.press("ArrowRight");
  assert.equal(await at(), "diff");
  assert.equal(await page.getAttribute('[data-tab="diff"]', "aria-selected"), "true");
  assert.equal(await page.isVisible('[data-tabpanel="diff"]'), true);
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.tabpanel), "diff", "the claims diff is reached with Tab");
  assert.equal(await page.locator('[data-tabpanel="diff"] table caption').count(), 2, "its tables have captions");
  assert.equal(await page.locator('[data-tabpanel="diff"] th:not([scope])').count(), 0, "every header cell has a scope");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("End");
  assert.equal(await at(), "export");
  await page.keyboard.press("Home");
  assert.equal(await at(), "graph");
  await page.keyboard.press("ArrowLeft");
  assert.equal(await at(), "export", "ArrowLeft wraps from the first tab to the last");

  // The export buttons: reached with Tab, focus visible, Enter downloads.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  const focusedButton = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const cs = getComputedStyle(el);
    return { text: el.textContent, outline: cs.outlineStyle, width: parseFloat(cs.outlineWidth), color: cs.outlineColor };
  });
  assert.match(focusedButton.text ?? "", /panel \(SVG\)/);
  assert.equal(focusedButton.outline, "solid");
  assert.ok(focusedButton.width >= 2);
  assert.equal(focusedButton.color, rgb(LIGHT.focus));
  assert.ok(contrast(LIGHT.focus, LIGHT.paper) >= 3);
  await page.focus(".dl-export-json");
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  assert.match(download.suggestedFilename(), /^duellab-weave-.*\.json$/);
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});

test("the graphite view by keyboard alone: code blocks, copy and repair buttons, every fold; Enter repairs", async (t) => {
  if (!browser) {
    await launch(t);
    return;
  }
  const o = await offlinePage(browser, { reducedMotion: "reduce" });
  await viewPage(o, standaloneBundle());
  const { page } = o;
  const r = fixture("graphite-crash");
  await page.evaluate(
    (result) =>
      (window as any).duellabView.render(document.getElementById("root"), { view: "graphite", run: null, result, pending: [] }, (window as any).__host),
    r,
  );
  const { walked, expected } = await tabWalk(page);
  assert.deepEqual(walked, expected, "Tab visits every shown focusable element, in reading order");
  for (const side of ["A", "B"]) assert.ok(walked.includes(`pre:Code of chart ${side}`), `the code of chart ${side} is a Tab stop: ${walked}`);
  assert.ok(walked.includes("pre:Traceback of chart A"), "the traceback scrolls, so it is a Tab stop");
  assert.ok(walked.includes("button:a:Send the traceback back and retry"), "the repair button is reached");
  assert.equal(walked.filter((w) => w === "button:Copy code").length, 2, "both copy buttons are reached");

  // The code block scrolls from the keyboard once focused.
  const code = page.locator('article[data-side="a"] pre.dl-code');
  await code.evaluate((el) => {
    el.style.maxHeight = "40px";
  });
  assert.ok(await code.evaluate((el) => el.scrollHeight > el.clientHeight), "the code overflows its box");
  await code.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  // Chromium scrolls smoothly: wait for the scroll to arrive rather than read it at once.
  await page.waitForFunction((el) => el.scrollTop > 0, await code.elementHandle(), { timeout: 5000 });

  // Enter on the repair button sends the repair to the kernel.
  await page.focus('button.dl-repair[data-side="a"]');
  await page.keyboard.press("Enter");
  assert.deepEqual(await page.evaluate(() => (window as any).__events), [{ type: "repair", side: "a" }]);
  // Chart A crashed (repairable), chart B was blocked before it ran (not repairable).
  assert.equal(r.charts.a.run.status, "error");
  // Enter on a copy button copies, or says to select the code instead.
  await page.focus('article[data-side="a"] .dl-copy');
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => /Copied|Copy failed/.test(document.querySelector('article[data-side="a"] .dl-copy')!.textContent ?? ""));
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});

test("the static views (what viewers without the widget show) pass axe too", async (t) => {
  if (!browser) {
    await launch(t);
    return;
  }
  const { staticView } = await import("../../src/lib/snapshot/static-view");
  for (const [name, result] of [
    ["weave", fixture("weave-12x12")],
    ["weave-lexical", fixture("weave-lexical")],
    ["graphite-crash", fixture("graphite-crash")],
    ["multi", multiFixture(4, 8, 20)],
  ] as const) {
    const file = path.join(dir, `static-${name}.html`);
    fs.writeFileSync(
      file,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title></head><body><main><h1>${name}</h1>${await staticView(result)}</main></body></html>`,
    );
    const o = await offlinePage(browser);
    await o.page.goto(`file://${file}`);
    await assertNoViolations(o.page, `static snapshot ${name}`);
    await o.context.close();
  }
});
