// The judge: prompt from facts, coercion of what it says, and the labelled fallback.
import { test } from "node:test";
import assert from "node:assert/strict";
import { buildJudgePrompt, coerceScore, coerceShip, readJudgeValue, runGraphiteJudge } from "../../../src/lib/graphite/judge";

const GOOD = '{"a":{"insight":3,"clarity":4,"verdict":"Raw bars bury the trend."},"b":{"insight":9,"clarity":8,"verdict":"Shows the cut-over."},"ship":"b"}';
const never = () => false;

test("the prompt holds both fact blocks, the question, the JSON shape and the nonce; a retry adds [attempt: 2]", () => {
  const p = buildJudgePrompt({
    question: "Why are builds slow?",
    factsA: "CHART A — measured properties of the rendered figure:\n- status: ok",
    factsB: "CHART B — measured properties of the rendered figure:\n- status: error",
    nonce: "n1",
    round: 1,
    attempt: 1,
  });
  assert.ok(p.includes("Task: Why are builds slow?"));
  assert.ok(
    p.includes("CHART A — measured properties of the rendered figure:\n- status: ok\n\nCHART B — measured properties of the rendered figure:\n- status: error"),
  );
  assert.ok(p.includes('{"a":{"insight":1-10,"clarity":1-10,"verdict":"..."},"b":{"insight":1-10,"clarity":1-10,"verdict":"..."},"ship":"a"|"b"|"neither"}'));
  assert.ok(p.endsWith("[run-nonce: n1]"));
  const retry = buildJudgePrompt({ question: "q", factsA: "A", factsB: "B", nonce: "n1", round: 1, attempt: 2 });
  assert.ok(retry.endsWith("[run-nonce: n1]\n[attempt: 2]"));
  const round2 = buildJudgePrompt({ question: "q", factsA: "A", factsB: "B", nonce: "n1", round: 2, attempt: 1 });
  assert.ok(round2.endsWith("[run-nonce: n1]\n[judge-round: 2]"));
});

test("scores: numbers, numeric strings, x/10; out of range or junk is null, never clamped", () => {
  assert.equal(coerceScore(7), 7);
  assert.equal(coerceScore(7.25), 7.3);
  assert.equal(coerceScore("8"), 8);
  assert.equal(coerceScore("8/10"), 8);
  assert.equal(coerceScore("6 out of 10"), 6);
  assert.equal(coerceScore(10), 10);
  assert.equal(coerceScore(1), 1);
  for (const bad of [0, 11, -3, "high", null, undefined, NaN, "85%", true]) assert.equal(coerceScore(bad), null, String(bad));
});

test("ship: a/b in many spellings; neither/none/both -> neither; junk -> null", () => {
  for (const [raw, want] of [
    ["a", "a"],
    ["B", "b"],
    ["Chart A", "a"],
    ["chart_b", "b"],
    ["Model B.", "b"],
    ["neither", "neither"],
    ["None", "neither"],
    ["both", "neither"],
    ["the blue one", null],
    [3, null],
  ] as const) {
    assert.equal(coerceShip(raw), want, String(raw));
  }
});

test("readJudgeValue: aliases (chart_a, scores wrapper, winner), missing ship noted", () => {
  const r = readJudgeValue({
    scores: { chart_a: { insight: "5", clarity: 6, reason: "ok" }, chart_b: { Insight: 9, Clarity: "8/10", verdict: "best" } },
    winner: "Chart B",
  });
  assert.ok(r.ok);
  assert.deepEqual(r.value, { a: { insight: 5, clarity: 6, verdict: "ok" }, b: { insight: 9, clarity: 8, verdict: "best" }, ship: "b" });
  const noShip = readJudgeValue({ a: { insight: 5, clarity: 6, verdict: "x" }, b: { insight: 7, clarity: 12, verdict: "y" } });
  assert.ok(noShip.ok);
  assert.equal(noShip.value.ship, "neither");
  assert.equal(noShip.value.b.clarity, null);
  assert.deepEqual(noShip.notes, ["a score was missing or outside 1-10 and is shown as n/a", 'the judge named no chart to ship (null); shown as "neither"']);
  const bad = readJudgeValue([1, 2]);
  assert.equal(bad.ok, false);
  assert.equal(readJudgeValue({ a: { insight: 5 }, b: "good" }).ok, false);
});

