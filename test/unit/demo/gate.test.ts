// The demo server's hold-and-release gate: the pure bookkeeping, then through the real client and
// the real loopback server. No test here waits on a clock: each waits for a state.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Gate } from "../../../src/lib/demo/gate";
import { DEMO_QUESTIONS } from "../../../src/lib/demo/questions";
import { startDemoServer } from "../../../src/lib/demo/server";
import { callModel, ProviderError } from "../../../src/lib/providers/client";
import { parseSlot } from "../../../src/lib/slot/slot";

/** Settles every promise callback queued so far, so "not resolved yet" is a real observation. */
const settle = () => new Promise<void>((r) => setImmediate(r));

function tracked<T>(p: Promise<T>) {
  const s = { done: false };
  void p.then(() => (s.done = true));
  return s;
}

test("gate: no hold answers at once; a hold queues matching calls and releases the oldest first", async () => {
  const g = new Gate();
  assert.equal(g.pass({ model: "atlas", prompt: "x" }), null);
  const h = g.hold((c) => c.model === "beacon");
  assert.equal(g.pass({ model: "atlas", prompt: "x" }), null, "a call the hold does not match is answered at once");
  const order: number[] = [];
  const calls = [1, 2, 3].map((i) => {
    const w = g.pass({ model: "beacon", prompt: String(i) })!;
    void w.ready.then(() => order.push(i));
    return w;
  });
  assert.equal(calls.length, 3);
  assert.equal(h.waiting, 3);
  assert.equal(h.held, 3);
  await settle();
  assert.deepEqual(order, [], "nothing returns before the test says so");
  h.release(1);
  await settle();
  assert.deepEqual(order, [1]);
  assert.equal(h.waiting, 2);
  h.release();
  await settle();
  assert.deepEqual(order, [1, 2, 3]);
  assert.equal(h.waiting, 0);
  assert.notEqual(g.pass({ model: "beacon", prompt: "4" }), null, "release() keeps holding later calls");
  h.open();
  assert.equal(g.pass({ model: "beacon", prompt: "5" }), null, "open() holds no more");
  assert.equal(h.held, 4);
});

test("gate: arrived(n) resolves when n calls wait at once; a dropped call no longer counts", async () => {
  const g = new Gate();
  const h = g.hold();
  const two = tracked(h.arrived(2));
  const a = g.pass({ model: "m", prompt: "a" })!;
  await settle();
  assert.equal(two.done, false);
  a.drop();
  assert.equal(h.waiting, 0);
  g.pass({ model: "m", prompt: "b" });
  await settle();
  assert.equal(two.done, false, "the dropped call is not counted");
  g.pass({ model: "m", prompt: "c" });
  await settle();
  assert.equal(two.done, true);
  await h.arrived(1); // already true: resolves at once
  h.open();
});

const slot = (url: string, model: string) => parseSlot("a", { provider: "custom", baseUrl: url, model });
let n = 0;
// Every prompt carries a fresh nonce (the client refuses to send one prompt twice in a process).
const ask = (url: string, model: string, q: string, signal?: AbortSignal) =>
  callModel({
    slotName: "a",
    slot: slot(url, model),
    role: `A-${model}`,
    messages: [{ role: "user", content: `${q}\n\n[run-nonce: gate-test-${process.pid}-${++n}]` }],
    maxTokens: 1600,
    signal,
  });

test("server: a held call returns only when released, with the answer it would have had; other calls pass", { timeout: 60_000 }, async () => {
  const s = await startDemoServer();
  try {
    const q = DEMO_QUESTIONS[0]!;
    const free = await ask(s.url, "atlas", q);
    const h = s.hold((c) => c.model === "atlas" && c.prompt.startsWith(q));
    const p = ask(s.url, "atlas", q);
    const state = tracked(p);
    await h.arrived(1);
    // While atlas is held, beacon (not matched) is answered.
    assert.match((await ask(s.url, "beacon", q)).content, /\S/);
    await settle();
    assert.equal(state.done, false, "the held call has not returned");
    assert.equal(h.waiting, 1);
    h.release();
    assert.equal((await p).content, free.content);
    h.open();
  } finally {
    await s.close();
  }
});

test("server: concurrent calls are held together (the server takes them at once, not one by one)", { timeout: 60_000 }, async () => {
  const s = await startDemoServer();
  try {
    const h = s.hold();
    const ps = ["atlas", "beacon", "cedar"].map((m) => ask(s.url, m, DEMO_QUESTIONS[1]!));
    await h.arrived(3);
    h.open();
    const rs = await Promise.all(ps);
    assert.equal(rs.length, 3);
  } finally {
    await s.close();
  }
});

test("server: a caller that hangs up on a held call is dropped from the hold", { timeout: 60_000 }, async () => {
  const s = await startDemoServer();
  try {
    const h = s.hold();
    const ctl = new AbortController();
    const p = ask(s.url, "atlas", DEMO_QUESTIONS[0]!, ctl.signal);
    await h.arrived(1);
    ctl.abort();
    await assert.rejects(p, (e: unknown) => e instanceof ProviderError && e.kind === "aborted");
    // The server sees the hang-up on its own socket; wait for that state.
    while (h.waiting > 0) await new Promise((r) => setImmediate(r));
    assert.equal(h.held, 1);
    h.open();
  } finally {
    await s.close();
  }
});
