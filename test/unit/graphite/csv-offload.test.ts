// Reading graphite's CSV off the kernel's loop (csv-offload.ts): the worker's read is readCsv's own
// (deepStrictEqual) on every kind of file the reader knows, a bad CSV gets readCsv's sentence as a
// CsvError, the rows arrive in slices with a turn of the kernel's loop between every two, the same
// text is read once however many runs ask for it at once, a reader that dies is replaced by the
// kernel's own read, and graphite() and graphiteMany() read through the same worker, the head only
// (csv-head.test.ts tests that read). States only, no timing:
// the turns are counted with setImmediate, never measured.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runGraphiteMany } from "../../../src/lib/batch/graphite-many";
import { buildLogCsv } from "../../../src/lib/graphite/buildlog";
import { CsvError, forgetCsvReads, readCsv, type CsvInput } from "../../../src/lib/graphite/csv";
import { csvReads, forgetCsvHeads, OFFLOOP_MIN_BYTES, readCsvOffLoop } from "../../../src/lib/graphite/csv-offload";
import { SLICE_FIELDS } from "../../../src/lib/graphite/csv-transfer";
import { runGraphite, validateGraphiteOptions } from "../../../src/lib/graphite/run";
import type { GraphiteDeps } from "../../../src/lib/graphite/session";
import { callResult } from "../support/fake-client";
import { run as fakeRun } from "./make";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-csv-offload-"));
const file = (name: string, data: string | Uint8Array) => {
  const p = path.join(tmp, name);
  fs.writeFileSync(p, data);
  return p;
};
const broken = path.join(__dirname, "fixtures", "broken-csv-worker.ts");

/** A CSV of `rows` rows past 256 KB: dates, a category, numbers with gaps. Our own, deterministic. */
function bigText(rows = 12_000, tail = ""): string {
  const out = ["day,shop,kind,units,price,note"];
  for (let i = 0; i < rows; i++) {
    const day = new Date(Date.UTC(2024, 0, 1) + (i % 366) * 86_400_000).toISOString().slice(0, 10);
    out.push(
      `${day},shop-${i % 7},${["tea", "coffee", "cocoa"][i % 3]},${(i * 37) % 101},${i % 13 === 0 ? "" : ((i * 7919) % 1000) / 10},"note ${i}, with a comma"`,
    );
  }
  return `${out.join("\n")}\n${tail}`;
}
const big = bigText();

/** readCsv's throw for `input`, or null. */
const syncError = (input: CsvInput | undefined) => {
  try {
    readCsv(input);
    return null;
  } catch (e) {
    return e as Error;
  }
};

test("the big test CSV is big enough to be read in a worker by default", () => {
  assert.equal(Buffer.byteLength(big) >= OFFLOOP_MIN_BYTES, true);
});

test("read in a worker, every kind of file reads exactly as readCsv reads it", async () => {
  const latin1 = Buffer.from("name,city\r\nJos\xe9,M\xfcnchen\r\n", "latin1");
  const cp1252 = Buffer.concat([
    Buffer.from("item;price\r\n", "latin1"),
    Buffer.from([0x93, 0x54, 0x65, 0x61, 0x94]),
    Buffer.from(";3,50 \r\nx;2\r\n", "latin1"),
  ]);
  const inputs: [string, CsvInput][] = [
    ["the build log", buildLogCsv()],
    ["a BOM, CRLF and a quoted newline", '\uFEFFname,note\r\n"Smith, J","said ""hi""\r\nthen left"\r\nx,y\r\n'],
    ["short rows padded", "a,b,c\n1,2,3\n4,5\n6\n"],
    ["an implicit index", "a,b\nr1,1,2\nr2,3,4\n"],
    ["semicolons and a decimal comma", "city;temp\nOslo;3,5\nRome;18,25\n"],
    ["Latin-1 bytes", latin1],
    ["Windows-1252 bytes", cp1252],
    ["a Latin-1 file", { path: file("latin1.csv", latin1) }],
    ["a file", { path: file("buildlog.csv", buildLogCsv()) }],
    ["a big text", big],
    ["a big file", { path: file("big.csv", big) }],
  ];
  for (const [what, input] of inputs) {
    forgetCsvReads();
    const before = csvReads.worker;
    const got = await readCsvOffLoop(input, { minBytes: 0 });
    assert.equal(csvReads.worker, before + 1, `${what}: read in a worker`);
    forgetCsvReads();
    assert.deepStrictEqual(got, readCsv(input), what);
  }
});

