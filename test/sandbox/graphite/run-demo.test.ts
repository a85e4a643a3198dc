// graphite() end to end on the offline demo models, the real loopback client path and the real
// sandbox: the seed's verification list, asserted on what the user gets back.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import util from "node:util";
import { graphite, type GraphiteRun } from "../../../src/lib/graphite/run";
import { buildLogCsv } from "../../../src/lib/graphite/buildlog";
import { GraphiteResult } from "../../../src/lib/schema/graphite";
import { HIDDEN_MARKER } from "../../../src/lib/demo/personas";
import { sharedSandbox } from "../../../src/lib/sandbox/sandbox";
import { countColour, decodePng } from "../../unit/graphite/png";

const csv = buildLogCsv();
const question = "What changed in our build times, and which stack is the outlier?";
const KEY = "sk-test-DO-NOT-LEAK-4242";
const demo = (model: string) => ({ provider: "demo" as const, model, apiKey: KEY });
const judge = demo("judge");

after(async () => {
  await (await sharedSandbox()).close();
});

function assertClean(r: GraphiteRun): void {
  const json = JSON.stringify(r);
  assert.ok(!json.includes(KEY), "the API key is in the result");
  assert.ok(!json.includes(HIDDEN_MARKER), "reasoning text is in the result");
  assert.ok(!/reasoning_content|"thoughts"/.test(json), "a reasoning key is in the result");
  const parsed = GraphiteResult.safeParse(JSON.parse(json));
  assert.ok(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues.slice(0, 3)));
}

let main: GraphiteRun;

test("analyst vs raw-bars: two real PNGs, measured, checked against the data, judged", async () => {
  main = await graphite({ csv, question, a: demo("raw-bars"), b: demo("analyst"), judge, display: false });
  const { a, b } = main.charts;
  assert.equal(a.run.status, "ok");
  assert.equal(b.run.status, "ok");
  // The analyst's PNG really contains its line blue and its Swift red (pixels decoded here).
  const png = decodePng(Buffer.from(b.run.pngs[0]!.base64, "base64"));
  assert.equal(png.width, b.run.pngs[0]!.width);
  assert.equal(png.width, 1100);
  assert.equal(png.height, 605);
  assert.ok(countColour(png, "#2563eb") > 200, `blue pixels: ${countColour(png, "#2563eb")}`);
  assert.ok(countColour(png, "#e05c4f") > 100, `red pixels: ${countColour(png, "#e05c4f")}`);
  assert.equal(countColour(png, "#4c78a8"), 0, "the other chart's colour is not in this one");
  const rawPng = decodePng(Buffer.from(a.run.pngs[0]!.base64, "base64"));
  assert.ok(countColour(rawPng, "#4c78a8") > 1000);
  // Fences the model added were stripped, and the result says so.
  assert.ok(!a.code.includes("```"));
  assert.ok(main.warnings.includes("Model A: removed a markdown code fence before running the code."));
  // Faithfulness: the analyst's rolling mean and Swift scatter come from the data.
  assert.equal(b.faithfulness.verdict, "faithful");
  assert.ok(b.faithfulness.checks.some((c) => c.status === "pass" && /rolling mean .*of column build_seconds/.test(c.detail)));
  assert.ok(b.faithfulness.checks.some((c) => /vertical marker at x = 2025-01-15/.test(c.detail)));
  // The judge saw measured facts only and shipped the analyst.
  assert.equal(main.judge!.parseMode, "json");
  assert.equal(main.judge!.ship, "b");
  assert.ok(main.judge!.scores.b.insight! > main.judge!.scores.a.insight!);
  assert.ok(main.judge!.factsText.includes("CHART B — measured properties of the rendered figure:\n- status: ok"));
  assert.ok(!main.judge!.factsText.includes("import pandas"), "no code in the judge's facts");
  assert.equal(main.judge!.raw.length, 1);
  // Reasoning tokens: a number from the reporting persona, null (n/a) from the one that does not.
  assert.equal(b.reasoningTokens, 87);
  assert.equal(a.reasoningTokens, null);
  // A and B got byte-identical prompts; the ledger hashes are role-prefixed.
  const [pa, pb] = [main.prompts.find((p) => p.role === "A")!, main.prompts.find((p) => p.role === "B")!];
  assert.equal(pa.text, pb.text);
  assert.ok(pa.text.includes(`Task: ${question}`));
  assert.ok(pa.text.includes(`[run-nonce: ${main.nonce}]`));
  // The cell shows one line; the data has no methods in it.
  const line = util.inspect(main);
  assert.match(
    line,
    /^Graphite ship B \(analyst\) · A raw-bars: insight \d+(\.\d)?, clarity \d+(\.\d)?, OK · B analyst: insight \d+(\.\d)?, clarity \d+(\.\d)?, OK · judge: json$/,
  );
  assert.equal(String(main), line);
  assert.ok(!Object.keys(main).includes("repair"));
  assert.deepEqual(Object.keys(main.timings.stages).sort(), ["asking", "executing", "judging"]);
  assertClean(main);
});

