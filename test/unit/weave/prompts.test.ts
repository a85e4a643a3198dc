import { test } from "node:test";
import assert from "node:assert/strict";
import { answerPrompt, classifyPrompt, extractPrompt } from "../../../src/lib/weave/prompts";

test("the answer prompt is the question and the nonce line, nothing else", () => {
  assert.equal(answerPrompt("Why?", "abc123"), "Why?\n\n[run-nonce: abc123]");
});

test("extract prompts name the model and differ between A and B; the retry adds one line after the nonce", () => {
  const a = extractPrompt("a", "Answer text.", "n1", 12);
  const b = extractPrompt("b", "Answer text.", "n1", 12);
  assert.notEqual(a, b);
  assert.equal(
    a,
    "Split the following answer into atomic claims, at most 12 items. For each claim, quote the words of the answer it rests on, copied exactly (use ... for a gap).\n" +
      'Return only JSON of the form {"claims":[{"claim":"<the claim>","quote":"<exact words from the answer>"}]}. No commentary.\nANSWER FROM MODEL A:\n"""\nAnswer text.\n"""\n[run-nonce: n1]',
  );
  assert.equal(extractPrompt("a", "Answer text.", "n1", 12, 2), `${a}\n[attempt: 2]`);
});

test("the classify prompt lists both sides by index with the contract's schema and limits", () => {
  const text = classifyPrompt(["one", "two"], ["three"], "n2");
  assert.match(text, /\{"pairs":\[\{"a":<index in MODEL A>,"b":<index in MODEL B>,"relation":"agree"\|"contradict","strength":<0\.\.1>\}\]\}/);
  assert.match(text, /at most 30 pairs/);
  assert.match(text, /an empty list is allowed/);
  assert.ok(text.endsWith("MODEL A CLAIMS:\n[0] one\n[1] two\nMODEL B CLAIMS:\n[0] three\n[run-nonce: n2]"));
  assert.ok(classifyPrompt(["one"], ["three"], "n2", 2).endsWith("[run-nonce: n2]\n[attempt: 2]"));
});
