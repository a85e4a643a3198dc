// render() in a real browser with a recording host: the run header (stages, live time, error,
// cancel), cheap re-renders that keep settled layouts, reduced motion, and the repair button.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { fixture, launch, offlinePage, standaloneBundle, viewPage, type Offline } from "./views.support";

let browser: Browser | null = null;
let bundle = "";
before(async () => {
  browser = await launch({ skip: () => {} }).catch(() => null);
  if (browser) bundle = standaloneBundle();
});
after(async () => {
  await browser?.close();
});

async function page(t: { skip(m?: string): void }, opts: Parameters<typeof offlinePage>[1] = {}): Promise<Offline | null> {
  if (!browser) {
    await launch(t);
    return null;
  }
  const o = await offlinePage(browser, opts);
  await viewPage(o, bundle);
  return o;
}

const render = (p: Page, state: unknown) =>
  p.evaluate((s) => (window as any).duellabView.render(document.getElementById("root"), s, (window as any).__host), state);

function runState(over: Record<string, unknown> = {}, now = Date.now()) {
  return {
    title: "weave",
    status: "running",
    startedAt: now - 2000,
    endedAt: null,
    error: null,
    cancellable: true,
    stages: [
      { id: "asking", label: "Asking", status: "done", startedAt: now - 2000, endedAt: now - 1400, detail: null },
      { id: "extracting", label: "Extracting", status: "active", startedAt: now - 1400, endedAt: null, detail: "A extracted, waiting for B" },
      { id: "classifying", label: "Classifying", status: "pending", startedAt: null, endedAt: null, detail: null },
    ],
    ...over,
  };
}

test("run header: stages in order with measured times, the active one ticking, Cancel sends cancel", async (t) => {
  const o = await page(t);
  if (!o) return;
  const p = o.page;
  await render(p, { view: "run", run: runState(), result: null, pending: [] });
  assert.deepEqual(
    await p.locator(".dl-stage").evaluateAll((els) => els.map((e) => `${(e as HTMLElement).dataset.stage}:${(e as HTMLElement).dataset.status}`)),
    ["asking:done", "extracting:active", "classifying:pending"],
  );
  assert.equal(await p.locator('[data-stage="asking"] .dl-stage-time').textContent(), "600 ms");
  assert.match((await p.locator('[data-stage="extracting"] .dl-stage-detail').textContent()) ?? "", /waiting for B/);
  const t1 = await p.locator('[data-stage="extracting"] .dl-stage-time').textContent();
  // Wait for the next tick however long a loaded machine takes to paint it, not a fixed 350 ms.
  await p.waitForFunction((before) => document.querySelector('[data-stage="extracting"] .dl-stage-time')?.textContent !== before, t1, { timeout: 60_000 });
  const t2 = await p.locator('[data-stage="extracting"] .dl-stage-time').textContent();
  const secs = (x: string | null) => Number(/^(\d+\.\d) s$/.exec(x ?? "")?.[1]);
  assert.ok(secs(t2) > secs(t1), `active stage time ticks (${t1} → ${t2})`);
  assert.ok(secs(t1) >= 1.4, `measured from the stage's own start (${t1})`);
  await p.locator(".duellab-cancel").click();
  assert.deepEqual(await p.evaluate(() => (window as any).__events), [{ type: "cancel" }]);
  assert.ok(await p.locator(".duellab-cancel").isDisabled(), "one click, one cancel");
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});