test("crasher vs socket: verbatim KeyError traceback, BLOCKED with the rule named, then a repair renders and the judge re-scores", async () => {
  const r = await graphite({ csv, question, a: demo("crasher"), b: demo("socket"), judge, display: false });
  const { a, b } = r.charts;
  assert.equal(a.run.status, "error");
  assert.match(a.run.traceback!, /^Traceback \(most recent call last\):\n/);
  assert.match(a.run.traceback!, /\nKeyError: 'language'\n?$/);
  assert.equal(a.run.pngs.length, 0);
  assert.equal(b.run.status, "blocked");
  assert.equal(b.run.violations[0]!.rule, "blocked-import");
  assert.match(b.run.violations[0]!.detail, /socket/);
  assert.equal(b.run.stdout, "");
  assert.match(
    r.judge!.factsText,
    /- status: blocked\n- refused before running: blocked-import \(line 1: import of blocked module 'socket': it opens network connections, which the sandbox refuses; use the files you were given\)/,
  );
  assert.match(util.inspect(r), /A crasher: insight \S+, clarity \S+, ERROR · B socket: insight \S+, clarity \S+, BLOCKED/);

  await assert.rejects(main.repair("b"), /Chart B rendered \(status ok\), so there is no crash to repair\./);

  const same = await r.repair("a");
  assert.equal(same, r, "repair resolves to the same, updated result");
  assert.deepEqual(
    r.charts.a.attempts.map((x) => [x.kind, x.run.status]),
    [
      ["initial", "error"],
      ["repair", "ok"],
    ],
  );
  assert.equal(r.charts.a.run.status, "ok");
  assert.ok(r.charts.a.run.pngs.length === 1);
  assert.ok(!r.charts.a.code.includes('groupby("language")'));
  const rp = r.prompts.find((p) => p.role === "A-repair")!;
  assert.ok(rp.text.startsWith(r.prompts.find((p) => p.role === "A")!.text));
  assert.ok(rp.text.includes(`It crashed with this Python traceback:\n\n${a.run.traceback!.trimEnd()}`), "the traceback went back verbatim");
  assert.ok(rp.text.includes("Return corrected Python code only."));
  assert.equal(r.judge!.round, 2);
  assert.ok(r.judge!.scores.a.insight! > 1, "the judge re-scored the repaired chart");
  assert.match(util.inspect(r), /A crasher: insight \S+, clarity \S+, OK after 1 repair/);
  assertClean(r);
});

test("overthinker vs liar: one budget-doubling retry on empty content; the liar measures 1 axes, 1 colour, no legend", async () => {
  const r = await graphite({ csv, question, a: demo("overthinker"), b: demo("liar"), judge, display: false });
  const aCalls = r.calls.filter((c) => c.slot === "a");
  assert.equal(aCalls.length, 1, "one logical call");
  assert.equal(aCalls[0]!.retriedEmpty, true, "exactly one empty-content retry");
  assert.equal(r.charts.a.run.status, "ok");
  assert.equal(typeof r.charts.a.reasoningTokens, "number");
  const fig = r.charts.b.run.figures[0]!;
  assert.equal(fig.axes, 1);
  assert.equal(fig.distinctColors.length, 1);
  assert.equal(fig.legends, 0);
  assert.ok(r.charts.b.code.includes("42"), "the liar's code does claim things");
  assert.match(r.judge!.factsText, /CHART B[\s\S]*- axes: 1\n[\s\S]*- distinct colours: 1 \(#[0-9a-f]{6}\)\n[\s\S]*- legend present: no\n/);
  assertClean(r);
});

test("same model in both slots: identical code; two identical questions: different prompt hashes", async () => {
  const r1 = await graphite({ csv, question, a: demo("analyst"), b: demo("analyst"), judge, display: false });
  const r2 = await graphite({ csv, question, a: demo("analyst"), b: demo("analyst"), judge, display: false });
  assert.equal(r1.charts.a.code, r1.charts.b.code);
  assert.equal(r1.charts.a.run.pngs[0]!.base64.length > 1000, true);
  assert.notEqual(r1.nonce, r2.nonce);
  const h = (r: GraphiteRun) => r.prompts.find((p) => p.role === "A")!.sha256;
  assert.notEqual(h(r1), h(r2));
  assert.match(h(r1), /^[0-9a-f]{64}$/);
});

test("demo judges: messy output is still read (rung named); broken output is the labelled fallback", async () => {
  const messy = await graphite({ csv, question, a: demo("liar"), b: demo("analyst"), judge: demo("judge-messy"), display: false });
  assert.equal(messy.judge!.parseMode, "json");
  assert.equal(messy.judge!.ship, "b");
  assert.ok(
    messy.warnings.some((w) => /^Judge output was not plain JSON; it was read by the "[\w-]+" rung of the parse ladder\.$/.test(w)),
    messy.warnings.join(" | "),
  );
  const broken = await graphite({ csv, question, a: demo("liar"), b: demo("analyst"), judge: demo("judge-broken"), display: false });
  assert.equal(broken.judge!.parseMode, "fallback-none");
  assert.equal(broken.judge!.ship, "neither");
  assert.equal(broken.judge!.raw.length, 2, "both raw outputs kept");
  assert.equal(broken.judge!.scores.b.insight, null);
  assert.match(String(broken), /insight n\/a, clarity n\/a, OK · judge: fallback-none$/);
  assertClean(broken);
});
