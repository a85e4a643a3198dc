// The evidence check: every claim's quote or offsets found (or not) in the answer's own text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fold, quotePieces } from "../../../src/lib/weave/evidence/normalise";
import { locatePieces } from "../../../src/lib/weave/evidence/locate";
import { foldAnswers, verifyClaimText, verifyEvidence } from "../../../src/lib/weave/evidence/verify";
import { answerCoverage, sentenceSpans } from "../../../src/lib/weave/evidence/coverage";
import { checkWeaveEvidence, evidenceLine, evidenceText, tallyEvidence, tracedConsensus, tracedShare } from "../../../src/lib/weave/evidence";
import type { ClaimEvidence, Pair } from "../../../src/lib/schema/weave";

const A = [
  "Start with a **modular monolith**. A single deployable unit keeps the release process simple.",
  "",
  "Microservices add network latency \u2014 and partial failures \u2014 that a small team must handle. The team\u2019s \u201cplatform\u201d budget is small.",
].join("\n");
const B = "Kubernetes is not worth adopting for a small team. Hiring is easier with one codebase.";
const answers = foldAnswers({ a: A, b: B });
const q = (quote: string | null, start: number | null = null, end: number | null = null) => ({ quote, start, end });
const spanText = (e: ClaimEvidence, text = A) => e.spans.map((s) => text.slice(s.start, s.end));

test("folding: case, whitespace runs, quote marks, dashes and markdown marks fold; offsets map back", () => {
  const f = fold("  The \u201cTeam\u2019s\u201d\n\n plan \u2014 **bold** `code`  ");
  assert.equal(f.text, 'the "team\'s" plan - bold code');
  assert.equal(f.at.length, f.text.length + 1);
  // Every folded character points at a character of the original that folds to it.
  assert.equal("  The \u201cTeam\u2019s\u201d\n\n plan \u2014 **bold** `code`  "[f.at[f.text.indexOf("bold")]!], "b");
});

test("quote pieces: wrapping quote marks go, ellipsis gaps split, empty pieces are dropped", () => {
  assert.deepEqual(quotePieces('"Start with a modular monolith."'), ["start with a modular monolith."]);
  assert.deepEqual(quotePieces("Microservices add ... small team [\u2026] must handle"), ["microservices add", "small team", "must handle"]);
  assert.deepEqual(quotePieces("(...) keeps \u2026"), ["keeps"]);
  assert.deepEqual(quotePieces("..."), []);
});

test("a verbatim quote is traced and its span is the answer's own words", () => {
  const e = verifyEvidence(q("A single deployable unit keeps the release process simple."), "a", answers);
  assert.equal(e.status, "traced");
  assert.equal(e.why, "quote");
  assert.deepEqual(spanText(e), ["A single deployable unit keeps the release process simple."]);
});

test("normalised quotes trace: case, spacing, straight for curly quotes, hyphen for em dash, markdown dropped", () => {
  for (const quote of [
    "start with a modular monolith",
    "Microservices add network latency - and partial failures - that a small team",
    'The team\'s "platform" budget',
    "A  single\n deployable   unit",
  ]) {
    const e = verifyEvidence(q(quote), "a", answers);
    assert.equal(e.status, "traced", quote);
  }
  // The span maps back to the original characters, markdown marks and curly quotes included.
  const e = verifyEvidence(q('The team\'s "platform" budget'), "a", answers);
  assert.deepEqual(spanText(e), ["The team\u2019s \u201cplatform\u201d budget"]);
  assert.deepEqual(spanText(verifyEvidence(q("with a modular monolith"), "a", answers)), ["with a **modular monolith"]);
});

test("an ellipsis quote is found in order, one span per piece; out of order it is not found", () => {
  const e = verifyEvidence(q("Microservices add network latency ... that a small team must handle"), "a", answers);
  assert.equal(e.status, "traced");
  assert.deepEqual(spanText(e), ["Microservices add network latency", "that a small team must handle"]);
  const back = verifyEvidence(q("that a small team must handle ... Microservices add network latency"), "a", answers);
  assert.equal(back.status, "not-found");
  assert.equal(back.why, "absent");
});

