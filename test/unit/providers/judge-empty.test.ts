// The empty-judge rule the runs share: one retry with max_tokens doubled (capped at 4000), under
// its own ledger role, said in a warning; never a second one; adaptation notes added once each.
import { test } from "node:test";
import assert from "node:assert/strict";
import { judgeEmptyRetry, noteAdaptations } from "../../../src/lib/providers/judge-empty";
import type { CallRecord } from "../../../src/lib/schema/common";

const empty = { content: "  ", reasoningTokens: 1997, finishReason: "length" };

test("empty content: retried once at double the budget, with a sentence that says why", () => {
  assert.deepEqual(judgeEmptyRetry(empty, "judge-extract-A", 2000), {
    role: "judge-extract-A-empty-retry",
    maxTokens: 4000,
    warning:
      "The judge returned empty content for judge-extract-A (max_tokens 2000; reasoning tokens 1997; finish reason length): hidden reasoning likely used the budget, so it was asked again with max_tokens 4000 before any fresh sample.",
  });
  assert.equal(
    judgeEmptyRetry({ ...empty, reasoningTokens: null, finishReason: null }, "j", 1200)!.warning.includes("reasoning tokens n/a; finish reason n/a"),
    true,
  );
  assert.equal(judgeEmptyRetry(empty, "j", 3000)!.maxTokens, 4000);
});

test("no retry: content present, already a retry, or no room above the cap", () => {
  assert.equal(judgeEmptyRetry({ ...empty, content: "[]" }, "j", 2000), null);
  assert.equal(judgeEmptyRetry(empty, "j-empty-retry", 2000), null);
  assert.equal(judgeEmptyRetry(empty, "j", 4000), null);
});

test("adaptation notes join the warnings once each", () => {
  const rec = { adaptations: ["judge o3-mini refuses temperature 0: judged at its default"] } as CallRecord;
  const w = ["earlier"];
  noteAdaptations(w, rec);
  noteAdaptations(w, rec);
  noteAdaptations(w, {} as CallRecord);
  assert.deepEqual(w, ["earlier", "judge o3-mini refuses temperature 0: judged at its default"]);
});
