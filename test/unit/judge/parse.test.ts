import { test } from "node:test";
import assert from "node:assert/strict";
import { parseLoose, sliceBalanced, singleToDoubleQuotes, repairStructure, normalisePunctuation, answerAfterReasoning } from "../../../src/lib/judge/parse";

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
  const text =
    "Sure! Here is the JSON:\n```json\n{\u201cpairs\u201d: [{\u201ca\u201d: 0, \u201cb\u201d: 2, \u201crelation\u201d: \u201cagree\u201d, \u201cstrength\u201d: 0.8, \u201csure\u201d: True},],}\n```";
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

// Issue 11: a wrong value is worse than no value.

test("punctuation is normalised outside strings only: what the judge wrote inside a string is kept", () => {
  assert.equal(normalisePunctuation('{"t": "部署简单，成本低"}\uff0c'), '{"t": "部署简单，成本低"},');
  assert.equal(normalisePunctuation('["it\u2019s \u201cfine\u201d"]'), '["it\u2019s \u201cfine\u201d"]');
  // a smart-quoted string is a string: its apostrophe and full-width comma stay, an ASCII quote in it is escaped
  assert.equal(
    normalisePunctuation('[\u201cVoltaire\u2019s "Candide" (1759)\uff0c\u53d7\u6b22\u8fce\u201d]'),
    '["Voltaire\u2019s \\"Candide\\" (1759)\uff0c\u53d7\u6b22\u8fce"]',
  );
  assert.equal(normalisePunctuation("[\u2018it\u2019s\u2019\uff0c 'x']"), "['it\u2019s', 'x']");
});

test("a single quote opens a string only where a value may start, so prose apostrophes stay prose", () => {
  assert.equal(singleToDoubleQuotes("Here's it: ['a', 'b']"), 'Here\'s it: ["a", "b"]');
  assert.equal(singleToDoubleQuotes("{'k': 'Voltaire\u2019s'}"), '{"k": "Voltaire\u2019s"}');
});

test("block comments are dropped outside strings and kept inside them", () => {
  assert.equal(repairStructure("[/* first */ 1, 2 /* end */]"), "[ 1, 2 ]");
  assert.equal(repairStructure('["a /* not a comment */"]'), '["a /* not a comment */"]');
});

test("a missing comma between two pairs never yields the first pair alone, from any rung", () => {
  const pairA = '{"a": 0, "b": 1, "relation": "agree", "strength": 0.9}';
  const pairB = '{"a": 2, "b": 0, "relation": "contradict", "strength": 0.7}';
  for (const text of [
    `{"pairs": [${pairA} ${pairB}]}`,
    `{'pairs': [${pairA.replace(/"/g, "'")} ${pairB.replace(/"/g, "'")}]}`,
    `Result:\n{"pairs": [${pairA}\n${pairB}]}`,
  ]) {
    const r = parseLoose(text);
    assert.ok(r.ok, text);
    assert.deepEqual(r.value, { pairs: [JSON.parse(pairA), JSON.parse(pairB)] }, text);
  }
});

test("braces inside a leading <think> block are never read as the answer", () => {
  const thought = '<think>\nMaybe {"pairs": [{"a": 0, "b": 0, "relation": "agree", "strength": 1}]}? Or ["x"].\n</think>\n';
  const r = parseLoose(`${thought}{"pairs": []}`);
  assert.deepEqual(r, { ok: true, value: { pairs: [] }, rung: "as-is (after reasoning)" });
  const fenced = parseLoose(`${thought}\`\`\`json\n{"pairs": [],}\n\`\`\``);
  assert.ok(fenced.ok);
  assert.deepEqual(fenced.value, { pairs: [] });
  assert.equal(fenced.rung, "repaired (after reasoning)");
});

