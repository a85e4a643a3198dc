// graphite() on judges that behave like real reasoning models: one that refuses temperature 0,
// max_tokens and the system role (OpenAI's reasoning family), and one cut off mid-thought.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import util from "node:util";
import { graphite } from "../../../src/lib/graphite/run";
import { buildLogCsv } from "../../../src/lib/graphite/buildlog";
import { GraphiteResult } from "../../../src/lib/schema/graphite";
import { INLINE_MARKER } from "../../../src/lib/demo/thinkers";
import { sharedSandbox } from "../../../src/lib/sandbox/sandbox";

const csv = buildLogCsv();
const question = "What changed in our build times, and which stack is the outlier?";
const demo = (model: string) => ({ provider: "demo" as const, model });

after(async () => {
  await (await sharedSandbox()).close();
});

test("a judge refusing temperature 0 is adapted to, and the result, the summary and the records say it judged at its default", async () => {
  const r = await graphite({ csv, question, a: demo("raw-bars"), b: demo("analyst"), judge: demo("judge-strict"), display: false });
  assert.ok(GraphiteResult.safeParse(JSON.parse(JSON.stringify(r))).success);
  assert.equal(r.judge?.parseMode, "json");
  assert.equal(r.judge?.ship, "b");
  assert.ok(r.warnings.includes("judge judge-strict refuses temperature 0: judged at its default"), r.warnings.join("\n"));
  const line = util.inspect(r);
  assert.match(
    line,
    /^Graphite ship B \(analyst\) · .* · judge: json · ⚠ judge judge-strict refuses max_tokens: its budget was sent as max_completion_tokens; judge judge-strict refuses temperature 0: judged at its default; judge judge-strict refuses the system role: its instructions were sent in the first user message$/,
  );
});

test("a judge cut off mid-thought is asked again with a doubled budget, and its thinking is nowhere in the result", async () => {
  const r = await graphite({ csv, question, a: demo("raw-bars"), b: demo("analyst"), judge: demo("judge-drifter"), display: false });
  assert.ok(!JSON.stringify(r).includes(INLINE_MARKER));
  assert.equal(r.judge?.parseMode, "json");
  assert.equal(r.judge?.ship, "b");
  assert.ok(
    r.warnings.some((w) =>
      /^The judge returned empty content for judge-graphite \(max_tokens 1200; .*asked again with max_tokens 2400 before any fresh sample\.$/.test(w),
    ),
    r.warnings.join("\n"),
  );
  const judgeCalls = r.calls.filter((c) => c.slot === "judge");
  assert.deepEqual(
    judgeCalls.map((c) => c.finishReason),
    ["length", "stop"],
  );
});