test("a quote is matched at word boundaries only: a fragment inside a word is not a trace", () => {
  assert.equal(verifyEvidence(q("onolith"), "a", answers).status, "not-found");
  assert.equal(verifyEvidence(q("monolith"), "a", answers).status, "traced");
});

test("a quote in several places is ambiguous and no place is picked, unless the offsets pick exactly one", () => {
  const text = "The cache is fast. The cache is fast. Nothing else.";
  const two = foldAnswers({ a: text, b: "other" });
  const e = verifyEvidence(q("the cache is fast"), "a", two);
  assert.equal(e.status, "ambiguous");
  assert.equal(e.why, "several-places");
  assert.equal(e.places, 2);
  assert.deepEqual(e.spans, []);
  const picked = verifyEvidence(q("the cache is fast", 19, 36), "a", two);
  assert.equal(picked.status, "traced");
  assert.equal(picked.why, "quote-offsets");
  assert.deepEqual(picked.spans, [{ start: 19, end: 36 }]);
  // Offsets overlapping neither place (or both) pick nothing.
  assert.equal(verifyEvidence(q("the cache is fast", 40, 50), "a", two).status, "ambiguous");
  assert.equal(verifyEvidence(q("the cache is fast", 0, 36), "a", two).status, "ambiguous");
});