test("a <think> block that never closes is no answer: no value, with a reason", () => {
  const r = parseLoose('<think>\nThe pairs would be {"pairs": [{"a": 0, "b": 0, "relation": "agree"}]} but let me check');
  assert.deepEqual(r, { ok: false, error: "the judge output is only reasoning (a <think> block that never closes); there is no answer to read" });
  const only = parseLoose('<thinking>{"a": 1}</thinking>  ');
  assert.equal(only.ok, false);
  if (!only.ok) assert.match(only.error, /only reasoning and no answer/);
});

test("answerAfterReasoning: leading blocks and an orphan closing tag; JSON that quotes the tag is left whole", () => {
  assert.equal(answerAfterReasoning("<think>a</think><reasoning>b</reasoning> [1]"), " [1]");
  assert.equal(answerAfterReasoning("thinking {x}\n</think>\n[2]"), "\n[2]");
  assert.equal(answerAfterReasoning('["models write </think> tags"'), '["models write </think> tags"');
  assert.equal(answerAfterReasoning("[3]"), "[3]");
  assert.equal(answerAfterReasoning("<think>never closes {"), null);
});

test("jsonrepair is the last rung: it is not reached for what an earlier rung reads", () => {
  assert.equal(parseLoose('{"pairs": [1, 2,]}').ok && parseLoose('{"pairs": [1, 2,]}').rung, "repaired");
  assert.equal(parseLoose('[{"a": 0} {"a": 1}]').ok && parseLoose('[{"a": 0} {"a": 1}]').rung, "jsonrepair");
});

test("jsonrepair never reads prose around the JSON as more JSON", () => {
  // prose after a repairable object would become a second array item: the rung cuts it at the last bracket
  const r = parseLoose('{"claims": ["a" "b"]}\nHope this helps!');
  assert.deepEqual(r, { ok: true, value: { claims: ["a", "b"] }, rung: "jsonrepair" });
  // and prose before the first bracket is never handed to it
  assert.equal(parseLoose("Sure thing: the claims are deploys and costs.").ok, false);
});

test("when the judge's JSON value is broken, a later value in the text is not taken as the answer", () => {
  // old ladders returned {"x": 1} here; the broken value is repaired instead
  assert.deepEqual(parseLoose('{"claims": ["a" "b"]} and also {"x": 1}'), { ok: true, value: { claims: ["a", "b"] }, rung: "jsonrepair" });
  // bracketed prose before the JSON is still skipped
  assert.deepEqual(parseLoose('[Note] see ["x", "y",]'), { ok: true, value: ["x", "y"], rung: "repaired-sliced" });
});

test("smart quotes in prose stay prose; a key written with mixed quotes still reads", () => {
  assert.deepEqual(parseLoose('He said \u201cuse a monolith\u201d and then: ["a", "b",]'), { ok: true, value: ["a", "b"], rung: "repaired-sliced" });
  const mixed = parseLoose('{\u201cpairs": [{\u201ca": 0, \u201cb": 0, \u201crelation": \u201cagree\u201d, \u201cstrength": 0.5},]}');
  assert.deepEqual(mixed, { ok: true, value: { pairs: [{ a: 0, b: 0, relation: "agree", strength: 0.5 }] }, rung: "repaired" });
});

test("a list that is only the prompt's placeholder is no answer, not an empty one; a trailing … is dropped", () => {
  assert.equal(parseLoose('{"pairs":[...]}').ok, false, "a copied template must not read as 'no pairs found'");
  assert.equal(parseLoose('{"pairs": [\u2026]}').ok, false);
  assert.deepEqual(parseLoose('["Start small.", "Split later.", \u2026]'), { ok: true, value: ["Start small.", "Split later."], rung: "jsonrepair" });
  // an ellipsis inside a claim is the judge's text
  assert.deepEqual(parseLoose('["Wait\u2026 then split.", "b" "c"]'), { ok: true, value: ["Wait\u2026 then split.", "b", "c"], rung: "jsonrepair" });
});

test("a mismatched close is a broken value, read whole (not as a cut-off answer missing its last item)", () => {
  assert.deepEqual(parseLoose('{"claims": ["a", "b"}'), { ok: true, value: { claims: ["a", "b"] }, rung: "jsonrepair" });
});
