// The ipywidgets protocol as the tslab kernel speaks it once duellab is imported, checked message
// by message with a real kernel driven through jupyter_client, as JupyterLab drives it.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Kernel, type KMsg } from "./support/kernel";
import { WIDGET_VERSION } from "../../src/lib/schema/widget";

let k: Kernel;
let commId = "";

const IDENTITY_KEYS = ["_model_name", "_model_module", "_model_module_version", "_view_name", "_view_module", "_view_module_version"];

before(async () => {
  k = await Kernel.start();
});
after(async () => {
  await k?.close();
});

/** busy then idle on IOPub, both parented to `msgId`, both in that message's session. */
function assertBusyIdle(msgId: string, session: string): void {
  const statuses = k.childrenOf(msgId).filter((m) => m.msg_type === "status");
  assert.deepEqual(
    statuses.map((m) => m.content.execution_state),
    ["busy", "idle"],
    `busy/idle around ${msgId}`,
  );
  for (const s of statuses) {
    assert.equal(s.header.session, session);
    assert.equal(s.parent_header.session, session);
  }
}

test("the import and the first widget in the very first cell open a comm, then display it", async () => {
  const { outputs } = await k.run(
    [
      // tslab type-checks this cell (TS 5.0, Node10 resolution): the package's declarations must read.
      `import { RunTracker } from "duellab";`,
      `import { showWidget } from "duellab/dist/lib/jupyter/index";`,
      `const tracker: RunTracker = new RunTracker("t", [{ id: "a", label: "A" }]);`,
      `const h = showWidget({ view: "run", run: null as any, result: null, pending: [] }, { text: "duellab run" })!;`,
      `h.onEvent((e) => h.set({ pending: ["got " + e.type] }));`,
      `console.log("comm " + h.id + " " + tracker.state.status);`,
    ].join("\n"),
  );
  const types = outputs.map((m) => m.msg_type);
  const open = outputs.find((m) => m.msg_type === "comm_open") as KMsg;
  assert.ok(open, `comm_open among ${types.join(", ")}`);
  assert.ok(types.indexOf("comm_open") < types.indexOf("display_data"), "comm_open goes out before the display");
  assert.deepEqual(open.metadata, { version: "2.1.0" });
  assert.equal(open.content.target_name, "jupyter.widget");
  commId = open.content.comm_id;
  const state = open.content.data.state;
  for (const key of [...IDENTITY_KEYS, "view", "run", "result", "pending"]) assert.ok(key in state, `state has ${key}`);
  assert.equal(state._model_module, "duellab");
  assert.equal(state._model_module_version, WIDGET_VERSION, "the exact version that wrote it, so a CDN serves that very version");
  assert.deepEqual(open.content.data.buffer_paths, []);
  const display = outputs.find((m) => m.msg_type === "display_data") as KMsg;
  assert.deepEqual(display.content.data["application/vnd.jupyter.widget-view+json"], { model_id: commId, version_major: 2, version_minor: 0 });
  assert.equal(display.content.data["text/plain"], "duellab run");
  assert.match(
    outputs
      .filter((m) => m.msg_type === "stream")
      .map((m) => m.content.text)
      .join(""),
    new RegExp(`comm ${commId} idle`),
  );
});

test("comm_info_request is answered with comm_info_reply, filtered by target", async () => {
  const cases: [Record<string, unknown>, string[]][] = [
    [{ target_name: "jupyter.widget" }, [commId]],
    [{}, [commId]],
    [{ target_name: "jupyter.widget.control" }, []],
  ];
  for (const [content, ids] of cases) {
    const id = await k.send("comm_info_request", content);
    const reply = await k.waitFor((m) => m.channel === "shell" && m.parent_header.msg_id === id, 10000, "comm_info_reply");
    await k.idleOf(id);
    assert.equal(reply.msg_type, "comm_info_reply");
    assert.equal(reply.content.status, "ok");
    assert.deepEqual(Object.keys(reply.content.comms), ids, JSON.stringify(content));
    for (const i of ids) assert.deepEqual(reply.content.comms[i], { target_name: "jupyter.widget" });
    assertBusyIdle(id, k.session);
  }
});

