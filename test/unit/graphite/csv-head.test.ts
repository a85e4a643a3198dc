// The head-only read a graphite run uses (readCsvHead, csv-offload.ts): readCsv's result without
// its rows, on every kind of file, with readCsv's own sentence for a bad one; a big CSV's rows never
// reach the kernel's thread (no slice is sent); the same text is read once and recalled; a reader
// that dies is replaced by the kernel's own read. And what the user sees does not change: a run's
// prompts and result are the same with the full read as with the head-only read. States only.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runGraphiteMany } from "../../../src/lib/batch/graphite-many";
import { buildLogCsv } from "../../../src/lib/graphite/buildlog";
import { CsvError, forgetCsvReads, readCsv, type CsvData, type CsvInput } from "../../../src/lib/graphite/csv";
import { csvReads, forgetCsvHeads, readCsvHead, readCsvOffLoop } from "../../../src/lib/graphite/csv-offload";
import { runGraphite, validateGraphiteOptions } from "../../../src/lib/graphite/run";
import type { GraphiteDeps } from "../../../src/lib/graphite/session";
import { callResult } from "../support/fake-client";
import { figure, run as fakeRun, series } from "./make";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-csv-head-"));
const file = (name: string, data: string | Uint8Array) => {
  const p = path.join(tmp, name);
  fs.writeFileSync(p, data);
  return p;
};
const broken = path.join(__dirname, "fixtures", "broken-csv-worker.ts");
const forget = () => {
  forgetCsvReads();
  forgetCsvHeads();
};

const KINDS = ["tea", "coffee", "cocoa"];
const units = (i: number) => (i * 37) % 101;

/** A CSV of `rows` rows past 256 KB: dates, a category, numbers with gaps, quoted commas. Our own. */
function bigText(rows = 12_000, tail = ""): string {
  const out = ["day,shop,kind,units,price,note"];
  for (let i = 0; i < rows; i++) {
    const day = new Date(Date.UTC(2024, 0, 1) + (i % 366) * 86_400_000).toISOString().slice(0, 10);
    out.push(`${day},shop-${i % 7},${KINDS[i % 3]},${units(i)},${i % 13 === 0 ? "" : ((i * 7919) % 1000) / 10},"note ${i}, with a comma"`);
  }
  return `${out.join("\n")}\n${tail}`;
}
const big = bigText();

/** readCsv's result without its rows: what the head must be. */
function expectedHead(input: CsvInput) {
  forget();
  const { rows: _rows, index: _index, ...head } = readCsv(input);
  forget();
  return head;
}

const syncError = (input: CsvInput | undefined) => {
  try {
    readCsv(input);
    return null;
  } catch (e) {
    return e as Error;
  }
};

const latin1 = Buffer.from("name,city\r\nJos\xe9,M\xfcnchen\r\n", "latin1");
const inputs: [string, CsvInput][] = [
  ["the build log", buildLogCsv()],
  ["a BOM, CRLF and a quoted newline", '\uFEFFname,note\r\n"Smith, J","said ""hi""\r\nthen left"\r\nx,y\r\n'],
  ["short rows padded", "a,b,c\n1,2,3\n4,5\n6\n"],
  ["an implicit index", "a,b\nr1,1,2\nr2,3,4\n"],
  ["semicolons and a decimal comma", "city;temp\nOslo;3,5\nRome;18,25\n"],
  ["Latin-1 bytes", latin1],
  ["a Latin-1 file", { path: file("latin1.csv", latin1) }],
  ["a big text", big],
  ["a big file", { path: file("big.csv", big) }],
];

test("the head is readCsv's result without the rows, read in a worker or on the kernel's thread, and no row is sent", async () => {
  for (const [what, input] of inputs) {
    for (const minBytes of [0, undefined]) {
      forget();
      const before = { ...csvReads };
      const head = await readCsvHead(input, { minBytes });
      assert.deepStrictEqual(head, expectedHead(input), `${what} (minBytes ${minBytes})`);
      assert.equal("rows" in head || "index" in head, false, what);
      assert.equal(csvReads.slices, before.slices, `${what}: no slice of rows came to the kernel`);
      if (minBytes === 0) assert.equal(csvReads.heads, before.heads + 1, `${what}: a head-only read in a worker`);
    }
  }
});

test("a bad CSV is refused with readCsv's own sentence, as a CsvError, in a worker or not", async () => {
  const bad: [string, CsvInput | undefined][] = [
    ["an unclosed quote", 'a,b\n"1,2\n3,4\n'],
    ["a row longer than the first", "a,b\n1,2\n3,4,5,6\n"],
    ["a single column", "just one column\nand another line\n"],
    ["a header and no rows", "a,b\n"],
    ["a file name as text", "data.csv"],
    ["U+FFFD", "name,city\nJos\uFFFD,x\n"],
    ["empty bytes", new Uint8Array(0)],
    ["a bad row at the end of a big file", { path: file("big-bad.csv", bigText(12_000, "1,2,3,4,5,6,7,8\n")) }],
    ["a bad row at the end of a big text", bigText(12_000, "1,2,3,4,5,6,7,8\n")],
    ["no CSV", undefined],
    ["a missing file", { path: path.join(tmp, "nope.csv") }],
  ];
  for (const [what, input] of bad) {
    const expected = syncError(input);
    assert.ok(expected instanceof CsvError, `${what}: readCsv refuses it`);
    for (const minBytes of [0, undefined]) {
      forget();
      await assert.rejects(readCsvHead(input, { minBytes }), (e: unknown) => {
        assert.ok(e instanceof CsvError, `${what}: ${String(e)}`);
        assert.equal(e.message, expected.message, what);
        return true;
      });
    }
  }
});

