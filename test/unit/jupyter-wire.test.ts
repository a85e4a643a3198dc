// The wire format: signatures cover exactly the four JSON frames; buffers ride unsigned after them.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { test } from "node:test";
import { buildFrames, DELIM, newHeader, parseFrames } from "../../src/lib/jupyter/wire";

const KEY = "0123-secret";
const header = newHeader("comm_msg", "sess-1", "alice");

test("frames round-trip: identities, the four JSON parts and raw buffers", () => {
  const frames = buildFrames(KEY, {
    identities: [Buffer.from("id-a")],
    header,
    parent: { msg_id: "p" },
    metadata: { m: 1 },
    content: { x: "é" },
    buffers: [new Uint8Array([1, 2, 3])],
  });
  assert.equal(frames[1].equals(DELIM), true);
  const msg = parseFrames(KEY, frames);
  assert.deepEqual(msg.identities.map(String), ["id-a"]);
  assert.deepEqual(msg.header, header);
  assert.deepEqual(msg.parent, { msg_id: "p" });
  assert.deepEqual(msg.metadata, { m: 1 });
  assert.deepEqual(msg.content, { x: "é" });
  assert.deepEqual([...msg.buffers[0]], [1, 2, 3]);
});

test("the signature is HMAC-SHA256 over header, parent, metadata, content only (as jupyter_client signs)", () => {
  const frames = buildFrames(KEY, { header, parent: {}, content: { a: 1 }, buffers: [new Uint8Array([9, 9])] });
  const h = createHmac("sha256", KEY);
  for (const f of frames.slice(2, 6)) h.update(f);
  assert.equal(frames[1].toString(), h.digest("hex"));
});

test("buffers do not affect the signature, so a buffered message verifies", () => {
  const frames = buildFrames(KEY, { header, parent: {}, content: {} });
  const withBuffers = [...frames, Buffer.from("anything at all"), Buffer.alloc(70000)];
  assert.equal(parseFrames(KEY, withBuffers).buffers.length, 2);
});

test("a message signed with another key, or tampered with, is refused with a sentence", () => {
  const frames = buildFrames("other-key", { header, parent: {}, content: {} });
  assert.throws(() => parseFrames(KEY, frames), /signature does not match the connection key/);
  const good = buildFrames(KEY, { header, parent: {}, content: { v: 1 } });
  good[5] = Buffer.from(JSON.stringify({ v: 2 }));
  assert.throws(() => parseFrames(KEY, good), /signature does not match/);
});

test("an empty key (signing disabled) sends an empty signature and accepts any", () => {
  const frames = buildFrames("", { header, parent: {}, content: {} });
  assert.equal(frames[1].toString(), "");
  assert.deepEqual(parseFrames("", frames).content, {});
});

test("malformed messages say what is missing", () => {
  assert.throws(() => parseFrames(KEY, [Buffer.from("x")]), /missing the <IDS\|MSG> delimiter/);
  assert.throws(() => parseFrames(KEY, [DELIM, Buffer.from("sig"), Buffer.from("{}")]), /has 1 of the 4 JSON frames/);
});
