// The demo judges read the contract's prompt formats and answer by construction: the good judge
// with the designed relations, the messy one with the same content badly formatted, the broken one
// with nothing parseable, the unstable one differently per run.
import { test } from "node:test";
import assert from "node:assert/strict";
import { answerFor } from "../../../src/lib/demo/answers";
import { CLAIM_BANK, EXPECTED } from "../../../src/lib/demo/claims";
import { classifyPairs, judgeAnswer, judgeCharts, unstablePairs } from "../../../src/lib/demo/judge";
import { readChartJudge, readClassify, readExtract } from "../../../src/lib/demo/prompts";
import { DEMO_QUESTIONS } from "../../../src/lib/demo/questions";

const Q = DEMO_QUESTIONS[0]!;
const extractPrompt = (answer: string, label = "A", nonce = "n1") =>
  `Split the following answer into atomic claims. Return a JSON array of strings, at most 12 items. No commentary.\nANSWER FROM MODEL ${label}:\n"""\n${answer}\n"""\n[run-nonce: ${nonce}]`;
const classifyPrompt = (a: string[], b: string[], nonce = "n1") =>
  [
    'Classify how the claims relate. Return {"pairs":[{"a":<index in MODEL A>,"b":<index in MODEL B>,"relation":"agree"|"contradict","strength":<0..1>}]}, at most 30 pairs; an empty list is allowed.',
    "MODEL A CLAIMS:",
    ...a.map((c, i) => `[${i}] ${c}`),
    "MODEL B CLAIMS:",
    ...b.map((c, i) => `[${i}] ${c}`),
    `[run-nonce: ${nonce}]`,
  ].join("\n");

/** What any sane parse ladder does to a local judge's output: unfence, unsmart, de-Python, de-comma, requote. */
function repairLikeALadder(text: string): unknown {
  let t = text.replace(/^[\s\S]*?```(?:json)?\n/, "").replace(/\n```[\s\S]*$/, "");
  t = t
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\bTrue\b/g, "true")
    .replace(/\bFalse\b/g, "false")
    .replace(/\bNone\b/g, "null");
  t = t.replace(/,(\s*[\]}])/g, "$1").replace(/'/g, '"');
  return JSON.parse(t);
}

test("prompt readers find the parts of each contract format", () => {
  const ex = readExtract(extractPrompt("One. Two.", "B"));
  assert.deepEqual(ex, { label: "B", answer: "One. Two.", max: 12 });
  assert.deepEqual(readClassify(classifyPrompt(["x", "y"], ["z"])), { a: ["x", "y"], b: ["z"], max: 30 });
  assert.equal(readExtract("hello"), null);
  assert.equal(readClassify("hello"), null);
});

/** The claims of a demo judge's EXTRACT reply, each checked to quote itself verbatim. */
function quotedClaims(reply: string): string[] {
  const { claims } = JSON.parse(reply) as { claims: { claim: string; quote: string }[] };
  for (const c of claims) assert.equal(c.quote, c.claim);
  return claims.map((c) => c.claim);
}

test("judge EXTRACT returns the answerer's claims verbatim, capped as asked", () => {
  const atlas = answerFor("atlas", `${Q}\n\n[run-nonce: q1]`);
  assert.deepEqual(quotedClaims(judgeAnswer("judge", extractPrompt(atlas))), CLAIM_BANK[0]!.claims.atlas);
  const capped = extractPrompt(atlas).replace("at most 12 items", "at most 5 items");
  assert.equal(quotedClaims(judgeAnswer("judge", capped)).length, 5);
});

test("judge CLASSIFY returns the designed relations, strongest first", () => {
  const bank = CLAIM_BANK[0]!;
  const { pairs } = JSON.parse(judgeAnswer("judge", classifyPrompt(bank.claims.atlas, bank.claims.beacon)));
  const e = EXPECTED[Q]!["atlas-beacon"];
  assert.equal(pairs.filter((p: { relation: string }) => p.relation === "agree").length, e.agreeRelations);
  assert.equal(pairs.filter((p: { relation: string }) => p.relation === "contradict").length, e.contradictions);
  assert.deepEqual(pairs[0], { a: 0, b: 0, relation: "agree", strength: 0.95 });
  const strengths = pairs.map((p: { strength: number }) => p.strength);
  assert.deepEqual(
    strengths,
    [...strengths].sort((x: number, y: number) => y - x),
  );
  // The trap is in the list: atlas 5 with beacon 5 and 6, atlas 6 with beacon 5.
  for (const [a, b] of [
    [5, 5],
    [5, 6],
    [6, 5],
  ])
    assert.ok(
      pairs.some((p: { a: number; b: number }) => p.a === a && p.b === b),
      `${a}-${b}`,
    );
});

test("classification follows the claims, not their positions: reversed lists give mirrored indices", () => {
  const bank = CLAIM_BANK[0]!;
  const a = [...bank.claims.atlas].reverse();
  const pairs = classifyPairs(a, bank.claims.beacon, 30);
  assert.ok(pairs.some((p) => p.a === 11 && p.b === 0 && p.relation === "agree"));
  assert.equal(pairs.length, 11);
});

test("claims the bank does not know relate only when identical; none is an empty list, not an error", () => {
  assert.deepEqual(JSON.parse(judgeAnswer("judge", classifyPrompt(["Cats purr."], ["Dogs bark."]))), { pairs: [] });
  assert.deepEqual(classifyPairs(["This is a demo."], ["this is a demo"], 30), [{ a: 0, b: 0, relation: "agree", strength: 1 }]);
});

