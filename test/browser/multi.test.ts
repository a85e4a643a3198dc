// The N-model weave view in headless Chromium: a real 3-model demo result (rings, matrix numbers,
// hover phrasings, highlighted members), the 8 × 12 fixture staying readable (inside the panel,
// rings ordered, no overlapping nodes), cheap re-renders, and edges faded by judge stability.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { launch, offlinePage, standaloneBundle, viewPage, type Offline } from "./views.support";
import { weave } from "../../src/lib/weave/run";
import { DEMO_QUESTIONS } from "../../src/lib/demo/questions";
import { CLAIM_BANK, EXPECTED } from "../../src/lib/demo/claims";
import { multiFixture } from "../unit/multi/fixture";

let browser: Browser | null = null;
let bundle = "";
before(async () => {
  browser = await launch({ skip: () => {} }).catch(() => null);
  if (browser) bundle = standaloneBundle();
});
after(async () => {
  await browser?.close();
});

async function page(t: { skip(m?: string): void }): Promise<Offline | null> {
  if (!browser) {
    await launch(t);
    return null;
  }
  const o = await offlinePage(browser, {});
  await o.page.addInitScript("window.__name = (f) => f");
  await viewPage(o, bundle);
  return o;
}

const run = { title: "weave", status: "done", stages: [], startedAt: null, endedAt: null, error: null, cancellable: false };
const render = (p: Page, result: unknown, over: Record<string, unknown> = {}) =>
  p.evaluate((s) => (window as any).duellabView.render(document.getElementById("root"), s, (window as any).__host), {
    view: "weave",
    run: { ...run, ...over },
    result,
    pending: [],
  });
const demo = (model: string) => ({ provider: "demo" as const, model });
const Q = DEMO_QUESTIONS[0]!;

test("three demo models: core, rings, matrix numbers, hover shows each model's phrasing", async (t) => {
  const o = await page(t);
  if (!o) return;
  const p = o.page;
  const r = JSON.parse(JSON.stringify(await weave({ question: Q, models: ["atlas", "beacon", "cedar"].map(demo), judge: demo("judge"), display: false })));
  await render(p, r);
  assert.equal(await p.locator(".dl-multi-consensus circle.dl-multi-node").count(), 19);
  assert.equal(await p.locator('.dl-multi-consensus circle.dl-multi-node[data-size="3"]').count(), 3);
  assert.equal(await p.locator(".dl-weave .dl-panel[data-panel='both']").count(), 0, "not the two-model view");
  const e = EXPECTED[Q]!;
  const cell = (x: string, y: string) => p.locator(`.dl-multi-cell[data-x="${x}"][data-y="${y}"]`).textContent();
  assert.equal(await cell("a", "b"), `${e["atlas-beacon"].consensusByNodes.toFixed(1)}%`);
  assert.equal(await cell("c", "a"), `${e["atlas-cedar"].consensusByNodes.toFixed(1)}%`);
  assert.equal(await cell("b", "c"), `${e["beacon-cedar"].consensusByNodes.toFixed(1)}%`);
  assert.match((await p.locator('.dl-multi-cell[data-x="a"][data-y="b"]').getAttribute("title")) ?? "", /^A–B: 7 shared ÷ \(7 \+ 5 A-only \+ 5 B-only\)/);
  const head = (await p.locator(".dl-headline").textContent()) ?? "";
  assert.match(head, /15\.8%core: groups made by every model/);
  assert.match(head, /3made by all 3/);
  assert.match(head, /9by 2 of 3/);
  assert.match(head, /7made by one/);
  assert.match(head, /29\.4% \/ 37\.5% \/ 41\.2%pairwise consensus min \/ median \/ max/);
  assert.equal(await p.locator(".dl-multi-model").count(), 3);
  assert.deepEqual(await p.locator(".dl-multi-model").evaluateAll((els) => els.map((el) => el.querySelectorAll("circle").length)), [12, 12, 10]);
  // Hover the core group holding atlas's first claim: every model's phrasing, its members lit up.
  const id = r.multi.groups.find((g: any) => g.members.a === 0).id;
  await p.locator(`.dl-multi-consensus circle[data-group="${id}"]`).hover();
  const tip = p.locator(".dl-multi-tip");
  assert.equal(await tip.isVisible(), true);
  const tipText = (await tip.textContent()) ?? "";
  assert.match(tipText, /^Core: made by all 3 models/);
  for (const who of ["atlas", "beacon", "cedar"] as const) assert.ok(tipText.includes(CLAIM_BANK[0]!.claims[who][0]!), `${who}'s phrasing is shown`);
  assert.equal(await p.locator(`.dl-multi-hl[data-group="${id}"]`).count(), 4, "the consensus node and one claim in each model panel");
  await p.mouse.move(2, 2);
  assert.equal(await tip.isVisible(), false);
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});

