// One function rebuilds a finished run's stepper from a stored result, for the exported page and
// the batch view's "open this run" alike: measured durations end to end, titled by kind or caller.
import { test } from "node:test";
import assert from "node:assert/strict";
import { runFromResult } from "../../src/lib/export/stored-run";

test("stages are laid end to end from createdAt with their measured durations", () => {
  const t0 = Date.parse("2026-01-02T03:04:05.000Z");
  const r = runFromResult({ kind: "weave", createdAt: "2026-01-02T03:04:05.000Z", timings: { stages: { asking: 400, classifying: 600 } } });
  assert.equal(r.title, "weave");
  assert.equal(r.status, "done");
  assert.deepEqual(
    r.stages.map((s) => [s.id, s.label, s.startedAt, s.endedAt]),
    [
      ["asking", "Asking", t0, t0 + 400],
      ["classifying", "Classifying", t0 + 400, t0 + 1000],
    ],
  );
  assert.equal(r.startedAt, t0);
  assert.equal(r.endedAt, t0 + 1000);
});

test("the caller's title wins; kind names it otherwise, and an unknown kind is duellab", () => {
  assert.equal(runFromResult({ kind: "graphite" }).title, "graphite");
  assert.equal(runFromResult({ kind: "other" }).title, "duellab");
  assert.equal(runFromResult(null).title, "duellab");
  assert.equal(runFromResult({ kind: "weave" }, "Run 3 of 6").title, "Run 3 of 6");
});

test("no timings: no stages and no times; an unreadable createdAt starts at 0, never NaN", () => {
  const none = runFromResult({ kind: "weave" });
  assert.deepEqual([none.stages, none.startedAt, none.endedAt], [[], null, null]);
  const bad = runFromResult({ createdAt: "not a date", timings: { stages: { asking: 5 } } });
  assert.deepEqual([bad.startedAt, bad.endedAt], [0, 5]);
});
