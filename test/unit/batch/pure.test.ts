import { test } from "node:test";
import assert from "node:assert/strict";
import { graphiteAggregates, meanEstimate, weaveAggregates } from "../../../src/lib/batch/aggregate";
import { DEFAULT_RETRY, retryWait } from "../../../src/lib/batch/backoff";
import { batchCost } from "../../../src/lib/batch/cost";
import { etaMs } from "../../../src/lib/batch/eta";
import { headerFor, headerMismatch, headerLine, itemLine, parseResultsFile } from "../../../src/lib/batch/results-file";
import type { BatchItem, ItemSummary } from "../../../src/lib/schema/batch";
import type { CallRecord, SlotPublic } from "../../../src/lib/schema/common";

const call = (total: number | null, p: number | null = total === null ? null : Math.floor(total / 2)): CallRecord => ({
  role: "A",
  slot: "a",
  model: "m",
  usage: { promptTokens: p, completionTokens: total === null || p === null ? null : total - p, totalTokens: total },
  reasoningTokens: null,
  latencyMs: 1,
  finishReason: "stop",
  retriedEmpty: false,
  error: null,
});

const item = (key: string, summary: ItemSummary | null, status: BatchItem["status"] = "done", calls: CallRecord[] = []): BatchItem => ({
  key,
  index: 0,
  question: key,
  status,
  attempts: 1,
  resumed: false,
  startedAt: 0,
  endedAt: 1,
  error: null,
  calls,
  summary,
  result: null,
});

test("retry waits: only rate limits and server errors, exponential with jitter, bounded", () => {
  const p = { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 3000 };
  assert.equal(retryWait(1, "rate-limit", p, 0.5), 1000);
  assert.equal(retryWait(2, "server", p, 0.5), 2000);
  assert.equal(retryWait(1, "rate-limit", p, 0), 750);
  assert.equal(retryWait(1, "rate-limit", p, 0.999), 1250);
  assert.equal(retryWait(3, "rate-limit", p, 0.5), null);
  assert.equal(retryWait(2, "rate-limit", { ...p, maxAttempts: 9, baseDelayMs: 4000 }, 0.5), 3000);
  for (const k of ["auth", "unknown-model", "timeout", "aborted", "empty", "bad-response", undefined])
    assert.equal(retryWait(1, k, DEFAULT_RETRY, 0.5), null, String(k));
});

test("cost: sums what was reported, unknown stays null, failed tries counted separately", () => {
  const c = batchCost([item("x", null, "done", [call(100), call(50)]), item("y", null, "failed", [call(null)])], [[call(null)]]);
  assert.equal(c.calls, 3);
  assert.equal(c.totalTokens, 150);
  assert.equal(c.promptTokens, 75);
  assert.equal(c.callsWithoutUsage, 1);
  assert.equal(c.reasoningTokens, null);
  assert.equal(c.failedTryTokens, null);
  const none = batchCost([item("z", null, "done", [call(null)])]);
  assert.equal(none.totalTokens, null);
  assert.equal(none.failedTryTokens, 0);
  // total from prompt + completion when the provider left total out
  const derived = batchCost([item("w", null, "done", [{ ...call(null), usage: { promptTokens: 7, completionTokens: 3, totalTokens: null } }])]);
  assert.equal(derived.totalTokens, 10);
});

test("ETA: unknown until something finished here; from this session's pace", () => {
  assert.equal(etaMs({ finishedHere: 0, elapsedMs: 5000, remaining: 10 }), null);
  assert.equal(etaMs({ finishedHere: 4, elapsedMs: 2000, remaining: 10 }), 5000);
  assert.equal(etaMs({ finishedHere: 0, elapsedMs: 0, remaining: 0 }), 0);
});

const slot = (model: string): SlotPublic => ({ provider: "demo", model, baseUrl: "demo://local", temperature: null, maxTokens: null, thinking: null });

