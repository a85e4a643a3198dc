// Bad CSV input gets one clear sentence saying what is wrong and what to do.
import { mock, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CSV_MAX_BYTES, CsvError, readCsv } from "../../../src/lib/graphite/csv";
import { buildLogCsv } from "../../../src/lib/graphite/buildlog";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-csv-"));
const file = (name: string, data: string | Uint8Array) => {
  const p = path.join(tmp, name);
  fs.writeFileSync(p, data);
  return p;
};
const fails = (input: Parameters<typeof readCsv>[0], pattern: RegExp) => {
  assert.throws(() => readCsv(input), (e: unknown) => {
    assert.ok(e instanceof CsvError, String(e));
    assert.match(e.message, pattern);
    assert.ok(!e.message.includes("\n"), "one sentence, one line");
    return true;
  });
};

test("preview is the header and the first 25 rows verbatim; row count and columns", () => {
  const csv = readCsv(buildLogCsv());
  const lines = buildLogCsv().split("\n");
  assert.equal(csv.preview, lines.slice(0, 26).join("\n"));
  assert.equal(csv.preview.split("\n").length, 26);
  assert.equal(csv.rowCount, 215);
  assert.equal(csv.name, "data.csv");
  assert.equal(csv.bytes, Buffer.byteLength(buildLogCsv()));
});

test("quoted fields with commas, quotes and line breaks; CRLF; BOM", () => {
  const csv = readCsv('\uFEFFname,note\r\n"Smith, J","said ""hi""\r\nthen left"\r\nx,y\r\n');
  assert.deepEqual(csv.columns, ["name", "note"]);
  assert.equal(csv.rowCount, 2);
  assert.deepEqual(csv.rows[0], ["Smith, J", 'said "hi"\r\nthen left']);
  assert.ok(csv.preview.startsWith("name,note\n"));
});

test("reads { path } and names the file", () => {
  const p = file("builds.csv", buildLogCsv());
  const csv = readCsv({ path: p });
  assert.equal(csv.name, "builds.csv");
  assert.equal(csv.rowCount, 215);
});

test("no CSV at all", () => {
  fails(undefined, /graphite needs a CSV: pass csv: buildLogCsv\(\), CSV text, or \{ path: "data.csv" \}/);
  fails(null, /graphite needs a CSV/);
});

test("empty text, empty file, header only", () => {
  fails("", /The CSV is empty/);
  fails("  \n", /The CSV is empty/);
  fails({ path: file("empty.csv", "") }, /The CSV empty\.csv is empty \(0 bytes\)/);
  fails("a,b\n", /has a header but no data rows/);
});

test("malformed: ragged rows and an unclosed quote", () => {
  fails("a,b,c\n1,2,3\n4,5\n", /data row 2 has 2 fields but the header has 3; quote fields that contain commas/);
  fails('a,b\n1,"open\n2,3\n', /quoted field opened on line 2 is never closed/);
  fails("just one column\nvalue\n", /has a single column .*convert tabs or semicolons to commas/);
  fails("a\tb\n1\t2\n", /single column/);
});

test("non-UTF-8 bytes: says so and how to re-encode", () => {
  const latin1 = Buffer.from("name,city\nJos\xe9,M\xfcnchen\n", "latin1");
  fails({ path: file("latin1.csv", latin1) }, /is not UTF-8 \(invalid byte 0xe9 at offset 13\): re-encode it as UTF-8 first, e\.g\. iconv -f latin1 -t utf-8/);
  fails(latin1, /not UTF-8/);
  fails("name,city\nJos\uFFFD,x\n", /replacement characters.*re-encode the file as UTF-8/);
  fails(Buffer.from("\xff\xfea\x00,\x00b\x00", "latin1"), /not UTF-8|NUL bytes/);
});

test("huge: a file over the limit is refused by its size, before reading", () => {
  const p = path.join(tmp, "huge.csv");
  const fd = fs.openSync(p, "w");
  fs.ftruncateSync(fd, 100 * 1024 * 1024); // sparse: 100 MB on paper, no disk used
  fs.closeSync(fd);
  // Refused without reading 100 MB: the file is never read, whatever the machine's speed.
  const reads = mock.method(fs, "readFileSync");
  try {
    fails({ path: p }, /The CSV .*huge\.csv is 100\.0 MB, over the 50\.0 MB limit: sample or aggregate it first/);
    assert.equal(reads.mock.calls.filter((c) => String(c.arguments[0]) === p).length, 0, "refused without reading 100 MB");
  } finally {
    reads.mock.restore();
  }
  fails("a,b\n" + "x".repeat(CSV_MAX_BYTES), /over the 50\.0 MB limit/);
});

test("a file name passed as text, a missing file, a directory, a wrong type", () => {
  fails("data.csv", /looks like a file name \("data\.csv"\).*pass \{ path: "data\.csv" \}/);
  fails({ path: path.join(tmp, "nope.csv") }, /Cannot read the CSV file .*nope\.csv: it does not exist/);
  fails({ path: tmp }, /is not a regular file/);
  fails(42 as never, /must be CSV text, a Uint8Array, or \{ path/);
});

test("a very wide row is cut in the preview, and the cut is said", () => {
  const wide = "a,b\n" + "x".repeat(5000) + ",1\n2,3\n";
  const csv = readCsv(wide);
  const line = csv.preview.split("\n")[1]!;
  assert.equal(line, `${"x".repeat(1000)} … (4002 more characters)`);
  assert.equal(csv.rows[0]![0]!.length, 5000, "the data itself is untouched");
});
