// Browser tests skip loudly without Chromium, and fail instead when CI is set.
import assert from "node:assert/strict";
import { test } from "node:test";
import { chromiumOrSkip, findChromium } from "../support/chromium";

test("DUELLAB_CHROMIUM pointing nowhere: SKIP line and a skipped test; with CI: a failure", () => {
  const env = { DUELLAB_CHROMIUM: "/nonexistent/chromium" };
  assert.equal(findChromium(env), null);
  const skipped: string[] = [];
  const writes: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = ((s: string) => (writes.push(s), true)) as typeof process.stdout.write;
  try {
    assert.equal(chromiumOrSkip({ skip: (m) => skipped.push(m ?? "") }, env), null);
  } finally {
    process.stdout.write = write;
  }
  assert.deepEqual(skipped, ["no Chromium found"]);
  assert.match(writes.join(""), /SKIP: no Chromium found \(looked at DUELLAB_CHROMIUM=\/nonexistent\/chromium\)/);
  assert.throws(() => chromiumOrSkip({ skip: () => undefined }, { ...env, CI: "1" }), /no Chromium found .* and CI is set: install it/);
});

test("an existing executable is returned as is", () => {
  assert.equal(findChromium({ DUELLAB_CHROMIUM: process.execPath }), process.execPath);
});
