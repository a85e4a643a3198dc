// The faithfulness check off the kernel's event loop (faith-offload.ts): the worker's verdict is
// the inline check's, the kernel's loop runs while a check is held in its worker, a check held past
// its limit reads "unchecked: took too long" and the next check gets a new worker. States only:
// the held worker (fixtures/held-faith-worker.ts) starts each check and holds it until the test
// opens its gate; the time limit counts from that start, never while a worker loads. A worker keeps
// the last few CSVs it read, and is sent the text again of one it forgot.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildLogCsv, buildLogRows, STACKS } from "../../../src/lib/graphite/buildlog";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { FaithPool } from "../../../src/lib/graphite/faith-offload";
import { figure, series } from "./make";

const csv = readCsv(buildLogCsv());
const rows = buildLogRows();
const held = path.join(__dirname, "fixtures", "held-faith-worker.ts");
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

const means = figure([
  series({
    kind: "bar",
    x: [...STACKS],
    y: STACKS.map((s) => {
      const v = rows.filter((r) => r.stack === s).map((r) => r.build_seconds);
      return v.reduce((a, b) => a + b, 0) / v.length;
    }),
  }),
]);
const wrong = figure([series({ kind: "bar", x: [...STACKS], y: STACKS.map((_, i) => 1000 + i) })]);

test("the check in a worker gives the inline check's verdict, for each chart and each CSV", async () => {
  const other = readCsv("city,temp\nOslo,3\nRome,18\nOslo,5\n");
  const otherFig = figure([series({ kind: "bar", x: ["Oslo", "Rome"], y: [4, 18] })]);
  // The kernel's own worker script, with no time limit to speak of: a busy machine may take
  // longer than the kernel's 5 s over the search for `wrong`, and this test is about the verdict.
  const pool = new FaithPool({ timeoutMs: 3_600_000 });
  const [a, b, c, d] = await Promise.all([pool.check(csv, [means]), pool.check(csv, [wrong]), pool.check(other, [otherFig]), pool.check(csv, [])]);
  await pool.close();
  assert.deepEqual(a, checkFaithfulness(csv, [means]));
  assert.equal(a.verdict, "faithful");
  assert.deepEqual(b, checkFaithfulness(csv, [wrong]));
  assert.deepEqual(c, checkFaithfulness(other, [otherFig]));
  assert.deepEqual(d, checkFaithfulness(csv, []));
});

test("while a check is held in its worker, the kernel's loop goes on; the verdict arrives when it is let go", async () => {
  const gate = new SharedArrayBuffer(4);
  const pool = new FaithPool({ script: held, workerData: { gate }, size: 1, timeoutMs: 3_600_000 });
  let verdict: string | null = null;
  const p = pool.check(csv, [means]).then((f) => {
    verdict = f.verdict;
    return f;
  });
  // the check reaches its worker once the worker has loaded (however long that takes here)
  while (pool.pending.running === 0) await new Promise((r) => setTimeout(r, 5));
  // timers, immediates and I/O of the kernel run: a click, a progress message, a Cancel
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  while (ticks < 5) await turns(1);
  clearInterval(timer);
  await turns(20);
  assert.equal(verdict, null, "the check cannot have finished: its worker is held");
  assert.deepEqual(pool.pending, { queued: 0, running: 1 });
  // a second check waits for the one worker, not in it
  const second = pool.check(csv, [wrong]);
  assert.deepEqual(pool.pending, { queued: 1, running: 1 });
  Atomics.store(new Int32Array(gate), 0, 1);
  Atomics.notify(new Int32Array(gate), 0);
  assert.deepEqual(await p, checkFaithfulness(csv, [means]));
  assert.deepEqual(await second, checkFaithfulness(csv, [wrong]));
  assert.deepEqual(pool.pending, { queued: 0, running: 0 });
  await pool.close();
});