test("run header: error names the failed stage and the provider's message; cancelled says so", async (t) => {
  const o = await page(t);
  if (!o) return;
  const p = o.page;
  const now = Date.now();
  const failed = runState(
    {
      status: "error",
      endedAt: now,
      cancellable: false,
      error: { stage: "Classifying", message: "Cannot reach http://127.0.0.1:11434 — is the local provider running? (fetch failed)" },
    },
    now,
  );
  (failed.stages as any[])[1] = { ...(failed.stages as any[])[1], status: "done", endedAt: now - 500 };
  (failed.stages as any[])[2] = { ...(failed.stages as any[])[2], status: "error", startedAt: now - 500, endedAt: now };
  await render(p, { view: "weave", run: failed, result: null, pending: [] });
  assert.equal(
    await p.locator(".dl-header .dl-error").textContent(),
    "Failed at Classifying: Cannot reach http://127.0.0.1:11434 — is the local provider running? (fetch failed)",
  );
  assert.equal(await p.locator('[data-stage="classifying"]').getAttribute("data-status"), "error");
  assert.equal(await p.locator(".duellab-cancel").count(), 0, "nothing to cancel after a failure");
  assert.match((await p.locator(".dl-waiting").textContent()) ?? "", /No weave result/);

  const cancelled = runState({ status: "cancelled", endedAt: now, cancellable: false }, now);
  (cancelled.stages as any[])[1] = { ...(cancelled.stages as any[])[1], status: "cancelled", endedAt: now };
  await render(p, { view: "weave", run: cancelled, result: null, pending: [] });
  assert.equal(await p.locator(".dl-run-status").textContent(), "cancelled");
  assert.match((await p.locator('[data-stage="extracting"] .dl-stage-time').textContent()) ?? "", /^cancelled after 1\.4 s$/);
  assert.equal(await p.locator(".dl-header .dl-error").isHidden(), true);
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});

test("weave: re-rendering with a new run state keeps the panels and their settled positions", async (t) => {
  const o = await page(t, { reducedMotion: "reduce" });
  if (!o) return;
  const p = o.page;
  const r = fixture("weave-12x12");
  const done = runState({ status: "done", cancellable: false });
  await render(p, { view: "weave", run: done, result: r, pending: [] });
  // Reduced motion settles synchronously: settled on the first paint, no timer.
  assert.deepEqual(await p.locator("[data-panel]").evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.settled)), ["true", "true", "true"]);
  assert.match((await p.locator('[data-panel="a"] .dl-settle-text').textContent()) ?? "", /reduced motion/);
  const snap = () =>
    p.evaluate(() =>
      Array.from(document.querySelectorAll("[data-panel] .dl-node"))
        .map((g) => g.getAttribute("transform"))
        .join(";"),
    );
  const before = await snap();
  await p.evaluate(() => {
    document.querySelectorAll("[data-panel] svg").forEach((s) => {
      (s as any).__mark = 1;
    });
  });
  for (let i = 0; i < 5; i++) await render(p, { view: "weave", run: { ...done, title: `weave ${i}` }, result: structuredClone(r), pending: [] });
  assert.equal(
    await p.evaluate(() => Array.from(document.querySelectorAll("[data-panel] svg")).filter((s) => (s as any).__mark === 1).length),
    3,
    "same SVG elements",
  );
  assert.equal(await snap(), before, "positions untouched");
  assert.equal(await p.locator(".dl-title").textContent(), "weave 4", "the header did update");

  // A changed Both panel rebuilds that panel only.
  const r2 = structuredClone(r);
  r2.panels.both.nodes = r2.panels.both.nodes.slice(0, 10);
  r2.panels.both.edges = [];
  await render(p, { view: "weave", run: done, result: r2, pending: [] });
  assert.deepEqual(await p.evaluate(() => Array.from(document.querySelectorAll("[data-panel] svg")).map((s) => (s as any).__mark === 1)), [true, true, false]);
  assert.equal(await p.locator('[data-panel="both"] circle').count(), 10);
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});