test("a bad CSV read in a worker is refused with readCsv's own sentence, as a CsvError", async () => {
  const bad: [string, CsvInput][] = [
    ["an unclosed quote", 'a,b\n"1,2\n3,4\n'],
    ["a row longer than the first", "a,b\n1,2\n3,4,5,6\n"],
    ["a single column", "just one column\nand another line\n"],
    ["comment lines", "# made by a tool\nx,y\n1,2\n"],
    ["a header and no rows", "a,b\n"],
    ["a file name as text", "data.csv"],
    ["U+FFFD", "name,city\nJos\uFFFD,x\n"],
    ["NUL bytes", Buffer.from("\xff\xfea\x00,\x00b\x00", "latin1")],
    ["empty bytes", new Uint8Array(0)],
    ["a bad row at the end of a big file", { path: file("big-bad.csv", bigText(12_000, "1,2,3,4,5,6,7,8\n")) }],
  ];
  for (const [what, input] of bad) {
    const expected = syncError(input);
    assert.ok(expected instanceof CsvError, `${what}: readCsv refuses it`);
    await assert.rejects(readCsvOffLoop(input, { minBytes: 0 }), (e: unknown) => {
      assert.ok(e instanceof CsvError, `${what}: ${String(e)}`);
      assert.equal(e.message, expected.message, what);
      return true;
    });
  }
  // what never reaches a worker (no input, a missing file, a wrong type) is refused as readCsv refuses it
  for (const input of [undefined, { path: path.join(tmp, "nope.csv") }, 42 as never]) {
    await assert.rejects(readCsvOffLoop(input, { minBytes: 0 }), { name: "CsvError", message: syncError(input)!.message });
  }
});

test("the rows arrive in slices, and the kernel's loop turns between every two", async () => {
  forgetCsvReads();
  let turns = 0;
  let spinning = true;
  const spin = () => {
    turns++;
    if (spinning) setImmediate(spin);
  };
  setImmediate(spin);
  const seen: { slice: number; turn: number }[] = [];
  const data = await readCsvOffLoop(big, { onSlice: (slice) => seen.push({ slice, turn: turns }) });
  spinning = false;
  const fields = data.rowCount * data.columns.length;
  assert.equal(seen.length, Math.ceil(data.rowCount / Math.floor(SLICE_FIELDS / data.columns.length)));
  assert.equal(seen.length > 5, true, `${fields} fields in ${seen.length} slices`);
  assert.deepEqual(
    seen.map((s) => s.slice),
    seen.map((_, i) => i),
    "in order",
  );
  for (let i = 1; i < seen.length; i++) assert.equal(seen[i]!.turn > seen[i - 1]!.turn, true, `a turn of the loop before slice ${i}`);
  forgetCsvReads();
  assert.deepStrictEqual(data, readCsv(big));
});

test("ten reads of the same text at once are one read; later reads recall it; each caller gets its own warnings", async () => {
  forgetCsvReads();
  const before = { ...csvReads };
  const all = await Promise.all(Array.from({ length: 10 }, () => readCsvOffLoop(big)));
  assert.equal(csvReads.worker - before.worker, 1);
  assert.equal(csvReads.shared - before.shared, 9);
  const again = await readCsvOffLoop(big);
  assert.equal(csvReads.recalled - before.recalled, 1);
  assert.equal(csvReads.worker - before.worker, 1, "not read again");
  forgetCsvReads();
  const expected = readCsv(big);
  for (const d of [...all, again]) assert.deepStrictEqual(d, expected);
  all[0]!.warnings.push("mine");
  assert.deepEqual(all[1]!.warnings, expected.warnings);
});

