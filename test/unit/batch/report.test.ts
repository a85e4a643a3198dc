import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readBatchFile } from "../../../src/lib/batch/from-file";
import { weaveMany } from "../../../src/lib/batch/weave-many";
import { DEMO_QUESTIONS } from "../../../src/lib/demo/questions";
import { exportBatchReport } from "../../../src/lib/export/report";
import { batchSheet } from "../../../src/lib/snapshot/sheet-batch";
import { plainHtml } from "../../../src/lib/snapshot/plain-html";
import type { BatchResult } from "../../../src/lib/schema/batch";
import { standaloneBundlePath } from "../../../src/lib/export/html";
import { DEMO } from "./support";

test("a batch exports to one offline HTML page, from the object or from its results file alone", async (t) => {
  if (!fs.existsSync(standaloneBundlePath())) return t.skip("no view bundle: run npm run build");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dl-report-"));
  const file = path.join(dir, "r.jsonl");
  const b = await weaveMany([DEMO_QUESTIONS[0]!, DEMO_QUESTIONS[1]!, DEMO_QUESTIONS[0]!], {
    ...DEMO,
    resultsFile: file,
    display: false,
    a: { ...DEMO.a, apiKey: "sk-secret-should-not-leak" },
  });
  const html = await exportBatchReport(b);
  assert.match(html, /<script type="application\/json" id="duellab-state">\{"view":"batch"/);
  assert.ok(!html.includes("sk-secret-should-not-leak"));
  assert.ok(
    !/https?:\/\/(?!127\.0\.0\.1|localhost|demo\.invalid)[a-z]/i.test(html.replace(/<script>[\s\S]*?<\/script>/g, "")),
    "no remote URL outside the bundle",
  );
  // The no-script fallback carries the aggregates with their intervals.
  const a = b.aggregates!;
  if (a.kind !== "weave") throw new Error("not weave");
  assert.ok(html.includes(`<li><b>consensus (mean)</b>: ${a.consensus.value!.toFixed(1)}% (95% CI`), "the mean consensus beside its label");
  // The file alone rebuilds the same aggregates and cost.
  const again = await readBatchFile(file);
  assert.deepEqual(again.aggregates, b.aggregates);
  assert.equal(again.cost.totalTokens, b.cost.totalTokens);
  assert.equal(again.items.length, 3);
  const out = await exportBatchReport({ resultsFile: file }, path.join(dir, "report.html"));
  assert.ok(fs.statSync(out).size > 10_000);
  await assert.rejects(readBatchFile(path.join(dir, "missing.jsonl")), /Cannot read the results file/);
});

test("static view of a graphite batch names the win rate, the test and the grid, each beside its label", () => {
  const est = (value: number | null, lo: number | null, hi: number | null, n: number) => ({ value, lo, hi, n, method: "m", runs: [] });
  const batch: BatchResult = {
    kind: "batch",
    version: 1,
    batchKind: "graphite",
    batchId: "x",
    title: "T <b>",
    createdAt: "2026-01-01T00:00:00Z",
    status: "done",
    demo: true,
    slots: {},
    concurrency: 2,
    resultsFile: null,
    items: [],
    progress: { total: 3, done: 3, failed: 0, running: 0, pending: 0, cancelled: 0, resumed: 0, retries: 0, elapsedMs: 10, etaMs: 0 },
    cost: { calls: 0, promptTokens: null, completionTokens: null, totalTokens: null, reasoningTokens: null, callsWithoutUsage: 0, failedTryTokens: 0 },
    aggregates: {
      kind: "graphite",
      winRate: { ...est(2 / 3, 0.2, 0.94, 3), signTestP: 1, aWins: ["1", "2"], bWins: ["3"], neither: [], unjudged: [] },
      firstTry: { a: est(1, 0.4, 1, 3), b: est(0, 0, 0.56, 3) },
      afterRepair: { a: est(1, 0.4, 1, 3), b: est(null, null, null, 0) },
      grid: { bothFailed: [], onlyA: ["3"], onlyB: [], bothSucceeded: ["1", "2"] },
    },
    warnings: [],
  };
  const html = plainHtml(batchSheet(batch));
  assert.match(html, /T &lt;b&gt;/);
  assert.match(html, /<li><b>A&#39;s paired win rate \(A 2 – B 1, neither 0\)<\/b>: 66\.7% \(95% CI 20\.0%–94\.0%, n=3\)<\/li>/);
  assert.match(html, /<li><b>sign test, A&#39;s wins against B&#39;s<\/b>: p = 1\.000<\/li>/);
  assert.match(html, /<li><b>B rendered: first try \/ after repair<\/b>: 0\.0% \(95% CI 0\.0%–56\.0%, n=3\) \/ n\/a \(no runs\)<\/li>/);
  assert.match(html, /<li><b>both \/ only A \/ only B \/ neither rendered<\/b>: 2 \/ 1 \/ 0 \/ 0<\/li>/);
});
