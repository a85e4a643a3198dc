// The batch view in a real browser: live progress, aggregates with intervals, every aggregate
// opening the runs it comes from, and a run opening inline in its own (weave) view.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { runWeaveMany } from "../../src/lib/batch/weave-many";
import { DEMO_QUESTIONS } from "../../src/lib/demo/questions";
import { startDemoServer } from "../../src/lib/demo/server";
import { startLiveRun } from "../../src/lib/run/live";
import type { BatchResult } from "../../src/lib/schema/batch";
import { launch, offlinePage, standaloneBundle, viewPage, type Offline } from "./views.support";

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
  const o = await offlinePage(browser);
  await viewPage(o, bundle);
  return o;
}

const show = (p: Page, result: BatchResult, status = result.status === "running" ? "running" : "done") =>
  p.evaluate(
    ([r, st]) =>
      (window as any).duellabView.render(
        document.getElementById("root"),
        {
          view: "batch",
          run: { title: (r as any).title, status: st, stages: [], startedAt: null, endedAt: null, error: null, cancellable: false },
          result: r,
          pending: [],
        },
        {},
      ),
    [result, status] as const,
  );

/** A batch seen mid-way: one run done, others still running, so the ETA has something to go on. */
const isMid = (s: BatchResult) => s.progress.done > 0 && s.progress.running > 0 && s.progress.etaMs !== null;

/**
 * A real demo batch, and every state its live widget was sent. The answers to the second question
 * are held until the batch has published a mid-run state (the first question's runs end, the
 * second's wait), so that state exists however fast or loaded the machine is.
 */
async function demoBatch(signal: AbortSignal): Promise<{ final: BatchResult; published: BatchResult[] }> {
  const published: BatchResult[] = [];
  const q = DEMO_QUESTIONS as [string, string];
  const srv = await startDemoServer();
  const hold = srv.hold((c) => c.prompt.includes(q[1]));
  // A test that times out lets the held answers go, so the batch ends and the failure is reported.
  signal.addEventListener("abort", () => hold.open());
  const startLive: typeof startLiveRun = (o) => {
    const live = startLiveRun({ ...o, display: false });
    return {
      ...live,
      handle: { id: "fake" } as never,
      publish: (r: unknown) => {
        published.push(structuredClone(r) as BatchResult);
        if (isMid(r as BatchResult)) hold.open();
      },
    };
  };
  const slot = (model: string) => ({ provider: "custom" as const, baseUrl: srv.url, model });
  try {
    const final = await runWeaveMany(
      [q[0], q[1], q[0], q[1]],
      { a: slot("atlas"), b: slot("beacon"), judge: slot("judge"), concurrency: 2, display: false },
      { startLive, publishEveryMs: 0 },
    );
    return { final: structuredClone(final), published };
  } finally {
    await srv.close();
  }
}

test("batch view: live counts and ETA, aggregates with intervals, runs behind a number, a run opens inline and stays put", { timeout: 180_000 }, async (t) => {
  const o = await page(t);
  if (!o) return;
  const { page: p, consoleErrors } = o;
  const { final, published } = await demoBatch(t.signal);
  const mid = published.find(isMid);
  assert.ok(mid, "a mid-run state with an ETA was published");
  await show(p, mid!);
  assert.equal(await p.textContent('[data-count="done"]'), String(mid!.progress.done));
  assert.equal(await p.textContent('[data-count="running"]'), String(mid!.progress.running));
  assert.match((await p.textContent("[data-eta]"))!, /^ETA \d+ (ms|s)$/);
  assert.match((await p.textContent("[data-cost]"))!, /^cost so far: [\d,]+ tokens in \d+ calls$/);

  await show(p, final);
  assert.equal(await p.textContent('[data-count="done"]'), "4");
  const a = final.aggregates!;
  if (a.kind !== "weave") throw new Error("not weave");
  const row = p.locator('[data-estimate="Consensus (mean)"]');
  assert.match((await row.textContent())!, new RegExp(`${a.consensus.value!.toFixed(1)}%.*${a.consensus.lo!.toFixed(1)}–${a.consensus.hi!.toFixed(1)}%`));
  assert.equal(await p.locator(".dl-batch-list tr[data-key]").count(), 4);

  // A number opens its runs; a run opens its own weave view inline.
  await p.click('[data-runs="Consensus (mean)"]');
  assert.match((await p.textContent(".dl-batch-list"))!, /Runs behind “Consensus \(mean\)”: 4/);
  await p.click(`.dl-batch-list tr[data-key="${final.items[1]!.key}"]`);
  await p.waitForSelector(".dl-batch-detail .dl-root svg");
  assert.match((await p.textContent(".dl-batch-detail"))!, new RegExp(`Run 2: ${DEMO_QUESTIONS[1]!.slice(0, 20)}`));
  await p.evaluate(() => ((document.querySelector(".dl-batch-detail .dl-root") as any).__mark = 1));
  // Another state update (same runs) keeps the open run as it is: no re-mount, no layout restart.
  await show(p, { ...final, progress: { ...final.progress, elapsedMs: final.progress.elapsedMs + 1 } });
  assert.equal(await p.evaluate(() => (document.querySelector(".dl-batch-detail .dl-root") as any)?.__mark), 1);
  // Clicking the open run again closes it.
  await p.click(`.dl-batch-list tr[data-key="${final.items[1]!.key}"]`);
  assert.equal(await p.locator(".dl-batch-detail .dl-root").count(), 0);
  assert.deepEqual(consoleErrors, []);
});

