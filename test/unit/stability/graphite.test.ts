// Graphite's judge over K runs with A/B swapped in half: a verdict that follows the order is
// position bias, not a win; the swapped runs' scores are mapped back to the true sides.
import { test } from "node:test";
import assert from "node:assert/strict";
import { aggregateGraphiteRuns, graphiteStabilityText, runGraphiteJudgeRuns, unswapVerdict } from "../../../src/lib/graphite/stability";
import { buildJudgePrompt } from "../../../src/lib/graphite/judge";
import { judgeAnswer } from "../../../src/lib/demo/judge";
import { GraphiteJudge, type GraphiteJudgeRun } from "../../../src/lib/schema/graphite";

const S = (insight: number, clarity: number) => ({ insight, clarity, verdict: `i${insight} c${clarity}` });
const R = (run: number, ship: "a" | "b" | "neither" | null, a = S(5, 5), b = S(5, 5)): GraphiteJudgeRun => ({
  run,
  order: run % 2 === 0 ? "swapped" : "straight",
  parseMode: ship === null ? "fallback-none" : "json",
  ship,
  scores: ship === null ? null : { a, b },
});

test("a swapped run's scores and ship are mapped back to the true sides", () => {
  assert.deepEqual(unswapVerdict({ scores: { a: S(8, 7), b: S(3, 2) }, ship: "a" }), { scores: { a: S(3, 2), b: S(8, 7) }, ship: "b" });
  assert.deepEqual(unswapVerdict({ scores: { a: S(1, 1), b: S(1, 1) }, ship: "neither" }).ship, "neither");
});

test("a verdict that follows the order is position bias: nobody wins, and the text says why", () => {
  // Always ships whatever it read first: straight runs say a, swapped runs (mapped back) say b.
  const st = aggregateGraphiteRuns([R(1, "a"), R(2, "b"), R(3, "a"), R(4, "b")]);
  assert.equal(st.positionBias, true);
  assert.equal(st.outcome, "position-bias");
  assert.deepEqual(st.votes, { a: 2, b: 2, neither: 0, runs: 4 });
  assert.equal(
    graphiteStabilityText(st),
    "Position bias: the judge's verdict followed the order the charts were shown in (straight order: A 2, B 0; swapped: A 0, B 2), so no chart wins (A 2, B 2, neither 0 of 4 judged runs).",
  );
});

test("a majority in both orders wins; an even split names nobody; unusable runs do not vote", () => {
  const win = aggregateGraphiteRuns([R(1, "b", S(4, 5), S(8, 9)), R(2, "b", S(4, 4), S(8, 8)), R(3, "a"), R(4, "b", S(3, 5), S(7, 9))]);
  assert.deepEqual([win.outcome, win.positionBias], ["b", false]);
  assert.deepEqual(win.insight.b, { min: 5, median: 7.5, max: 8, values: [8, 8, 5, 7] });
  const split = aggregateGraphiteRuns([R(1, "a"), R(2, "a"), R(3, "b"), R(4, "b")]);
  assert.deepEqual([split.outcome, split.positionBias], ["split", false]);
  assert.match(graphiteStabilityText(split), /^The judge runs split \(A 2, B 2, neither 0 of 4 judged runs\): no chart has a majority/);
  const partly = aggregateGraphiteRuns([R(1, "a"), R(2, null), R(3, "a")]);
  assert.deepEqual([partly.judgedRuns, partly.outcome, partly.positionBias], [2, "a", null]);
  assert.equal(aggregateGraphiteRuns([R(1, null), R(2, null)]).outcome, "no-verdict");
});

const facts = (side: "A" | "B", o: Record<string, string>) =>
  [
    `CHART ${side} — measured properties of the rendered figure:`,
    ...Object.entries({
      status: "ok",
      axes: "1",
      "line objects": "1",
      "patch objects": "0",
      "distinct colours": "1 (#1f77b4)",
      "title present": "yes",
      "x-axis label present": "yes",
      "y-axis label present": "yes",
      "legend present": "no",
      "overlapping text": "0",
      faithfulness: "faithful (values from build_seconds)",
      ...o,
    }).map(([k, v]) => `- ${k}: ${v}`),
  ].join("\n");

async function demoRuns(factsA: Record<string, string>, factsB: Record<string, string>, runs: number) {
  const prompts: string[] = [];
  const out = await runGraphiteJudgeRuns({
    runs,
    round: 1,
    factsText: "",
    facts: (order) =>
      order === "straight" ? { first: facts("A", factsA), second: facts("B", factsB) } : { first: facts("A", factsB), second: facts("B", factsA) },
    ask: async (_k, _order, runLine, shown, attempt) => {
      const p = buildJudgePrompt({ question: "Plot build time", factsA: shown.first, factsB: shown.second, nonce: "n1", round: 1, attempt }).replace(
        "[run-nonce: n1]",
        `$&\n${runLine}`,
      );
      prompts.push(p);
      return judgeAnswer("judge", p);
    },
    isFatal: () => false,
  });
  return { ...out, prompts };
}

test("the demo judge on two equal charts ships whichever comes first: reported as position bias, ship neither", async () => {
  const { judge, warnings, prompts } = await demoRuns({}, {}, 4);
  assert.ok(GraphiteJudge.safeParse(judge).success);
  assert.equal(judge.stability!.outcome, "position-bias");
  assert.equal(judge.ship, "neither");
  assert.ok(warnings.some((w) => w.startsWith("Position bias:")));
  assert.equal(new Set(prompts).size, 4, "every run's prompt is unique");
  assert.match(prompts[1]!, /\[run-nonce: n1\]\n\[judge-run: 2\/4, order: swapped\]/);
});

test("a clearly better chart B wins in both orders: ship b, scores are medians mapped to the true sides", async () => {
  const { judge, warnings } = await demoRuns({ "title present": "no", "y-axis label present": "no" }, { "line objects": "2", "legend present": "yes" }, 3);
  const st = judge.stability!;
  assert.deepEqual([st.outcome, st.positionBias, st.votes.b, st.swappedRuns], ["b", false, 3, 1]);
  assert.equal(judge.ship, "b");
  assert.equal(judge.scores.b.insight, 8);
  assert.equal(judge.scores.a.insight, 4);
  assert.equal(judge.parseMode, "json");
  assert.deepEqual(warnings, []);
});
