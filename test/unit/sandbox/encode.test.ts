// The request's file text made a slice per turn of the kernel's loop (src/lib/sandbox/encode.ts)
// and the batch's data id hashed a slice per turn (src/lib/batch/key.ts): the sandbox gets the same
// bytes and a resumed batch finds the same keys as when each was done in one piece, whatever the
// text (multi-byte characters, surrogate pairs and lone surrogates at every slice boundary), and
// the loop turns between slices.
import { test } from "node:test";
import assert from "node:assert/strict";
import { quotedBase64InSlices, sliceEnd } from "../../../src/lib/sandbox/encode";
import { dataId, dataIdInSlices } from "../../../src/lib/batch/key";

const onePiece = (text: string) => Buffer.from(JSON.stringify(Buffer.from(text, "utf8").toString("base64")));

// ASCII, 2-, 3- and 4-byte UTF-8 (a surrogate pair), and lone surrogates (encoded as U+FFFD)
const TEXTS = [
  "",
  "a",
  "ab",
  "abc",
  "date,price\n2024-01-01,3\n",
  "é,漢字,😀\n".repeat(7),
  "x😀😀y😀",
  "\ud83d",
  "a\ud83db\udc00c",
  "😀".repeat(11) + "\ud83d",
  Array.from({ length: 300 }, (_, i) => String.fromCodePoint([0x41, 0xe9, 0x6f22, 0x1f600, 0xd800][i % 5]! + (i % 3))).join(""),
];

test("a slice never ends between the two halves of a surrogate pair", () => {
  const text = "a😀b😀😀";
  for (let size = 1; size <= text.length; size++)
    for (let from = 0; from < text.length; from = sliceEnd(text, from, size)) {
      const to = sliceEnd(text, from, size);
      assert.ok(to > from && to <= text.length);
      assert.ok(!/[\ud800-\udbff]$/.test(text.slice(from, to)) || to === text.length, `size ${size}: a slice ends on a high surrogate`);
    }
});

test("the file text encoded in slices is byte for byte the one-piece encoding", async () => {
  for (const text of TEXTS)
    for (const size of [1, 2, 3, 4, 5, 7, 64, 1 << 20])
      assert.deepEqual(await quotedBase64InSlices(text, size), onePiece(text), `${JSON.stringify(text.slice(0, 20))} in slices of ${size}`);
});

test("the batch's data id hashed in slices is the one-piece id", async () => {
  for (const text of TEXTS)
    for (const size of [1, 2, 3, 5, 1 << 20])
      assert.equal(await dataIdInSlices(text, size), dataId(text), `${JSON.stringify(text.slice(0, 20))} in slices of ${size}`);
});

test("the loop turns between slices: a timer set before a long text is encoded fires before it is done", async () => {
  const text = "0123456789,abcdef\n".repeat(20_000);
  for (const work of [() => quotedBase64InSlices(text, 4096), () => dataIdInSlices(text, 4096)]) {
    let fired = false;
    setImmediate(() => (fired = true));
    let firedBeforeDone = false;
    await work().then(() => (firedBeforeDone = fired));
    assert.equal(firedBeforeDone, true);
  }
});
