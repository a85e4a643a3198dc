// weaveMany in the real tslab kernel: one batch widget whose progress reaches the frontend while
// the cell runs, a final state with the aggregates, a text fallback, and Cancel from the view.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { Kernel, ROOT, streamText, type KMsg } from "./support/kernel";

let k: Kernel;
before(async () => {
  k = await Kernel.start();
});
after(async () => {
  await k?.close();
});

const lib = (p: string) => JSON.stringify(path.join(ROOT, "dist/lib", p));
const progressOf = (m: KMsg) => m.content.data?.state?.result?.progress ?? null;

test("a batch shows one widget with live progress and ends with the aggregates", async () => {
  // The answers to the second question are held until this test has seen a mid-batch update
  // arrive (it then creates the file `go`): the update reaches the frontend while the cell runs
  // however fast or loaded the machine is, instead of hoping 150 ms answers leave room for it.
  const go = path.join(os.tmpdir(), `duellab-batch-go-${process.pid}-${randomUUID()}`);
  const code = [
    `const { weaveMany } = require(${lib("batch/weave-many.js")});`,
    `const { startDemoServer } = require(${lib("demo/server.js")});`,
    `const srv = await startDemoServer({ latencyMs: 150 });`,
    `const slot = (model: string) => ({ provider: "custom" as const, baseUrl: srv.url, model });`,
    `const qs = ["Should a five-person startup build its backend as microservices or as a monolith?", "Is it worth adding a remote build cache to a CI pipeline?"];`,
    `const hold = srv.hold((c) => c.prompt.includes(qs[1]));`,
    `const going = (async () => { while (!require("node:fs").existsSync(${JSON.stringify(go)})) await new Promise((r) => setTimeout(r, 20)); hold.open(); })();`,
    `const batch = await weaveMany([...qs, ...qs, ...qs], { a: slot("atlas"), b: slot("beacon"), judge: slot("judge"), concurrency: 2 });`,
    `await going;`,
    `await srv.close();`,
    `console.log("summary: " + String(batch));`,
  ].join("\n");
  const msgId = await k.execute(code);
  const isReply = (m: KMsg) => m.channel === "shell" && m.msg_type === "execute_reply" && m.parent_header.msg_id === msgId;
  const isMid = (m: KMsg) =>
    m.msg_type === "comm_msg" && m.parent_header?.msg_id === msgId && progressOf(m) !== null && progressOf(m).done > 0 && progressOf(m).done < 6;
  // A cell that fails early replies without a mid update; the assertions below then say what.
  await k.waitFor((m) => isMid(m) || isReply(m), 120000, "a mid-batch update (or the cell's reply)");
  fs.writeFileSync(go, "");
  after(() => fs.rmSync(go, { force: true }));
  const reply = await k.waitFor(isReply, 120000, "execute_reply");
  await k.idleOf(msgId, 60000);
  const outputs = k.childrenOf(msgId).filter((m) => m.channel === "iopub");
  assert.equal(reply.content.status, "ok", streamText(outputs) + k.log());
  const opens = outputs.filter((m) => m.msg_type === "comm_open");
  assert.equal(opens.length, 1, "one widget for the whole batch (items run with display off)");
  assert.equal(opens[0]!.content.data.state.view, "batch");
  const commId = opens[0]!.content.comm_id;
  const updates = k.messages.filter((m) => m.msg_type === "comm_msg" && m.content.comm_id === commId && progressOf(m));
  const done = updates.map((m) => progressOf(m).done as number);
  assert.deepEqual(
    done,
    [...done].sort((a, b) => a - b),
    "done only grows",
  );
  const mid = updates.find((m) => progressOf(m).done > 0 && progressOf(m).done < 6);
  assert.ok(mid, `a mid-batch update reached the frontend (done: ${done.join(",")})`);
  assert.ok(reply.t - mid!.t > 150, "it arrived while the cell was still running");
  const last = updates.at(-1)!.content.data.state.result;
  assert.equal(last.status, "done");
  assert.equal(last.progress.done, 6);
  assert.equal(last.aggregates.kind, "weave");
  assert.ok(
    last.items.every((i: { result: { kind: string } }) => i.result.kind === "weave"),
    "every run's own result is in the state",
  );
  assert.match(streamText(outputs), /summary: Batch of 6 weave runs \(done\): 6 done, 0 failed · consensus 43\.4% \(95% CI/);
  const fallback = k
    .childrenOf(msgId)
    .filter((m) => m.msg_type === "update_display_data")
    .at(-1)!;
  assert.match(fallback.content.data["text/plain"], /^Batch of 6 weave runs \(done\)/);
});

test("Cancel from the batch widget stops the batch; finished items are kept", async () => {
  const code = [
    `const { weaveMany } = require(${lib("batch/weave-many.js")});`,
    `const { startDemoServer } = require(${lib("demo/server.js")});`,
    `const srv2 = await startDemoServer({ latencyMs: 400 });`,
    `const slot2 = (model: string) => ({ provider: "custom" as const, baseUrl: srv2.url, model });`,
    // Questions 4 to 11 are never answered: the Cancel always finds runs still going, however slowly
    // it travels from the view to the kernel on a loaded machine.
    `srv2.hold((c) => /Cancel question ([4-9]|1[01])\\?/.test(c.prompt));`,
    `const b2 = await weaveMany(Array.from({ length: 12 }, (_, i) => "Cancel question " + i + "?"), { a: slot2("atlas"), b: slot2("beacon"), judge: slot2("judge"), concurrency: 2 });`,
    `await srv2.close();`,
    `console.log("status: " + b2.status + " done: " + b2.progress.done + " cancelled: " + b2.progress.cancelled);`,
  ].join("\n");
  const msgId = await k.execute(code);
  const open = await k.waitFor((m) => m.msg_type === "comm_open" && m.parent_header.msg_id === msgId, 60000, "comm_open of the batch");
  const commId = open.content.comm_id;
  await k.waitFor((m) => m.msg_type === "comm_msg" && m.content.comm_id === commId && (progressOf(m)?.done ?? 0) >= 2, 60000, "two items done");
  await k.send("comm_msg", { comm_id: commId, data: { method: "custom", content: { type: "cancel" } } });
  const reply = await k.waitFor((m) => m.msg_type === "execute_reply" && m.parent_header.msg_id === msgId, 60000, "execute_reply");
  await k.idleOf(msgId);
  assert.equal(reply.content.status, "ok");
  const text = streamText(k.childrenOf(msgId));
  const m = /status: cancelled done: (\d+) cancelled: (\d+)/.exec(text);
  assert.ok(m, text);
  assert.ok(Number(m![1]) >= 2 && Number(m![1]) < 12);
  assert.ok(Number(m![2]) >= 1, "the running items were cancelled");
});