test("weave: labels never overlap, circles stay inside the panel, reasoning tokens n/a where unreported", async (t) => {
  const o = await page(t, { reducedMotion: "reduce" });
  if (!o) return;
  const p = o.page;
  await render(p, { view: "weave", run: runState({ status: "done" }), result: fixture("weave-12x12"), pending: [] });
  const geo = await p.evaluate(() =>
    Array.from(document.querySelectorAll("[data-panel]")).map((panel) => {
      const labels = Array.from(panel.querySelectorAll("text.dl-label"))
        .filter((t) => t.getAttribute("visibility") === "visible")
        .map((t) => (t as SVGTextElement).getBBox());
      let overlaps = 0;
      for (let i = 0; i < labels.length; i++)
        for (let j = i + 1; j < labels.length; j++) {
          const a = labels[i]!,
            b = labels[j]!;
          if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) overlaps++;
        }
      const outside = Array.from(panel.querySelectorAll(".dl-node")).filter((g) => {
        const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(g.getAttribute("transform") ?? "")!;
        const r = Number(g.querySelector("circle")!.getAttribute("r"));
        const x = Number(m[1]),
          y = Number(m[2]);
        return x - r < 0 || y - r < 0 || x + r > 360 || y + r > 360;
      }).length;
      return { shown: labels.length, overlaps, outside };
    }),
  );
  for (const g of geo) {
    assert.equal(g.overlaps, 0, JSON.stringify(geo));
    assert.equal(g.outside, 0, JSON.stringify(geo));
    assert.ok(g.shown >= 5, `a panel shows at least 5 labels: ${JSON.stringify(geo)}`);
  }
  assert.deepEqual(await p.locator(".dl-costline .dl-cost").allTextContents(), [
    "A atlas · 120 tok · reasoning 87 · 300 ms",
    "B beacon · 120 tok · reasoning n/a · 300 ms",
    "judge judge · 360 tok · reasoning n/a · 900 ms",
  ]);
  assert.match((await p.locator(".dl-timings").first().textContent()) ?? "", /asking 412 ms.*classifying 520 ms.*total 1\.6 s/);
  await p.locator(".dl-meta > summary").first().click();
  assert.deepEqual(await p.locator(".dl-slots tbody .dl-reasoning").allTextContents(), ["87", "n/a", "n/a"]);
  await p.locator('.dl-tab[data-tab="diff"]').click();
  assert.match((await p.locator(".dl-diff").textContent()) ?? "", /Only in A — what did B miss\? \(5\)/);
  const onlyB = await p.locator('.dl-only-list[data-only="b"] li').allTextContents();
  assert.deepEqual(
    onlyB.map((s) => s.length),
    [...onlyB.map((s) => s.length)].sort((a, b) => b - a),
    "B-only sorted by size",
  );
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});

test("graphite: the repair button sends the side, then spins while the kernel works on it", async (t) => {
  const o = await page(t);
  if (!o) return;
  const p = o.page;
  const r = fixture("graphite-crash");
  const run = runState({ title: "graphite", status: "done", cancellable: false });
  await render(p, { view: "graphite", run, result: r, pending: [] });
  const btn = p.locator('.dl-repair[data-side="a"]');
  assert.equal(await btn.textContent(), "Send the traceback back and retry");
  await btn.click();
  assert.deepEqual(await p.evaluate(() => (window as any).__events), [{ type: "repair", side: "a" }]);
  await render(p, { view: "graphite", run, result: r, pending: ["repair-a"] });
  assert.equal(await btn.isDisabled(), true);
  assert.equal(await btn.textContent(), "Repairing…");
  assert.equal(await btn.locator(".dl-spinner").count(), 1);
  // The kernel publishes the repaired chart: the button goes, the image comes.
  const fixed = structuredClone(fixture("graphite-charts").charts.a);
  fixed.attempts = [r.charts.a.attempts[0], { ...fixed.attempts[0], n: 1, kind: "repair" }];
  await render(p, { view: "graphite", run, result: { ...r, charts: { ...r.charts, a: fixed } }, pending: [] });
  assert.equal(await p.locator('.dl-repair[data-side="a"]').count(), 0);
  assert.equal(await p.locator('img.dl-chart-img[data-side="a"]').count(), 1);
  assert.match((await p.locator('.dl-chart[data-side="a"] .dl-attempts').textContent()) ?? "", /first try: crashed[\s\S]*repair 1: rendered/);
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});

test("weave live: partial results show what has arrived, then the full result brings the panels", async (t) => {
  const o = await page(t, { reducedMotion: "reduce" });
  if (!o) return;
  const p = o.page;
  const r = fixture("weave-12x12");
  const base = {
    kind: "weave",
    version: 1,
    question: r.question,
    runId: r.runId,
    nonce: r.nonce,
    createdAt: r.createdAt,
    demo: true,
    sides: ["a", "b"],
    slots: r.slots,
  };
  const running = runState();
  await render(p, { view: "weave", run: running, result: null, pending: [] });
  assert.match((await p.locator(".dl-waiting").textContent()) ?? "", /appears when the judge has classified/);
  await render(p, { view: "weave", run: running, result: { ...base, answers: { a: r.answers.a } }, pending: [] });
  assert.equal(await p.locator(".dl-partial .dl-question").textContent(), r.question);
  const words = r.answers.a.text.split(/\s+/).length;
  assert.deepEqual(await p.locator(".dl-partial .dl-answer .dl-muted").allTextContents(), [`answered: ${words} words · 412 ms`, "waiting for the answer"]);
  await render(p, { view: "weave", run: running, result: { ...base, answers: r.answers, claims: r.claims }, pending: [] });
  assert.equal(await p.locator('.dl-partial .dl-only-list[data-only="b"] li').count(), r.claims.b.length);
  assert.equal(await p.locator(".dl-panel").count(), 0);
  await render(p, { view: "weave", run: runState({ status: "done" }), result: r, pending: [] });
  assert.equal(await p.locator(".dl-partial").count(), 0);
  assert.equal(await p.locator('.dl-panel[data-panel="both"] circle').count(), r.panels.both.nodes.length);
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});