test("results file: header, items (last line wins), cut-off last line, damage in the middle", () => {
  const h = headerFor("weave", { a: slot("atlas"), b: slot("beacon"), judge: slot("judge") }, "2026-01-01T00:00:00.000Z");
  const text =
    headerLine(h) +
    itemLine(item("k1", null, "failed")) +
    itemLine(item("k2", { consensus: 40 })) +
    "garbage\n" +
    itemLine(item("k1", { consensus: 50 })) +
    '{"type":"item","item":{"key":"k3"';
  const f = parseResultsFile(text, "r.jsonl");
  assert.equal(f.header?.kind, "weave");
  assert.deepEqual([...f.items.keys()].sort(), ["k1", "k2"]);
  assert.equal(f.items.get("k1")!.status, "done");
  assert.equal(f.warnings.length, 2);
  assert.match(f.warnings[0]!, /Line 4 of r\.jsonl is not JSON and was skipped/);
  assert.match(f.warnings[1]!, /The last line of r\.jsonl was cut off/);
  assert.throws(() => parseResultsFile('{"hello":1}\n', "x.jsonl"), /x\.jsonl is not a duellab batch results file/);
});

test("results file of another batch is refused with what differs", () => {
  const mine = headerFor("weave", { a: slot("atlas"), b: slot("beacon"), judge: slot("judge") }, "t");
  assert.equal(headerMismatch(mine, headerFor("weave", { judge: slot("judge"), b: slot("beacon"), a: slot("atlas") }, "u"), "f"), null);
  assert.match(
    headerMismatch(mine, headerFor("weave", { a: slot("atlas"), b: slot("cedar"), judge: slot("judge") }, "u"), "f")!,
    /f was written for other models \(a=demo:atlas, b=demo:beacon, judge=demo:judge\), not these \(a=demo:atlas, b=demo:cedar, judge=demo:judge\)/,
  );
  assert.match(headerMismatch(mine, headerFor("graphite", mine.models as never, "u"), "f")!, /holds a weave batch, not a graphite batch/);
});

test("mean estimate: runs listed, fewer than two runs give no interval, same runs same interval", () => {
  const e = meanEstimate([
    { key: "a", value: 40 },
    { key: "b", value: null },
    { key: "c", value: 50 },
    { key: "d", value: 45 },
  ]);
  assert.equal(e.value, 45);
  assert.equal(e.n, 3);
  assert.deepEqual(e.runs, ["a", "c", "d"]);
  assert.ok(e.lo! >= 40 && e.hi! <= 50 && e.lo! < 45 && e.hi! > 45);
  assert.deepEqual(
    meanEstimate([
      { key: "a", value: 40 },
      { key: "c", value: 50 },
      { key: "d", value: 45 },
    ]),
    e,
  );
  const one = meanEstimate([{ key: "a", value: 40 }]);
  assert.deepEqual([one.value, one.lo, one.hi], [40, null, null]);
  assert.match(one.method, /no interval from fewer than 2 runs/);
  assert.equal(meanEstimate([]).value, null);
});

test("weave aggregates: only done runs count; degraded runs are listed", () => {
  const items = [
    item("r1", { consensus: 40, participation: 80, sharedBySide: { a: 50, b: 60 }, linkedBySide: { a: 80, b: 90 }, parseMode: "json" }),
    item("r2", { consensus: 50, participation: 70, sharedBySide: { a: 70, b: null }, linkedBySide: { a: 60, b: null }, parseMode: "fallback-lexical" }),
    item("r3", null, "failed"),
    item("r4", { consensus: null, participation: null, sharedBySide: { a: null, b: null }, linkedBySide: { a: null, b: null }, parseMode: "json" }),
  ];
  const a = weaveAggregates(items, { a: "atlas", b: "beacon" });
  assert.equal(a.consensus.value, 45);
  assert.deepEqual(a.consensus.runs, ["r1", "r2"]);
  assert.equal(a.perModel.a!.shared.value, 60);
  assert.equal(a.perModel.b!.shared.value, 60);
  assert.equal(a.perModel.b!.shared.n, 1);
  assert.equal(a.perModel.a!.model, "atlas");
  assert.deepEqual(a.degraded, ["r2"]);
  assert.deepEqual(a.consensusSpread, { min: 40, q1: 42.5, median: 45, q3: 47.5, max: 50 });
});