test("batch view: graphite win rate, sign test and the grid; each cell lists its runs; failed runs say why", async (t) => {
  const o = await page(t);
  if (!o) return;
  const { page: p, consoleErrors } = o;
  const item = (key: string, index: number, status: "done" | "failed", error: string | null = null) => ({
    key,
    index,
    question: `Task ${index + 1}?`,
    status,
    attempts: 1,
    resumed: false,
    startedAt: 0,
    endedAt: 1,
    error,
    calls: [],
    summary: null,
    result: null,
  });
  const est = (value: number, lo: number, hi: number, n: number, runs: string[]) => ({ value, lo, hi, n, method: "m", runs });
  const r: BatchResult = {
    kind: "batch",
    version: 1,
    batchKind: "graphite",
    batchId: "b",
    title: "Graphite batch",
    createdAt: new Date().toISOString(),
    status: "done",
    demo: true,
    slots: {},
    concurrency: 2,
    resultsFile: null,
    items: [
      item("k1", 0, "done"),
      item("k2", 1, "done"),
      item("k3", 2, "done"),
      item("k4", 3, "failed", "Slot a (demo, model x): rate limited (HTTP 429) after 3 attempts."),
    ],
    progress: { total: 4, done: 3, failed: 1, running: 0, pending: 0, cancelled: 0, resumed: 0, retries: 2, elapsedMs: 1500, etaMs: 0 },
    cost: { calls: 0, promptTokens: null, completionTokens: null, totalTokens: null, reasoningTokens: null, callsWithoutUsage: 0, failedTryTokens: 0 },
    aggregates: {
      kind: "graphite",
      winRate: { ...est(2 / 3, 0.2077, 0.9385, 3, ["k1", "k2", "k3"]), signTestP: 1, aWins: ["k1", "k2"], bWins: ["k3"], neither: [], unjudged: [] },
      firstTry: { a: est(1, 0.43, 1, 3, ["k1", "k2", "k3"]), b: est(1 / 3, 0.06, 0.79, 3, ["k1", "k2", "k3"]) },
      afterRepair: { a: est(1, 0.43, 1, 3, ["k1", "k2", "k3"]), b: est(2 / 3, 0.21, 0.94, 3, ["k1", "k2", "k3"]) },
      grid: { bothFailed: [], onlyA: ["k2"], onlyB: [], bothSucceeded: ["k1", "k3"] },
    },
    warnings: [],
  };
  await show(p, r);
  assert.match((await p.textContent(".dl-batch-win"))!, /A's paired win rate: 66\.7% \(95% CI 20\.8–93\.9%; sign test p = 1\.000\)/);
  assert.equal(await p.textContent('[data-cell="Only A rendered"] button'), "1");
  assert.equal(await p.locator('[data-cell="Both failed"] button').isDisabled(), true);
  await p.click('[data-cell="Only A rendered"] button');
  const rows = p.locator(".dl-batch-list tr[data-key]");
  assert.equal(await rows.count(), 1);
  assert.equal(await rows.first().getAttribute("data-key"), "k2");
  await p.click('[data-runs="B won"]');
  assert.equal(await p.locator(".dl-batch-list tr[data-key]").first().getAttribute("data-key"), "k3");
  await p.click("text=show all runs");
  assert.match((await p.locator('.dl-batch-list tr[data-key="k4"]').textContent())!, /failed.*rate limited \(HTTP 429\) after 3 attempts/);
  assert.match((await p.textContent(".dl-batch-progress"))!, /cost so far: no calls yet/);
  assert.deepEqual(consoleErrors, []);
});
