// weave() against the demo judges that show every case of the evidence check, on the real loopback
// demo server: the counts each judge must produce are pinned here (atlas vs beacon, 12 claims each,
// three paragraphs of four sentences).
import { test } from "node:test";
import assert from "node:assert/strict";
import { weave } from "../../../src/lib/weave/run";
import { WeaveResult } from "../../../src/lib/schema/weave";
import { DEMO_QUESTIONS } from "../../../src/lib/demo/questions";
import { INVENTED } from "../../../src/lib/demo/quoting";
import { CLAIM_BANK } from "../../../src/lib/demo/claims";
import { evidenceLine, tallyEvidence } from "../../../src/lib/weave/evidence";

function run(judge: string, models: string[] = ["atlas", "beacon"]) {
  const slot = (model: string) => ({ provider: "demo" as const, model, apiKey: "sk-test" });
  const sides = models.length === 2 ? { a: slot(models[0]!), b: slot(models[1]!) } : { models: models.map(slot) };
  return weave({ question: DEMO_QUESTIONS[0]!, ...sides, judge: slot(judge), display: false } as Parameters<typeof weave>[0]);
}

const line = (r: WeaveResult, side: string) => evidenceLine(side.toUpperCase(), r.evidence![side]!, r.coverage![side]);

test("the faithful judge: every claim traced, every sentence covered, no second reading", async () => {
  const r = await run("judge");
  assert.ok(WeaveResult.safeParse(JSON.parse(JSON.stringify(r))).success);
  assert.equal(line(r, "a"), "A: 12/12 claims traced, 0 sentences of 12 not covered");
  assert.equal(line(r, "b"), "B: 12/12 claims traced, 0 sentences of 12 not covered");
  // Each trace is the claim's own sentence in the answer.
  for (const [i, e] of r.evidence!.a!.entries()) assert.equal(r.answers.a!.text.slice(e.spans[0]!.start, e.spans[0]!.end), r.claims.a![i]);
  assert.equal(r.tracedConsensus, undefined);
  assert.equal(r.consensus.consensusByNodes, 41.2);
  assert.deepEqual(
    r.warnings.filter((w) => /quote|not found/.test(w)),
    [],
  );
});

test("an older judge (bare strings, messy) and the paraphrasing judge: untraced, coverage n/a, said once", async () => {
  for (const judge of ["judge-messy", "judge-paraphrase"]) {
    const r = await run(judge);
    assert.equal(line(r, "a"), "A: 12 claims untraced (the judge gave no quotes), coverage n/a", judge);
    assert.equal(r.coverage!.b, null);
    assert.equal(r.tracedConsensus, undefined, "no traced claims: no second reading");
    assert.equal(r.warnings.filter((w) => /gave no quotes/.test(w)).length, 1, judge);
    assert.match(r.warnings.find((w) => /gave no quotes/.test(w))!, /for A, B's claims/);
    // The judge's own matching stays the headline.
    assert.equal(r.consensus.consensusByNodes, 41.2, judge);
  }
});

test("the inventing judge: 11/12 traced, the invented claim not found, the sentence it displaced uncovered", async () => {
  const r = await run("judge-inventor");
  assert.equal(line(r, "a"), "A: 11/12 claims traced, 1 not found in A's answer, 1 sentence of 12 not covered");
  const bad = r.evidence!.a![11]!;
  assert.equal(r.claims.a![11], INVENTED);
  assert.deepEqual([bad.status, bad.why, bad.quote], ["not-found", "absent", INVENTED]);
  const cov = r.coverage!.a!;
  const left = cov.uncovered.map((i) => r.answers.a!.text.slice(cov.sentences[i]!.start, cov.sentences[i]!.end));
  assert.deepEqual(left, [CLAIM_BANK[0]!.claims.atlas[11]]);
  assert.ok(r.tracedConsensus, "a second reading beside the judge's");
  assert.equal(r.tracedConsensus!.totalClaims, 22);
  assert.ok(r.warnings.some((w) => w.startsWith("1 of A's 12 claims rest on words not found in A's answer")));
});

test("the crossed judge: one claim of each side quotes the other answer, and the fake agreement leaves the traced reading", async () => {
  const r = await run("judge-crossed");
  assert.equal(line(r, "a"), "A: 11/12 claims traced, 1 not found in A's answer (1 in another answer), 1 sentence of 12 not covered");
  assert.equal(line(r, "b"), "B: 11/12 claims traced, 1 not found in B's answer (1 in another answer), 1 sentence of 12 not covered");
  assert.deepEqual([r.evidence!.a![11]!.why, r.evidence!.a![11]!.foundIn], ["other-answer", "b"]);
  assert.deepEqual([r.evidence!.b![11]!.why, r.evidence!.b![11]!.foundIn], ["other-answer", "a"]);
  // The judge matched each stolen claim with its true owner (agree, strength 1): consensus rises.
  const judged = r.consensus;
  const traced = r.tracedConsensus!;
  assert.ok(r.pairs.some((p) => p.a === 11 && p.relation === "agree" && p.strength === 1));
  assert.equal(traced.totalClaims, 22);
  assert.ok(traced.sharedPairs < judged.sharedPairs, `${traced.sharedPairs} < ${judged.sharedPairs}`);
});

test("the skipping judge: every claim traced, the second paragraph's four sentences not covered", async () => {
  const r = await run("judge-skipper");
  assert.equal(line(r, "a"), "A: 8/8 claims traced, 4 sentences of 12 not covered");
  const cov = r.coverage!.a!;
  const left = cov.uncovered.map((i) => r.answers.a!.text.slice(cov.sentences[i]!.start, cov.sentences[i]!.end));
  assert.deepEqual(left, CLAIM_BANK[0]!.claims.atlas.slice(4, 8));
  assert.equal(r.tracedConsensus, undefined, "every claim that is there is traced");
});

test("an N-model weave carries evidence and coverage for every model", async () => {
  const r = await run("judge-inventor", ["atlas", "beacon", "cedar"]);
  assert.deepEqual(Object.keys(r.evidence!), ["a", "b", "c"]);
  assert.deepEqual(
    ["a", "b", "c"].map((s) => tallyEvidence(r.evidence![s]!).notFound),
    [1, 1, 1],
  );
  // cedar says 10 things, under the cap of 12: the invented claim is added and displaces none.
  assert.equal(r.claims.c!.length, 11);
  assert.equal(r.coverage!.c!.sentences.length, 10);
  assert.equal(r.coverage!.c!.uncovered.length, 0);
  assert.equal(r.coverage!.a!.uncovered.length, 1);
});

test("the static sheet (picture and sanitizer-proof HTML) lists the counts, the second reading and each claim not found", async () => {
  const { weaveSheet } = await import("../../../src/lib/snapshot/sheet-weave");
  const { plainHtml } = await import("../../../src/lib/snapshot/plain-html");
  const r = await run("judge-crossed");
  const notes = weaveSheet(r).notes.map((n) => n.text);
  assert.ok(notes.includes(line(r, "a")));
  assert.ok(notes.some((n) => n.startsWith("Over traced claims only: ")));
  const stolen = notes.filter((n) => /^[AB] claim 12 ".*": not found: the quote is in [AB]'s answer, not this one$/.test(n));
  assert.equal(stolen.length, 2);
  const html = plainHtml(weaveSheet(r));
  assert.ok(html.includes("A: 11/12 claims traced"), "the HTML says it too");
});