test("graphite live: charts without a judge yet say the judge is scoring, not a missing score", async (t) => {
  const o = await page(t);
  if (!o) return;
  const p = o.page;
  const r = { ...fixture("graphite-charts"), judge: null };
  await render(p, { view: "graphite", run: runState({ title: "graphite" }), result: r, pending: [] });
  assert.equal(await p.locator(".dl-ship .dl-stat-value").textContent(), "judging…");
  assert.match((await p.locator(".dl-judge").textContent()) ?? "", /scoring the measured figures/);
  await render(p, { view: "graphite", run: runState({ title: "graphite", status: "done" }), result: r, pending: [] });
  assert.equal(await p.locator(".dl-ship .dl-stat-value").textContent(), "not judged");
  assert.equal(await p.locator('.dl-stat[data-side="a"] .dl-stat-value').textContent(), "n/a");
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});

test("a view kind this build cannot draw says so under the header instead of going blank", async (t) => {
  const o = await page(t);
  if (!o) return;
  const p = o.page;
  await render(p, { view: "zzz", run: runState({ status: "done" }), result: { kind: "zzz" }, pending: [] });
  assert.match((await p.locator(".dl-waiting").textContent()) ?? "", /cannot draw a "zzz" result/);
  await render(p, { view: "run", run: runState(), result: null, pending: [] });
  assert.equal(await p.locator(".dl-view").count(), 0, "run: the header alone");
  assert.equal(await p.locator(".dl-stage").count(), 3);
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});

test("weave with repeated judge runs: the spread and the keep rule are shown, edges fade with their share", async (t) => {
  const o = await page(t, { reducedMotion: "reduce" });
  if (!o) return;
  const p = o.page;
  const { WeaveResult } = await import("../../src/lib/schema/weave");
  const r = fixture("weave-12x12");
  r.panels.both.edges = r.panels.both.edges.map((e: object, i: number) => ({ ...e, share: i === 0 ? 1 / 3 : 1 }));
  const run = (n: number, order: "straight" | "swapped", c: number) => ({ run: n, order, parseMode: "json", pairs: 11, consensusByNodes: c, judged: true });
  r.stability = {
    runs: 3,
    swappedRuns: 1,
    judgedRuns: 3,
    rule: "majority",
    ruleText: "kept when found in at least 2 of 3 judged runs",
    perRun: [run(1, "straight", 41.2), run(2, "swapped", 35.3), run(3, "straight", 41.2)],
    consensusSpread: { min: 35.3, median: 41.2, max: 41.2, values: [41.2, 35.3, 41.2] },
    candidatePairs: 13,
    keptPairs: 11,
    allPairs: [],
    flipsUnderSwap: 1,
  };
  assert.equal(WeaveResult.safeParse(r).success, true, "the test result is a valid WeaveResult");
  await render(p, { view: "weave", run: runState({ status: "done" }), result: r, pending: [] });
  assert.equal(
    await p.locator(".dl-stability").textContent(),
    "Judge stability over 3 CLASSIFY runs (1 with the lists swapped, 3 parsed): consensus min 35.3% · median 41.2% · max 41.2% · 11 of 13 relations kept · kept when found in at least 2 of 3 judged runs · 1 relation flips when the order is swapped · edge opacity = share of runs that found it",
  );
  const ops = await p.locator('.dl-panel[data-panel="both"] line.dl-edge').evaluateAll((ls) => ls.map((l) => Number(l.getAttribute("stroke-opacity"))));
  assert.ok(ops[0]! < ops[1]! / 2, `the 1-in-3 edge is fainter: ${ops}`);
  const first = await p.locator('.dl-panel[data-panel="both"] line.dl-edge').first().getAttribute("data-source");
  await p.locator(`.dl-panel[data-panel="both"] [data-id="${first}"] circle`).hover();
  assert.match((await p.locator('.dl-panel[data-panel="both"] .dl-tip').textContent()) ?? "", /found in 33% of judge runs/);
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});