test("a check past its time limit reads 'unchecked: took too long' and never blocks; the next check gets a fresh worker", async () => {
  const gate = new SharedArrayBuffer(4); // never opened: the first worker's check never ends
  const pool = new FaithPool({ script: held, workerData: { gate }, size: 1, timeoutMs: 50 });
  const f = await pool.check(csv, [means]);
  assert.equal(f.verdict, "unchecked");
  assert.deepEqual(f.checks, [
    { check: "plotted data", status: "unchecked", detail: "took too long: the check was stopped after 0.05 s, so nothing was compared with the data." },
  ]);
  // the same pool, the real worker this time: a new worker reads the CSV again and answers
  const real = new FaithPool({ size: 1, timeoutMs: 3_600_000 });
  real.warm();
  const stuck = pool.check(csv, [wrong]);
  const ok = await real.check(csv, [means]);
  assert.equal(ok.verdict, "faithful");
  assert.equal((await stuck).checks[0]!.detail.startsWith("took too long"), true);
  await Promise.all([pool.close(), real.close()]);
});

test("a closed pool answers 'unchecked' with the reason instead of running", async () => {
  const pool = new FaithPool({ size: 1 });
  await pool.close();
  const f = await pool.check(csv, [means]);
  assert.equal(f.verdict, "unchecked");
  assert.match(f.checks[0]!.detail, /shut down/);
});

test("the workers never hold a script open: a script that warms the pool, prepares a CSV in it, or waits for one check, ends by itself", () => {
  const mod = JSON.stringify(path.join(__dirname, "../../../src/lib/graphite/faith-offload.ts"));
  const csvMod = JSON.stringify(path.join(__dirname, "../../../src/lib/graphite/csv.ts"));
  const script = `const o = require(${mod}); const { readCsv } = require(${csvMod});
if (process.argv[1] === "prepare") o.prepareFaithPool(readCsv("a,b\\n1,2\\n3,4\\n"));
else o.warmFaithPool();
if (process.argv[1] === "check") o.checkFaithfulnessOffLoop(readCsv("a,b\\n1,2\\n"), []).then((f) => console.log(f.verdict));`;
  for (const arg of ["warm", "prepare", "check"]) {
    // a hang guard only: the script must end on its own, however long loading takes here
    const r = spawnSync(process.execPath, ["--import", "tsx", "-e", script, arg], { encoding: "utf8", timeout: 600_000 });
    assert.equal(r.status, 0, `${arg}: ${r.stderr}`);
    assert.equal(r.stdout.trim(), arg === "check" ? "unchecked" : "");
  }
});

test("a CSV prepared as graphite() starts is not a check: nothing pending, and the checks after it give the inline check's verdicts", async () => {
  const pool = new FaithPool({ timeoutMs: 3_600_000 });
  pool.prepare(csv);
  assert.deepEqual(pool.pending, { queued: 0, running: 0 });
  const [a, b] = await Promise.all([pool.check(csv, [means]), pool.check(csv, [wrong])]);
  await pool.close();
  assert.deepEqual(a, checkFaithfulness(csv, [means]));
  assert.deepEqual(b, checkFaithfulness(csv, [wrong]));
});

test("a CSV checked again after more CSVs than a worker keeps is sent again, and gets the inline check's verdict", async () => {
  const pool = new FaithPool({ size: 1, timeoutMs: 3_600_000 });
  const others = Array.from({ length: 6 }, (_, k) => readCsv(`city,temp\nOslo,${k}\nRome,18\nOslo,${k + 2}\n`));
  assert.deepEqual(await pool.check(csv, [means]), checkFaithfulness(csv, [means]));
  for (const [k, o] of others.entries()) {
    const f = figure([series({ kind: "bar", x: ["Oslo", "Rome"], y: [k + 1, 18] })]);
    assert.deepEqual(await pool.check(o, [f]), checkFaithfulness(o, [f]), `CSV ${k}`);
  }
  const again = await pool.check(csv, [means]);
  const first = await pool.check(others[0]!, [means]);
  await pool.close();
  assert.deepEqual(again, checkFaithfulness(csv, [means]));
  assert.equal(again.verdict, "faithful");
  assert.deepEqual(first, checkFaithfulness(others[0]!, [means]));
});
