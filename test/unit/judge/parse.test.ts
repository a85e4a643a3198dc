import { test } from "node:test";
import assert from "node:assert/strict";
import { parseLoose, sliceBalanced, singleToDoubleQuotes, repairStructure, normalisePunctuation } from "../../../src/lib/judge/parse";

test("valid JSON is read as-is, before any repair", () => {
  const r = parseLoose('  {"pairs": []}  ');
  assert.deepEqual(r, { ok: true, value: { pairs: [] }, rung: "as-is" });
});

test("sliceBalanced ignores brackets inside strings and escaped quotes", () => {
  const text = 'x {"a": "has ] and } and \\" quote", "b": [1, {"c": 2}]} tail';
  assert.equal(sliceBalanced(text, 2), '{"a": "has ] and } and \\" quote", "b": [1, {"c": 2}]}');
  assert.equal(sliceBalanced('{"a": [1, 2}', 0), null, "mismatched close");
  assert.equal(sliceBalanced('["never closes"', 0), null);
});

test("repairs leave string contents alone", () => {
  assert.equal(repairStructure('{"t": "True, None, trailing,]"}'), '{"t": "True, None, trailing,]"}');
  assert.equal(repairStructure("[True, False, None,]"), "[true, false, null]");
  assert.equal(repairStructure("{claims: [1]}"), '{"claims": [1]}');
  assert.equal(repairStructure("[Trueish]"), "[Trueish]", "only whole words are literals");
});

test("single quotes become double quotes; apostrophes and inner double quotes survive", () => {
  assert.equal(singleToDoubleQuotes("['it's fine', 'say \"hi\"']"), '["it\'s fine", "say \\"hi\\""]');
  assert.deepEqual(JSON.parse(singleToDoubleQuotes("{'a': 'x\\'y'}")), { a: "x'y" });
});

test("smart quotes and full-width punctuation are normalised", () => {
  assert.equal(normalisePunctuation("\u201cx\u201d\uff1a\u2018y\u2019\uff0c\uff5b\uff5d"), "\"x\":'y',{}");
});

test("a messy judge answer (fence, prose, smart quotes, Python literals, trailing commas) parses", () => {
  const text = "Sure! Here is the JSON:\n```json\n{\u201cpairs\u201d: [{\u201ca\u201d: 0, \u201cb\u201d: 2, \u201crelation\u201d: \u201cagree\u201d, \u201cstrength\u201d: 0.8, \u201csure\u201d: True},],}\n```";
  const r = parseLoose(text);
  assert.ok(r.ok);
  assert.deepEqual(r.value, { pairs: [{ a: 0, b: 2, relation: "agree", strength: 0.8, sure: true }] });
  assert.notEqual(r.rung, "as-is");
});

test("the ladder is deterministic: same text, same rung and value", () => {
  const text = "Result: ['a', 'b',]";
  assert.deepEqual(parseLoose(text), parseLoose(text));
});

test("a non-string input is refused, not thrown", () => {
  assert.equal(parseLoose(undefined as unknown as string).ok, false);
});