test("graphite aggregates: win rate over decided pairs, first try vs after repair, the grid", () => {
  const s = (ship: "a" | "b" | "neither" | null, first: [boolean, boolean], fin: [boolean, boolean]): ItemSummary => ({
    ship,
    firstTryOk: { a: first[0], b: first[1] },
    finalOk: { a: fin[0], b: fin[1] },
    repairs: { a: 0, b: 0 },
  });
  const items = [
    item("t1", s("a", [true, true], [true, true])),
    item("t2", s("a", [true, false], [true, true])),
    item("t3", s("b", [false, true], [false, true])),
    item("t4", s("neither", [false, false], [false, false])),
    item("t5", s(null, [true, false], [true, false])),
    item("t6", null, "failed"),
  ];
  const g = graphiteAggregates(items);
  assert.equal(g.winRate.value, 2 / 3);
  assert.equal(g.winRate.n, 3);
  assert.deepEqual(g.winRate.neither, ["t4"]);
  assert.deepEqual(g.winRate.unjudged, ["t5"]);
  assert.ok(Math.abs(g.winRate.signTestP! - 1) < 1e-12);
  assert.equal(g.firstTry.b!.value, 2 / 5);
  assert.equal(g.afterRepair.b!.value, 3 / 5);
  assert.deepEqual(g.grid, { bothSucceeded: ["t1", "t2"], onlyA: ["t5"], onlyB: ["t3"], bothFailed: ["t4"] });
});

test("graphite item summary: a repeated judge's position bias is no verdict; an unreadable judge is no verdict", async () => {
  const { graphiteItemSummary } = await import("../../../src/lib/batch/summary");
  const chart = (first: string, last: string, repairs: number) => ({
    error: null,
    run: { status: last },
    attempts: [{ kind: "initial", run: { status: first } }, ...Array.from({ length: repairs }, () => ({ kind: "repair", run: { status: last } }))],
  });
  const base = { charts: { a: chart("ok", "ok", 0), b: chart("error", "ok", 1) } };
  const judge = (o: Record<string, unknown>) => ({ ship: "a", parseMode: "json", ...o });
  const s1 = graphiteItemSummary({ ...base, judge: judge({}) } as never);
  assert.deepEqual(s1, { ship: "a", firstTryOk: { a: true, b: false }, finalOk: { a: true, b: true }, repairs: { a: 0, b: 1 } });
  assert.equal(graphiteItemSummary({ ...base, judge: judge({ ship: "neither", parseMode: "fallback-none" }) } as never).ship, null);
  assert.equal(graphiteItemSummary({ ...base, judge: null } as never).ship, null);
  const biased = graphiteItemSummary({ ...base, judge: judge({ ship: "neither", stability: { outcome: "position-bias" } }) } as never);
  assert.equal(biased.ship, null);
  assert.equal(biased.positionBias, true);
  assert.equal(graphiteItemSummary({ ...base, judge: judge({ ship: "b", stability: { outcome: "b" } }) } as never).ship, "b");
  assert.equal(graphiteItemSummary({ ...base, judge: judge({ ship: "neither", stability: { outcome: "split" } }) } as never).ship, null);
  const g = graphiteAggregates([item("p1", biased), item("p2", s1)]);
  assert.deepEqual(g.winRate.positionBias, ["p1"]);
  assert.deepEqual(g.winRate.unjudged, ["p1"]);
  assert.equal(g.winRate.value, 1);
});