test("json: a clean answer on the first attempt", async () => {
  const asked: number[] = [];
  const { judge, warnings } = await runGraphiteJudge({ ask: async (n) => (asked.push(n), GOOD), factsText: "F", round: 1, isFatal: never });
  assert.deepEqual(asked, [1]);
  assert.equal(judge.parseMode, "json");
  assert.equal(judge.ship, "b");
  assert.deepEqual(judge.scores.a, { insight: 3, clarity: 4, verdict: "Raw bars bury the trend." });
  assert.deepEqual(judge.raw, [GOOD]);
  assert.equal(judge.factsText, "F");
  assert.equal(judge.failure, null);
  assert.deepEqual(warnings, []);
});

test("messy but readable JSON is still json, and the rung is named in a warning", async () => {
  const messy =
    "Sure! Here is the JSON:\n```json\n{'a': {'insight': 4, 'clarity': 5, 'verdict': 'meh',}, 'b': {'insight': 8, 'clarity': 9, 'verdict': 'good'}, 'ship': 'b',}\n```";
  const { judge, warnings } = await runGraphiteJudge({ ask: async () => messy, factsText: "F", round: 1, isFatal: never });
  assert.equal(judge.parseMode, "json");
  assert.equal(judge.ship, "b");
  assert.equal(judge.scores.b.clarity, 9);
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!, /^Judge output was not plain JSON; it was read by the "\S+" rung of the parse ladder\.$/);
});

test("json-retry: garbage first, a good second sample; both raw outputs kept", async () => {
  const answers = ["I think B is better!!", GOOD];
  const { judge, warnings } = await runGraphiteJudge({ ask: async (n) => answers[n - 1]!, factsText: "F", round: 1, isFatal: never });
  assert.equal(judge.parseMode, "json-retry");
  assert.deepEqual(judge.raw, answers);
  assert.match(judge.failure!, /^attempt 1: no JSON could be read/);
  assert.match(warnings.at(-1)!, /first output was unusable .*a second sample parsed/);
});

test("fallback: unparseable twice -> scores null, ship neither, labelled, raw kept", async () => {
  const { judge, warnings } = await runGraphiteJudge({ ask: async () => "<<<<not json>>>>", factsText: "F", round: 1, isFatal: never });
  assert.equal(judge.parseMode, "fallback-none");
  assert.equal(judge.ship, "neither");
  assert.deepEqual(judge.scores, { a: { insight: null, clarity: null, verdict: "" }, b: { insight: null, clarity: null, verdict: "" } });
  assert.equal(judge.raw.length, 2);
  assert.match(warnings[0]!, /^Judge fallback: no usable scores \(attempt 1: .*; attempt 2: .*\); scores are n\/a and no chart is named to ship\.$/);
});

test("a judge call that throws degrades the same way; a hopeless error is not retried; a fatal one ends the run", async () => {
  let calls = 0;
  const boom = async () => {
    calls++;
    throw new Error("Slot judge (demo, model judge): server error 500.");
  };
  const r = await runGraphiteJudge({ ask: boom, factsText: "F", round: 1, isFatal: never });
  assert.equal(calls, 2);
  assert.equal(r.judge.parseMode, "fallback-none");
  assert.match(r.judge.failure!, /attempt 1: the judge call failed: Slot judge \(demo, model judge\): server error 500\./);
  calls = 0;
  await runGraphiteJudge({ ask: boom, factsText: "F", round: 1, isFatal: never, isHopeless: () => true });
  assert.equal(calls, 1);
  await assert.rejects(runGraphiteJudge({ ask: boom, factsText: "F", round: 1, isFatal: () => true }), /server error 500/);
});
