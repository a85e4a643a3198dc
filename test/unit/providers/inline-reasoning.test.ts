// Inline reasoning (`<think>…</think>` at the start of content) is reasoning: removed whole, its
// length counted, its text nowhere; everything after the answer starts is left alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { stripInlineReasoning } from "../../../src/lib/providers/inline-reasoning";

test("no reasoning block: content untouched, even its leading whitespace", () => {
  assert.deepEqual(stripInlineReasoning("\n\nOf course. Paris."), { content: "\n\nOf course. Paris.", removedChars: 0, unclosed: false });
  assert.deepEqual(stripInlineReasoning(""), { content: "", removedChars: 0, unclosed: false });
});

test("a leading <think> block is removed with the whitespace after it, and counted", () => {
  const think = '<think>\nLet me reason. {"a": 1} is not the answer.\n</think>';
  const r = stripInlineReasoning(`${think}\n\n{"pairs": []}`);
  assert.equal(r.content, '{"pairs": []}');
  assert.equal(r.removedChars, think.length + 2);
  assert.equal(r.unclosed, false);
});

test("<thinking> and <reasoning>, any case, leading whitespace, attributes", () => {
  assert.equal(stripInlineReasoning("  <THINKING>hmm</THINKING> Answer").content, "Answer");
  assert.equal(stripInlineReasoning('<reasoning type="x">a</reasoning>B').content, "B");
  assert.equal(stripInlineReasoning("<Think>a</Think>\tB").content, "B");
});

test("several blocks in a row are all removed", () => {
  const r = stripInlineReasoning("<think>one</think>\n<thinking>two</thinking>\nthe answer");
  assert.equal(r.content, "the answer");
  assert.equal(r.removedChars, "<think>one</think>\n<thinking>two</thinking>\n".length);
});

test("an unclosed block (the budget ran out mid-thought) is all reasoning: empty content", () => {
  const text = '<think>\nFirst, {"claims": ["half';
  assert.deepEqual(stripInlineReasoning(text), { content: "", removedChars: text.length, unclosed: true });
  assert.equal(stripInlineReasoning("<think>a</think><think>b").content, "");
});

test("a block closed by a different tag does not close: still unclosed", () => {
  assert.equal(stripInlineReasoning("<think>a</thinking> b").unclosed, true);
});

test("the chat-template form: no opening tag, thinking ends at a lone </think>", () => {
  const r = stripInlineReasoning('Okay, the user wants JSON.\n</think>\n\n["a"]');
  assert.equal(r.content, '["a"]');
  assert.equal(r.removedChars, "Okay, the user wants JSON.\n</think>\n\n".length);
});

test("a <think> after the answer starts is the answer's own text", () => {
  const text = "Use <think> tags like <think>this</think> in prompts.";
  assert.deepEqual(stripInlineReasoning(text), { content: text, removedChars: 0, unclosed: false });
});

test("only the reasoning goes: an answer that is just the block leaves empty content, closed", () => {
  assert.deepEqual(stripInlineReasoning("<think>x</think>\n"), { content: "", removedChars: "<think>x</think>\n".length, unclosed: false });
});
