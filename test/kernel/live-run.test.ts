// A live run in the real kernel: the header's state reaches the frontend while the cell is still
// executing, a Cancel from the view aborts the run's signal, and a failure names its stage.
import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import { compileForKernel } from "./support/compile";
import { Kernel, streamText, type KMsg } from "./support/kernel";

let k: Kernel;
let runner = "";

before(async () => {
  k = await Kernel.start();
  runner = await compileForKernel(path.join(__dirname, "../support/scripted-run.ts"), path.join(k.cwd, "scripted-run.js"));
});
after(async () => {
  await k?.close();
});

const cell = (opts: string) =>
  [`const { scriptedRun } = require(${JSON.stringify(runner)});`, `const out = await scriptedRun(${opts});`, `console.log("status: " + out.status);`].join(
    "\n",
  );

/** run-state updates of one comm, in arrival order. */
function runUpdates(commId: string): KMsg[] {
  return k.messages.filter((m) => m.msg_type === "comm_msg" && m.content.comm_id === commId && m.content.data?.state?.run);
}
const active = (m: KMsg) => m.content.data.state.run.stages.find((s: { status: string }) => s.status === "active")?.id ?? null;

test("stage updates reach the frontend while the cell is still running", async () => {
  const stepMs = 400;
  const msgId = await k.execute(cell(`{ stepMs: ${stepMs} }`));
  const reply = await k.waitFor((m) => m.msg_type === "execute_reply" && m.parent_header.msg_id === msgId, 60000, "execute_reply");
  await k.idleOf(msgId);
  assert.equal(reply.content.status, "ok", streamText(k.childrenOf(msgId)));
  const open = k.childrenOf(msgId).find((m) => m.msg_type === "comm_open") as KMsg;
  const updates = runUpdates(open.content.comm_id);
  const seen = [...new Set(updates.map(active).filter(Boolean))];
  assert.deepEqual(seen, ["asking", "extracting", "classifying", "weaving"]);
  for (const u of updates) assert.equal(u.parent_header.msg_id, msgId, "updates made by the cell are parented to it (nbclient keeps them)");
  // "extracting" became active with two full sleeping stages still ahead: it cannot have been
  // flushed at the end, so its arrival precedes the reply by at least those sleeps.
  const extracting = updates.find((u) => active(u) === "extracting") as KMsg;
  assert.ok(reply.t - extracting.t >= 2 * stepMs * 0.9, `update arrived ${reply.t - extracting.t} ms before the reply`);
  const last = updates[updates.length - 1].content.data.state.run;
  assert.equal(last.status, "done");
  for (const st of last.stages) assert.equal(st.status, "done");
  const took = last.stages.find((s: { id: string }) => s.id === "classifying");
  assert.ok(took.endedAt - took.startedAt >= stepMs * 0.9, "elapsed per stage is the real time spent");
  assert.match(streamText(k.childrenOf(msgId)), /status: done/);
});

test("Cancel from the view aborts the running work; the header and the cell say cancelled", async () => {
  // Asking passes at once; extracting is held and never ends on its own, so the Cancel lands there
  // however slowly it travels, and a reply at all means the cancel ended the stage.
  const msgId = await k.execute(cell(`{ until: (stage: string) => (stage === "asking" ? Promise.resolve() : new Promise<void>(() => {})) }`));
  const open = await k.waitFor((m) => m.msg_type === "comm_open" && m.parent_header.msg_id === msgId, 30000, "comm_open of the run");
  const commId = open.content.comm_id;
  await k.waitFor((m) => m.msg_type === "comm_msg" && m.content.comm_id === commId && active(m) === "extracting", 30000, "extracting");
  const cancel = await k.send("comm_msg", { comm_id: commId, data: { method: "custom", content: { type: "cancel" } } });
  const reply = await k.waitFor((m) => m.msg_type === "execute_reply" && m.parent_header.msg_id === msgId, 30000, "execute_reply");
  await k.idleOf(msgId);
  await k.idleOf(cancel);
  const answer = k.childrenOf(cancel).find((m) => m.msg_type === "comm_msg") as KMsg;
  const run = answer.content.data.state.run;
  assert.equal(run.status, "cancelled");
  assert.deepEqual(
    run.stages.map((s: { status: string }) => s.status),
    ["done", "cancelled", "pending", "pending", "pending"],
  );
  assert.equal(run.cancellable, false);
  assert.equal(reply.content.status, "ok");
  assert.match(streamText(k.childrenOf(msgId)), /status: cancelled/);
  const fallback = k.childrenOf(cancel).find((m) => m.msg_type === "update_display_data") as KMsg;
  assert.match(fallback.content.data["text/plain"], /Scripted run: cancelled/);
});

test("a failed stage is named in the header with the provider's message", async () => {
  const { outputs } = await k.run(cell(`{ stepMs: 50, failAt: { stage: "classifying", message: "judge (demo/judge-broken): no JSON in the reply" } }`));
  const updates = outputs.filter((m) => m.msg_type === "comm_msg");
  const run = updates[updates.length - 1].content.data.state.run;
  assert.equal(run.status, "error");
  assert.deepEqual(run.error, { stage: "Classifying", message: "judge (demo/judge-broken): no JSON in the reply" });
  assert.equal(run.stages[2].status, "error");
  assert.match(streamText(outputs), /status: error/);
  const fallback = outputs.find((m) => m.msg_type === "update_display_data") as KMsg;
  assert.match(fallback.content.data["text/plain"], /Classifying failed: judge \(demo\/judge-broken\): no JSON in the reply/);
});