test("ten head reads of the same text at once are one read; later ones, and a text read whole lately, are recalled; each caller gets its own warnings", async () => {
  forget();
  const before = { ...csvReads };
  const all = await Promise.all(Array.from({ length: 10 }, () => readCsvHead(big)));
  assert.equal(csvReads.worker - before.worker, 1);
  assert.equal(csvReads.shared - before.shared, 9);
  const again = await readCsvHead(big);
  assert.equal(csvReads.recalled - before.recalled, 1);
  assert.equal(csvReads.worker - before.worker, 1, "not read again");
  const expected = expectedHead(big);
  for (const h of [...all, again]) assert.deepStrictEqual(h, expected);
  const short = bigText(12_000, "x,y\n");
  forget();
  const h0 = await readCsvHead(short);
  h0.warnings.push("mine");
  assert.deepEqual((await readCsvHead(short)).warnings, expectedHead(short).warnings);
  // a text read whole (readCsvOffLoop) gives its head without a second read
  forget();
  await readCsvOffLoop(big);
  const w = csvReads.worker;
  assert.deepStrictEqual(await readCsvHead(big), expected);
  assert.equal(csvReads.worker, w);
});

test("a head reader that cannot start is replaced by the kernel's own read: the same head, the same sentence", async () => {
  forget();
  const before = csvReads.fellBack;
  assert.deepStrictEqual(await readCsvHead(big, { script: broken }), expectedHead(big));
  assert.equal(csvReads.fellBack, before + 1);
  forget();
  await assert.rejects(readCsvHead("a,b\n1,2\n3,4,5,6\n", { minBytes: 0, script: broken }), {
    name: "CsvError",
    message: syncError("a,b\n1,2\n3,4,5,6\n")!.message,
  });
});

const slot = (model: string) => ({ provider: "demo" as const, model });
const slots = { a: slot("x"), b: slot("y"), judge: slot("judge") };
const JUDGE = '{"a":{"insight":4,"clarity":5,"verdict":"ok"},"b":{"insight":7,"clarity":8,"verdict":"better"},"ship":"b"}';
const CODE = 'import pandas as pd\ndf = pd.read_csv("data.csv")\n';
const callModel: GraphiteDeps["callModel"] = async (req) =>
  callResult(req, req.slotName === "judge" ? JUDGE : CODE, { latencyMs: 1, promptSha256: "0".repeat(64) });

/** The mean units per kind of the big CSV, as a bar chart: the check has something to confirm. */
function meanBars() {
  const sums = new Map<string, [number, number]>();
  for (let i = 0; i < 12_000; i++) {
    const s = sums.get(KINDS[i % 3]!) ?? [0, 0];
    sums.set(KINDS[i % 3]!, [s[0] + units(i), s[1] + 1]);
  }
  const x = [...sums.keys()].sort();
  return [figure([series({ kind: "bar", x, y: x.map((k) => sums.get(k)![0] / sums.get(k)![1]) })])];
}

/** A run with every id, nonce and clock fixed, so two runs on the same data are equal when they saw the same. */
function fixedDeps(figures: ReturnType<typeof meanBars>): GraphiteDeps {
  return {
    callModel,
    sandbox: async () => ({ run: async () => fakeRun({ figures }) }),
    newNonce: () => "0123456789abcdef",
    newRunId: () => "run-1",
    now: () => 0,
  };
}

test("a run's prompts and result are the same with the full read as with the head-only read", async () => {
  const figures = meanBars();
  for (const [what, input] of inputs) {
    forget();
    const full: CsvData = readCsv(input);
    const withRows = await runGraphite({ csv: input, question: "Units by kind?", ...slots, display: false }, fixedDeps(figures), full);
    forget();
    const before = { ...csvReads };
    const headOnly = await runGraphite({ csv: input, question: "Units by kind?", ...slots, display: false }, fixedDeps(figures));
    assert.equal(csvReads.slices, before.slices, `${what}: no row came to the kernel`);
    assert.equal(headOnly.prompts.length > 0, true);
    assert.deepEqual(
      headOnly.prompts.map((p) => p.text),
      withRows.prompts.map((p) => p.text),
      `${what}: the prompts`,
    );
    // (the stages' durations are the clock's, not the data's)
    const data = (r: typeof headOnly) => JSON.parse(JSON.stringify({ ...r, timings: null }));
    assert.deepEqual(data(headOnly), data(withRows), `${what}: the result`);
    if (what === "a big text") assert.equal(headOnly.charts.a.faithfulness?.verdict, "faithful", "the check confirmed the bars from the text");
  }
});

test("graphite() and graphiteMany() read a big CSV's head only, once, and refuse a bad one with readCsv's sentence", async () => {
  forget();
  const before = { ...csvReads };
  const p = file("batch.csv", big);
  const r = await runGraphiteMany(
    [{ question: "Q1", csv: { path: p } }, { question: "Q2" }, { question: "Q3" }],
    { csv: big, ...slots, concurrency: 2, display: false, repair: false },
    { callModel, sandbox: fixedDeps(meanBars()).sandbox },
  );
  assert.equal(csvReads.heads - before.heads, 2, "the file once, the text once");
  assert.equal(csvReads.slices - before.slices, 0);
  assert.equal(r.items.length, 3);
  for (const item of r.items) assert.equal((item.result as { csv: { rowCount: number } }).csv.rowCount, 12_000);
  const badBig = bigText(12_000, "1,2,3,4,5,6,7,8\n");
  await assert.rejects(validateGraphiteOptions({ csv: badBig, question: "Q", ...slots }), { name: "CsvError", message: syncError(badBig)!.message });
});