for (const spread of [20, 60])
  test(`8 models × 12 claims (${spread} shared ideas) stays readable: every node inside, rings ordered, no overlaps`, async (t) => {
    const o = await page(t);
    if (!o) return;
    const p = o.page;
    const r = multiFixture(8, 12, spread);
    await render(p, r);
    const nodes = await p.locator(".dl-multi-consensus circle.dl-multi-node").evaluateAll((els) =>
      els.map((el) => ({
        x: Number(el.getAttribute("cx")),
        y: Number(el.getAttribute("cy")),
        r: Number(el.getAttribute("r")),
        size: Number(el.getAttribute("data-size")),
      })),
    );
    assert.equal(nodes.length, r.multi!.groups.length);
    const S = 560;
    for (const n of nodes) assert.ok(n.x - n.r >= 0 && n.x + n.r <= S && n.y - n.r >= 0 && n.y + n.r <= S, `node at ${n.x},${n.y} inside the panel`);
    let overlaps = 0;
    for (let i = 0; i < nodes.length; i++)
      for (let j = i + 1; j < nodes.length; j++) {
        const a = nodes[i]!,
          b = nodes[j]!;
        if (Math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r - 1) overlaps++;
      }
    assert.equal(overlaps, 0, "no two groups drawn on top of each other");
    const meanDist = (size: number) => {
      const xs = nodes.filter((n) => n.size === size).map((n) => Math.hypot(n.x - S / 2, n.y - S / 2));
      return xs.length ? xs.reduce((t, x) => t + x, 0) / xs.length : null;
    };
    const bySize = [8, 7, 6, 5, 4, 3, 2, 1].map(meanDist).filter((x): x is number => x !== null);
    for (let i = 1; i < bySize.length; i++) assert.ok(bySize[i]! > bySize[i - 1]!, `rings ordered outward: ${bySize.map((x) => x.toFixed(0)).join(" < ")}`);
    assert.equal(await p.locator(".dl-multi-model").count(), 8);
    assert.equal(await p.locator(".dl-multi-model circle").count(), 96);
    assert.equal(await p.locator(".dl-multi-cell").count(), 56);
    // A state update that only changes the run header does not rebuild the view.
    await p.evaluate(() => {
      (document.querySelector(".dl-multi-consensus circle") as any).__mark = 1;
    });
    await render(p, r, { title: "weave (renamed)" });
    assert.equal(await p.evaluate(() => (document.querySelector(".dl-multi-consensus circle") as any).__mark), 1);
    assert.deepEqual(o.consoleErrors, []);
    await o.context.close();
  });

test("with judgeRuns the stated rule is shown and edges are faded by the share of runs that found them", async (t) => {
  const o = await page(t);
  if (!o) return;
  const p = o.page;
  const r = JSON.parse(
    JSON.stringify(
      await weave({
        question: Q,
        models: ["atlas", "beacon", "cedar"].map(demo),
        judge: demo("judge-unstable"),
        judgeRuns: 4,
        keepRule: "any",
        display: false,
      }),
    ),
  );
  await render(p, r);
  assert.match(
    (await p.locator(".dl-multi-rule").textContent()) ?? "",
    /Judge stability: 4 CLASSIFY runs per pair \(2 with the lists swapped\); an edge is kept if any of the 4 judged runs found it/,
  );
  const edges = await p
    .locator(".dl-multi-edge")
    .evaluateAll((els) => els.map((el) => ({ share: Number(el.getAttribute("data-share")), opacity: Number(el.getAttribute("stroke-opacity")) })));
  assert.ok(
    edges.some((e) => e.share < 1),
    "some edge was not found in every run",
  );
  for (const e of edges) assert.equal(e.opacity, Number((0.2 + 0.75 * e.share).toFixed(2)));
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});
