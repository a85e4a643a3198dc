import { test } from "node:test";
import assert from "node:assert/strict";
import {
  AGREE_THRESHOLD,
  NEGATION_THRESHOLD,
  contentTokens,
  isNegated,
  jaccard,
  lexicalPairs,
  lexicalRelation,
  sentenceClaims,
} from "../../../src/lib/judge/lexical";

test("content tokens drop stopwords and negations and fold plurals", () => {
  assert.deepEqual([...contentTokens("The services are not a monolith")].sort(), ["monolith", "service"]);
});

test("jaccard over content tokens", () => {
  assert.equal(jaccard("monolith deploys simple", "monolith deploys simple"), 1);
  assert.equal(jaccard("monolith deploys", "microservices scale"), 0);
  assert.equal(jaccard("the a of", "monolith"), 0, "no content tokens on one side");
  assert.equal(jaccard("monolith deploy fast", "monolith deploy slow"), 0.5);
});

test("negation is detected in plain words and contractions", () => {
  assert.ok(isNegated("You should not split early"));
  assert.ok(isNegated("Teams don't need Kubernetes"));
  assert.ok(isNegated("never shard first"));
  assert.ok(!isNegated("Teams need Kubernetes"));
});

test("threshold: agree at and above 0.32, nothing below", () => {
  // 1 shared of 3 distinct tokens = 0.333 (above); 1 of 4 = 0.25 (below)
  const above = lexicalRelation("monolith deploy", "monolith simple");
  assert.deepEqual(above, { relation: "agree", strength: 0.333 });
  assert.ok(0.333 >= AGREE_THRESHOLD);
  assert.equal(lexicalRelation("monolith deploy cheap", "monolith scale fast"), null);
});

test("negation on one side turns a close match into contradict only above 0.45", () => {
  const r = lexicalRelation("Startups should use microservices", "Startups should not use microservices");
  assert.deepEqual(r, { relation: "contradict", strength: 1 });
  // similarity 0.4: above the agree threshold, below the negation one: too ambiguous, no edge
  const mid = lexicalRelation("startup microservice deploy", "startup microservice never scale team");
  assert.ok(jaccard("startup microservice deploy", "startup microservice never scale team") < NEGATION_THRESHOLD);
  assert.equal(mid, null);
  // both negated: a plain agree
  assert.equal(lexicalRelation("do not use microservices", "never use microservices")?.relation, "agree");
});

test("lexical pairs are all labelled lexical, capped and sorted", () => {
  const a = Array.from({ length: 8 }, (_, i) => `monolith deploy pipeline step${i}`);
  const b = Array.from({ length: 8 }, (_, i) => `monolith deploy pipeline stage${i}`);
  const pairs = lexicalPairs(a, b);
  assert.equal(pairs.length, 30);
  assert.ok(pairs.every((p) => p.sourceKind === "lexical"));
  const keys = pairs.map((p) => p.a * 100 + p.b);
  assert.deepEqual(
    keys,
    [...keys].sort((x, y) => x - y),
  );
});

test("sentence claims split an answer into cleaned, capped sentences", () => {
  const text = "Start with a monolith. It keeps deploys simple!\n- Split services when teams grow\n- ok\n1. Measure latency first.";
  assert.deepEqual(sentenceClaims(text, 12), [
    "Start with a monolith.",
    "It keeps deploys simple!",
    "Split services when teams grow",
    "Measure latency first.",
  ]);
  assert.equal(sentenceClaims(text, 2).length, 2);
});