test("judge-messy says the same thing as judge, fenced, smart-quoted, with Python literals and trailing commas", () => {
  const bank = CLAIM_BANK[0]!;
  const ex = extractPrompt(answerFor("beacon", `${Q}\n\n[run-nonce: q2]`));
  const messyEx = judgeAnswer("judge-messy", ex);
  assert.match(messyEx, /^Sure! Here is the JSON:\n```json\n\[/);
  assert.match(messyEx, /\u201c.*\u201d,\n\]/);
  assert.throws(() => JSON.parse(messyEx));
  // The same claims, as an older judge gives them: bare strings, no quotes.
  assert.deepEqual(repairLikeALadder(messyEx), quotedClaims(judgeAnswer("judge", ex)));

  const cl = classifyPrompt(bank.claims.atlas, bank.claims.beacon);
  const messyCl = judgeAnswer("judge-messy", cl);
  assert.match(messyCl, /'relation': 'agree'.*True.*None/);
  const repaired = repairLikeALadder(messyCl) as { pairs: Array<Record<string, unknown>> };
  assert.deepEqual(
    repaired.pairs.map(({ a, b, relation, strength }) => ({ a, b, relation, strength })),
    JSON.parse(judgeAnswer("judge", cl)).pairs,
  );
});

test("judge-broken answers prose with no bracket anywhere", () => {
  const bank = CLAIM_BANK[0]!;
  for (const p of [extractPrompt("One claim."), classifyPrompt(bank.claims.atlas, bank.claims.beacon), "anything"]) {
    const out = judgeAnswer("judge-broken", p);
    assert.ok(out.length > 20);
    assert.doesNotMatch(out, /[[\]{}]/);
    assert.throws(() => JSON.parse(out));
  }
});

test("judge-unstable differs between runs, is stable within a run, and drops one designed relation", () => {
  const bank = CLAIM_BANK[0]!;
  const runs = ["r1", "r2", "r3", "r4", "r5", "r6"].map((n) => judgeAnswer("judge-unstable", classifyPrompt(bank.claims.atlas, bank.claims.beacon, n)));
  assert.equal(judgeAnswer("judge-unstable", classifyPrompt(bank.claims.atlas, bank.claims.beacon, "r1")), runs[0]);
  assert.ok(new Set(runs).size > 1, "every run gave the same pairs");
  for (const r of runs) assert.equal(JSON.parse(r).pairs.length, 10);
  assert.deepEqual(unstablePairs([], "x"), []);
});

const facts = (o: Record<string, string>) =>
  Object.entries({
    status: "ok",
    axes: "1",
    "line objects": "0",
    "patch objects": "0",
    "distinct colours": "1 (#000000)",
    "title present": "no",
    "x-axis label present": "no",
    "y-axis label present": "no",
    "legend present": "no",
    "overlapping text": "0",
    faithfulness: "faithful (values from build_seconds)",
    ...o,
  })
    .map(([k, v]) => `- ${k}: ${v}`)
    .join("\n");
const chartPrompt = (a: string, b: string) =>
  `Score both charts.\n\nCHART A — measured properties of the rendered figure:\n${a}\n\nCHART B — measured properties of the rendered figure:\n${b}\n\nAnswer {"a":{"insight":1-10,"clarity":1-10,"verdict":"..."},"b":{...},"ship":"a"|"b"|"neither"}\n(run nonce: z)`;

const ANALYST = facts({
  "line objects": "2",
  "patch objects": "0",
  "title present": "yes",
  "x-axis label present": "yes",
  "y-axis label present": "yes",
  "legend present": "yes",
});
const RAW = facts({ "patch objects": "215", "title present": "yes", "overlapping text": "180" });

test("the chart judge reads the measured facts: the careful chart beats the raw bars", () => {
  const prompt = chartPrompt(RAW, ANALYST);
  assert.ok(readChartJudge(prompt));
  const v = JSON.parse(judgeAnswer("judge", prompt));
  assert.equal(v.ship, "b");
  assert.deepEqual([v.a.insight, v.a.clarity, v.b.insight, v.b.clarity], [3, 2, 8, 10]);
  assert.match(v.a.verdict, /one bar per raw row buries the trend/);
});

test("a chart that did not render scores 1 and is never shipped; two failures ship neither", () => {
  const err = facts({ status: "error" });
  assert.equal(judgeCharts(readChartJudge(chartPrompt(err, RAW))!.a, readChartJudge(chartPrompt(err, RAW))!.b).ship, "b");
  const v = JSON.parse(judgeAnswer("judge", chartPrompt(err, facts({ status: "blocked" }))));
  assert.equal(v.ship, "neither");
  assert.deepEqual([v.a.insight, v.b.clarity], [1, 1]);
  assert.match(v.b.verdict, /did not render \(status blocked\)/);
});

test("an unfaithful chart loses insight", () => {
  const honest = judgeCharts(readChartJudge(chartPrompt(ANALYST, ANALYST))!.a, readChartJudge(chartPrompt(ANALYST, ANALYST))!.b);
  const liar = readChartJudge(
    chartPrompt(ANALYST, facts({ "line objects": "2", "legend present": "yes", faithfulness: "unfaithful (values not from the data)" })),
  )!;
  assert.equal(judgeCharts(liar.a, liar.b).b.insight, honest.b.insight - 3);
});

test("judge-messy chart verdicts repair to the same scores", () => {
  const prompt = chartPrompt(RAW, ANALYST);
  const messy = repairLikeALadder(judgeAnswer("judge-messy", prompt)) as Record<string, unknown>;
  const clean = JSON.parse(judgeAnswer("judge", prompt));
  assert.deepEqual({ a: messy.a, b: messy.b, ship: messy.ship }, clean);
});