test("graphite with repeated judge runs: position bias is reported as bias, never as a win", async (t) => {
  const o = await page(t);
  if (!o) return;
  const p = o.page;
  const { GraphiteResult } = await import("../../src/lib/schema/graphite");
  const r = fixture("graphite-charts");
  const v = (a: number, b: number, neither: number) => ({ a, b, neither, runs: a + b + neither });
  const sc = (i: number, c: number) => ({ insight: i, clarity: c, verdict: "" });
  r.judge.ship = "neither";
  r.judge.stability = {
    runs: 4,
    swappedRuns: 2,
    judgedRuns: 4,
    votes: v(2, 2, 0),
    byOrder: { straight: v(2, 0, 0), swapped: v(0, 2, 0) },
    positionBias: true,
    outcome: "position-bias",
    rule: "a side wins only with a majority of readable runs and no position bias",
    insight: { a: { min: 3, median: 6, max: 9, values: [9, 3, 9, 3] }, b: { min: 3, median: 6, max: 9, values: [3, 9, 3, 9] } },
    clarity: { a: { min: 2, median: 5, max: 8, values: [8, 2, 8, 2] }, b: { min: 2, median: 5, max: 8, values: [2, 8, 2, 8] } },
    perRun: [1, 2, 3, 4].map((n) => ({
      run: n,
      order: n % 2 ? "straight" : "swapped",
      parseMode: "json",
      ship: n % 2 ? "a" : "b",
      scores: { a: sc(n % 2 ? 9 : 3, n % 2 ? 8 : 2), b: sc(n % 2 ? 3 : 9, n % 2 ? 2 : 8) },
    })),
  };
  assert.equal(GraphiteResult.safeParse(r).success, true, "the test result is a valid GraphiteResult");
  await render(p, { view: "graphite", run: runState({ title: "graphite", status: "done" }), result: r, pending: [] });
  assert.equal(await p.locator(".dl-ship .dl-stat-value").textContent(), "position bias: the order decided, not the charts");
  assert.equal(await p.locator(".dl-ship").getAttribute("data-ship"), "position-bias");
  assert.equal(await p.locator(".dl-chart-ship").count(), 0, "no chart is marked as the winner");
  assert.match(
    (await p.locator(".dl-judge .dl-stability").textContent()) ?? "",
    /straight order: A 2 · B 0 · neither 0 of 2 · swapped: A 0 · B 2 · neither 0 of 2/,
  );
  assert.deepEqual(await p.locator('.dl-spread tr[data-side="a"] td').allTextContents(), ["3 / 6 / 9", "2 / 5 / 8"]);
  assert.equal(await p.locator('.dl-judge .dl-stability [role="alert"]').count(), 1);
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});

test("graphite: the thinking switch is offered only on a slot that supports it, and travels with the repair", async (t) => {
  const o = await page(t);
  if (!o) return;
  const p = o.page;
  const r = fixture("graphite-crash");
  const run = runState({ title: "graphite", status: "done", cancellable: false });
  // The fixture's slots are demo models: no switch anywhere.
  await render(p, { view: "graphite", run, result: r, pending: [] });
  assert.equal(await p.locator(".dl-thinking").count(), 0, "no thinking switch for a demo slot");
  // The same crash from a Particle deepseek-* slot: the switch appears beside its repair button.
  const particle = { ...r, slots: { ...r.slots, a: { ...r.slots.a, provider: "particle", model: "deepseek-v4.1-flash", thinking: null } } };
  await render(p, { view: "graphite", run, result: particle, pending: [] });
  const box = p.locator('.dl-thinking[data-side="a"]');
  assert.equal(await box.count(), 1);
  assert.equal(await box.isChecked(), true, "thinking is on unless the slot turned it off");
  await box.uncheck();
  await p.locator('.dl-repair[data-side="a"]').click();
  assert.deepEqual(await p.evaluate(() => (window as any).__events), [{ type: "repair", side: "a", thinking: false }]);
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});