test("request_state is answered at once with the whole state, parented to the request", async () => {
  const id = await k.send("comm_msg", { comm_id: commId, data: { method: "request_state" } });
  await k.idleOf(id);
  const updates = k.childrenOf(id).filter((m) => m.msg_type === "comm_msg");
  assert.equal(updates.length, 1);
  assert.equal(updates[0].content.data.method, "update");
  assert.equal(updates[0].content.comm_id, commId);
  for (const key of [...IDENTITY_KEYS, "view", "run", "result", "pending"]) assert.ok(key in updates[0].content.data.state, `full state has ${key}`);
  assertBusyIdle(id, k.session);
  const order = k.childrenOf(id).map((m) => (m.msg_type === "status" ? m.content.execution_state : m.msg_type));
  assert.deepEqual(order, ["busy", "comm_msg", "idle"]);
});

test("a frontend update is echoed and kept, so a later request_state returns it", async () => {
  const id = await k.send("comm_msg", { comm_id: commId, data: { method: "update", state: { pending: ["from the view"] }, buffer_paths: [] } });
  await k.idleOf(id);
  const echo = k.childrenOf(id).find((m) => m.msg_type === "comm_msg") as KMsg;
  assert.equal(echo.content.data.method, "echo_update");
  assert.deepEqual(echo.content.data.state, { pending: ["from the view"] });
  assertBusyIdle(id, k.session);
  const rs = await k.send("comm_msg", { comm_id: commId, data: { method: "request_state" } });
  await k.idleOf(rs);
  const full = k.childrenOf(rs).find((m) => m.msg_type === "comm_msg") as KMsg;
  assert.deepEqual(full.content.data.state.pending, ["from the view"]);
});

test("a custom event reaches the kernel handler, whose update is parented to that event", async () => {
  const id = await k.send("comm_msg", { comm_id: commId, data: { method: "custom", content: { type: "cancel" } } });
  await k.idleOf(id);
  const update = k.childrenOf(id).find((m) => m.msg_type === "comm_msg") as KMsg;
  assert.deepEqual(update.content.data, { method: "update", state: { pending: ["got cancel"] }, buffer_paths: [] });
  assertBusyIdle(id, k.session);
  const stray = await k.send("comm_msg", { comm_id: commId, data: { method: "custom", content: "not an event" } });
  await k.idleOf(stray);
  assert.deepEqual(
    k.childrenOf(stray).map((m) => m.msg_type),
    ["status", "status"],
    "a stray custom message reaches no handler",
  );
});

test("a comm_open to jupyter.widget.control is answered with comm_close at once", async () => {
  const id = await k.send("comm_open", { comm_id: "control-1", target_name: "jupyter.widget.control", data: {} });
  await k.idleOf(id);
  const close = k.childrenOf(id).find((m) => m.msg_type === "comm_close") as KMsg;
  assert.ok(close, "comm_close sent");
  assert.equal(close.content.comm_id, "control-1");
  assertBusyIdle(id, k.session);
});

test("comm messages with binary buffers keep signing intact: idle arrives, state holds the bytes, kernel alive", async () => {
  const bytes = new Uint8Array([0, 1, 2, 250, 255]);
  const id = await k.send("comm_msg", { comm_id: commId, data: { method: "update", state: { blob: null }, buffer_paths: [["blob"]] } }, [bytes]);
  await k.idleOf(id, 10000);
  const echo = k.childrenOf(id).find((m) => m.msg_type === "comm_msg") as KMsg;
  assert.deepEqual(echo.content.data.buffer_paths, [["blob"]]);
  assert.equal(echo.content.data.state.blob, null, "the bytes travel out of band, not as JSON");
  assert.deepEqual([...Buffer.from(echo.buffers[0], "base64")], [...bytes]);
  const custom = await k.send("comm_msg", { comm_id: commId, data: { method: "custom", content: { type: "repair", side: "a" } } }, [new Uint8Array(64 * 1024)]);
  await k.idleOf(custom, 10000);
  assert.equal(await k.alive(), true);
  const { outputs } = await k.run(`console.log("still here " + (1 + 1));`);
  assert.match(
    outputs
      .filter((m) => m.msg_type === "stream")
      .map((m) => m.content.text)
      .join(""),
    /still here 2/,
  );
  assert.equal(k.log().includes("invalid hmac"), false, "tslab never saw the buffered message");
});

test("a comm message with a bad signature is dropped: no busy/idle, no answer, kernel unharmed", async () => {
  const bad = await k.send("comm_msg", { comm_id: commId, data: { method: "request_state" } }, [], { wrongKey: true });
  const ok = await k.send("comm_info_request", { target_name: "jupyter.widget" });
  await k.idleOf(ok);
  await new Promise((r) => setTimeout(r, 300));
  assert.deepEqual(
    k.childrenOf(bad).map((m) => m.msg_type),
    [],
  );
  assert.match(k.log(), /dropped a comm message: message signature does not match/);
});