test("a quote from the other answer is not found here, and says where it is", () => {
  const e = verifyEvidence(q("Kubernetes is not worth adopting for a small team"), "a", answers);
  assert.equal(e.status, "not-found");
  assert.equal(e.why, "other-answer");
  assert.equal(e.foundIn, "b");
  assert.deepEqual(e.spans, []);
  assert.match(evidenceText(e), /in B's answer/);
});

test("an invented quote is not found; one longer than the answer is labelled too long", () => {
  const e = verifyEvidence(q("Serverless removes all operational cost"), "b", answers);
  assert.deepEqual([e.status, e.why], ["not-found", "absent"]);
  const long = verifyEvidence(q(`${B} And it also says a great deal more that is not there.`), "b", answers);
  assert.deepEqual([long.status, long.why], ["not-found", "too-long"]);
});

test("offsets alone: in range traces that span; out of range, reversed, fractional or blank spans are not found", () => {
  const e = verifyEvidence(q(null, 0, 10), "b", answers);
  assert.deepEqual([e.status, e.why], ["traced", "offsets"]);
  assert.deepEqual(spanText(e, B), ["Kubernetes"]);
  for (const [s, t] of [
    [0, 9999],
    [-1, 5],
    [10, 4],
    [3, 3],
    [1.5, 8],
  ] as const) {
    const bad = verifyEvidence(q(null, s, t), "b", answers);
    assert.deepEqual([bad.status, bad.why], ["not-found", "out-of-range"], `${s}-${t}`);
  }
  const blank = foldAnswers({ a: "One.   Two words here.", b: "x" });
  assert.deepEqual(verifyEvidence(q(null, 4, 7), "a", blank).status, "not-found");
});

test("a verified quote wins over wrong offsets; a quote not found is not rescued by offsets", () => {
  const e = verifyEvidence(q("Hiring is easier", 0, 3), "b", answers);
  assert.deepEqual(spanText(e, B), ["Hiring is easier"]);
  assert.equal(verifyEvidence(q("not in the text at all", 0, 10), "b", answers).status, "not-found");
});

test("no evidence (or a quote of only gap marks) is untraced, never guessed", () => {
  assert.deepEqual(verifyEvidence(q(null), "a", answers).status, "untraced");
  assert.deepEqual(verifyEvidence(q("  "), "a", answers).status, "untraced");
  assert.deepEqual(verifyEvidence(q("..."), "a", answers).status, "untraced");
});

test("fallback claims (the answer's sentences) trace by their own text", () => {
  const e = verifyClaimText("Hiring is easier with one codebase.", "b", answers);
  assert.deepEqual([e.status, e.why, e.quote], ["traced", "claim-text", null]);
  assert.equal(verifyClaimText("Something the answer never said.", "b", answers).status, "not-found");
});

test("sentences: lines and sentence ends, trimmed, headings and rules of fewer than two content words left out", () => {
  const text = "# Plan\n\nFirst point is here. Second point follows!\n---\n- A listed item with words\nok.";
  const s = sentenceSpans(text).map((x) => text.slice(x.start, x.end));
  assert.deepEqual(s, ["First point is here.", "Second point follows!", "- A listed item with words"]);
});

test("coverage: the sentences no traced span touches; null when nothing of the side was checkable", () => {
  const ev = [verifyEvidence(q("A single deployable unit"), "a", answers), verifyEvidence(q("made up words"), "a", answers)];
  const c = answerCoverage(A, ev)!;
  const sentences = c.sentences.map((s) => A.slice(s.start, s.end));
  assert.equal(sentences.length, 4);
  assert.deepEqual(
    c.uncovered.map((i) => sentences[i]),
    [sentences[0], sentences[2], sentences[3]],
  );
  assert.equal(answerCoverage(A, [verifyEvidence(q(null), "a", answers)]), null);
  // Checked but nothing found: every sentence is uncovered, which is measured, not n/a.
  assert.equal(answerCoverage(A, [ev[1]!])!.uncovered.length, 4);
});

test("tally, share and the headline line are recomputed from the records", () => {
  const ev = checkWeaveEvidence(
    { a: A, b: B },
    {
      a: {
        claims: ["one", "two", "three", "four"],
        raw: [q("Start with a modular monolith"), q("Kubernetes is not worth"), q(null), q("not anywhere")],
      },
      b: { claims: ["x"], raw: [q(null)] },
    },
  );
  const t = tallyEvidence(ev.evidence.a!);
  assert.deepEqual(t, { claims: 4, traced: 1, ambiguous: 0, notFound: 2, otherAnswer: 1, untraced: 1 });
  assert.equal(tracedShare(t), 25);
  assert.equal(
    evidenceLine("A", ev.evidence.a!, ev.coverage.a),
    "A: 1/4 claims traced, 2 not found in A's answer (1 in another answer), 1 untraced, 3 sentences of 4 not covered",
  );
  assert.equal(evidenceLine("B", ev.evidence.b!, ev.coverage.b), "B: 1 claim untraced (the judge gave no quotes), coverage n/a");
  assert.equal(tracedShare(tallyEvidence(ev.evidence.b!)), null);
  assert.equal(tracedShare(tallyEvidence([])), null);
});

test("consensus over traced claims only: untraced claims and their pairs leave; null when all or none are traced", () => {
  const tr = { status: "traced", why: "quote", quote: "x", spans: [{ start: 0, end: 1 }] } as ClaimEvidence;
  const nf = { status: "not-found", why: "absent", quote: "x", spans: [] } as ClaimEvidence;
  const pairs: Pair[] = [
    { a: 0, b: 0, relation: "agree", strength: 0.9, sourceKind: "judge" },
    { a: 1, b: 1, relation: "agree", strength: 0.9, sourceKind: "judge" },
    { a: 2, b: 1, relation: "contradict", strength: 0.7, sourceKind: "judge" },
  ];
  const c = tracedConsensus(["a0", "a1", "a2"], ["b0", "b1"], pairs, [tr, nf, tr], [tr, tr])!;
  // A keeps 0 and 2, B keeps 0 and 1: one shared pair (0-0), one contradiction (2-1).
  assert.equal(c.sharedPairs, 1);
  assert.equal(c.totalClaims, 4);
  assert.equal(c.contradictions, 1);
  assert.equal(c.consensusByNodes, 33.3);
  assert.deepEqual(c.matches, [{ a: 0, b: 0, strength: 0.9 }]);
  assert.equal(tracedConsensus(["a"], ["b"], pairs, [tr], [tr]), null);
  assert.equal(tracedConsensus(["a"], ["b"], pairs, [nf], [nf]), null);
});

test("locate: places are counted up to the limit; the scan stops at the first start that cannot complete", () => {
  const text = "ab ab ab ab";
  assert.equal(locatePieces(text, ["ab"]).length, 4);
  assert.equal(locatePieces(text, ["ab"], 2).length, 2);
  assert.equal(locatePieces(text, ["ab", "ab"]).length, 3);
  assert.deepEqual(locatePieces(text, []), []);
});