test("a reader that cannot start is replaced by the kernel's own read: the same data, the same sentence", async () => {
  forgetCsvReads();
  const before = csvReads.fellBack;
  const got = await readCsvOffLoop(big, { script: broken });
  assert.equal(csvReads.fellBack, before + 1);
  forgetCsvReads();
  assert.deepStrictEqual(got, readCsv(big));
  await assert.rejects(readCsvOffLoop("a,b\n1,2\n3,4,5,6\n", { minBytes: 0, script: broken }), {
    name: "CsvError",
    message: syncError("a,b\n1,2\n3,4,5,6\n")!.message,
  });
  assert.equal(csvReads.fellBack, before + 2);
});

const slot = (model: string) => ({ provider: "demo" as const, model });
const slots = { a: slot("x"), b: slot("y"), judge: slot("judge") };
const JUDGE = '{"a":{"insight":4,"clarity":5,"verdict":"ok"},"b":{"insight":7,"clarity":8,"verdict":"better"},"ship":"b"}';
const CODE = 'import pandas as pd\ndf = pd.read_csv("data.csv")\n';
const callModel: GraphiteDeps["callModel"] = async (req) =>
  callResult(req, req.slotName === "judge" ? JUDGE : CODE, { latencyMs: 1, promptSha256: "0".repeat(64) });
const sandbox: GraphiteDeps["sandbox"] = async () => ({ run: async () => fakeRun({ figures: [] }) });

test("graphite() reads a big CSV in a worker, and a bad big CSV stops it with readCsv's sentence", async () => {
  forgetCsvReads();
  forgetCsvHeads();
  const before = csvReads.worker;
  const slices = csvReads.slices;
  const r = await runGraphite({ csv: big, question: "Units by kind?", ...slots, display: false }, { callModel, sandbox });
  assert.equal(csvReads.worker, before + 1);
  assert.equal(csvReads.slices, slices, "its head only: no row was sent to the kernel");
  forgetCsvReads();
  const expected = readCsv(big);
  assert.deepEqual(r.csv, {
    name: expected.name,
    rowCount: expected.rowCount,
    columns: expected.columns,
    preview: expected.preview,
    bytes: expected.bytes,
    readCall: expected.readCall,
  });
  const badBig = bigText(12_000, "1,2,3,4,5,6,7,8\n");
  await assert.rejects(validateGraphiteOptions({ csv: badBig, question: "Q", ...slots }), { name: "CsvError", message: syncError(badBig)!.message });
  assert.equal(csvReads.worker, before + 2, "the bad one was read in a worker too");
});

test("graphiteMany() reads each distinct CSV once for the whole batch, off the loop, and every run gets that read", async () => {
  forgetCsvReads();
  forgetCsvHeads();
  const p = file("batch.csv", big);
  const before = { ...csvReads };
  const tasks = [
    { question: "Q1", csv: { path: p } },
    { question: "Q2", csv: { path: path.relative(process.cwd(), p) } },
    { question: "Q3" },
    { question: "Q4" },
  ];
  const r = await runGraphiteMany(
    tasks,
    { csv: big, ...slots, concurrency: 2, display: false, repair: false },
    { callModel: async (req) => callModel(req), sandbox },
  );
  assert.equal(csvReads.worker - before.worker, 2, "the file once, the text once");
  assert.equal(csvReads.inline - before.inline, 0);
  assert.equal(csvReads.slices - before.slices, 0, "their heads only");
  assert.equal(r.items.length, 4);
  const expected = readCsv(big);
  for (const item of r.items) assert.equal((item.result as { csv: { rowCount: number } }).csv.rowCount, expected.rowCount);
});