test("weave evidence: trace counts beside the parse mode, not-found claims drawn and listed, hover and focus light the span", async (t) => {
  const o = await page(t, { reducedMotion: "reduce" });
  if (!o) return;
  const p = o.page;
  const { weave } = await import("../../src/lib/weave/run");
  const { DEMO_QUESTIONS } = await import("../../src/lib/demo/questions");
  const slot = (model: string) => ({ provider: "demo" as const, model, apiKey: "sk-test" });
  const r = await weave({ question: DEMO_QUESTIONS[0]!, a: slot("atlas"), b: slot("beacon"), judge: slot("judge-crossed"), display: false });
  await render(p, { view: "weave", run: runState({ status: "done" }), result: JSON.parse(JSON.stringify(r)), pending: [] });
  assert.equal(
    await p.locator('.dl-evidence-line[data-side="a"]').textContent(),
    "A: 11/12 claims traced, 1 not found in A's answer (1 in another answer), 1 sentence of 12 not covered",
  );
  assert.match((await p.locator(".dl-traced-consensus").textContent()) ?? "", /^Over traced claims only: \d+\.\d% consensus/);
  // The stolen claim is dashed in A's panel and says so to hover and to a screen reader.
  const bad = p.locator('.dl-panel[data-panel="a"] .dl-node-notfound');
  assert.equal(await bad.count(), 1);
  assert.match((await bad.getAttribute("aria-label")) ?? "", /— not found in Model A's answer$/);
  // Hovering a traced node lights its words in the Answers tab (11 traced spans in A's answer).
  assert.equal(await p.locator('.dl-answer[data-side="a"] mark.dl-span').count(), 11);
  await p.locator('.dl-panel[data-panel="a"] .dl-node[data-claims="a:0"] circle').hover();
  assert.deepEqual(await p.locator("mark.dl-span-on").evaluateAll((ms) => ms.map((m) => m.getAttribute("data-claim"))), ["a:0"]);
  // The claims diff shows each quote, and focusing a row lights both sides' spans.
  await p.locator('.dl-tab[data-tab="diff"]').click();
  const quotes = await p.locator(".dl-shared-table tbody tr").evaluateAll((rows) => rows.map((r) => r.querySelectorAll("q.dl-quote").length));
  assert.ok(quotes.filter((n) => n === 2).length >= 5, `each side's quote under its claim: ${quotes}`);
  // The judge matched both stolen claims with their true owners: those rows say the claim was not found.
  assert.equal(await p.locator('.dl-shared-table [data-evidence="not-found"]').count(), 2);
  const both = p.locator(".dl-shared-table tbody tr").nth(quotes.indexOf(2));
  await both.dispatchEvent("pointerover");
  assert.equal(await p.locator("mark.dl-span-on").count(), 2, "a shared row lights A's span and B's");
  // Keyboard: focusing a claim of "Only in A" lights its span too.
  const onlyA = p.locator('[data-only="a"] li:has(q.dl-quote)').first();
  const key = await onlyA.getAttribute("data-claims");
  // The pointer leaves the view first, so scrolling the focused entry into view hovers nothing.
  await p.mouse.move(0, 0);
  await onlyA.focus();
  assert.deepEqual(await p.locator("mark.dl-span-on").evaluateAll((ms) => ms.map((m) => m.getAttribute("data-claim"))), [key]);
  await p.locator('.dl-tab[data-tab="answers"]').click();
  assert.match((await p.locator('.dl-answer[data-side="a"] .dl-notfound').textContent()) ?? "", /not found: the quote is in B's answer, not this one/);
  await p.locator('.dl-answer[data-side="a"] .dl-notfound li').first().dispatchEvent("pointerover");
  assert.equal(await p.locator("mark.dl-span-on").count(), 0, "a claim not found has no span to light");
  assert.equal(await p.locator('.dl-answer[data-side="a"] .dl-uncovered').count(), 1);
  assert.deepEqual(o.consoleErrors, []);
  await o.context.close();
});
