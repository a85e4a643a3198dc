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
  assert.throws(
    () => readCsv(input),
    (e: unknown) => {
      assert.ok(e instanceof CsvError, String(e));
      assert.match(e.message, pattern);
      assert.ok(!e.message.includes("\n"), "one sentence, one line");
      return true;
    },
  );
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

test("malformed: a long row is refused as pandas refuses it; an unclosed quote; one column", () => {
  fails(
    "a,b,c\n1,2,3\n4,5,6,7\n",
    /cannot be read as pandas reads it \(pd\.read_csv stops with "Error tokenizing data\. C error: Expected 3 fields in line 3, saw 4"\): that row has more fields than the header, so quote the field that contains a comma or fix the row\.$/,
  );
  // pandas counts blank lines but not line breaks inside quotes
  fails('a,b,c\n"x\ny",2,3\n\n4,5,6,7\n', /Expected 3 fields in line 4, saw 4/);
  fails('a,b\n1,"open\n2,3\n', /quoted field opened on line 2 is never closed/);
  fails(
    "just one column\nvalue\n",
    /has a single column in its first line \("just one column"\): graphite needs at least two columns separated by commas, semicolons, tabs or pipes\.$/,
  );
  fails(
    "# exported by a tool\n# on Monday\na,b\n1,2\n3,4\n",
    /single column in its first line \("# exported by a tool"\), and pd\.read_csv stops with "Error tokenizing data\. C error: Expected 1 fields in line 3, saw 2": it starts with "#" comment lines, which pandas does not skip unless told \(comment="#"\), so remove them/,
  );
});

test("a short row is filled with missing values and counted in a warning, as pandas does", () => {
  const csv = readCsv("a,b,c\n1,2,3\n4,5\n6\n");
  assert.equal(csv.rowCount, 3);
  assert.deepEqual(csv.rows[1], ["4", "5", ""]);
  assert.deepEqual(csv.rows[2], ["6", "", ""]);
  assert.deepEqual(csv.kinds, ["numeric", "numeric", "numeric"]);
  assert.deepEqual(csv.warnings, ["2 data rows have fewer fields than the header (rows 2, 3): pandas fills the missing fields with NaN, and so did graphite."]);
});

test("non-UTF-8 bytes: read as Latin-1, said in a warning, and the sandbox gets UTF-8", () => {
  const latin1 = Buffer.from("name,city\r\nJos\xe9,M\xfcnchen\r\n", "latin1");
  const csv = readCsv({ path: file("latin1.csv", latin1) });
  assert.deepEqual(csv.rows, [["Jos\u00e9", "M\u00fcnchen"]]);
  assert.equal(csv.encoding, "latin-1");
  assert.equal(csv.readCall, 'pd.read_csv("data.csv")');
  assert.match(
    csv.warnings[0]!,
    /^latin1\.csv is not UTF-8 \(byte 0xe9 at offset 14\), so pandas' default read_csv would stop with a UnicodeDecodeError; graphite read it as Latin-1 .* gives the models a UTF-8 copy as data\.csv\.$/,
  );
  assert.equal(Buffer.from(csv.text, "utf8").includes(Buffer.from("Jos\u00e9", "utf8")), true);
  // Excel's Western-European export: € (0x80) and curly quotes (0x93, 0x94) are Windows-1252
  const excel = readCsv(
    Buffer.concat([
      Buffer.from("item;price\r\n", "latin1"),
      Buffer.from([0x93, 0x54, 0x65, 0x61, 0x94]),
      Buffer.from(";3,50 ", "latin1"),
      Buffer.from([0x80]),
      Buffer.from("\r\nx;2\r\n", "latin1"),
    ]),
  );
  assert.equal(excel.encoding, "windows-1252");
  assert.deepEqual(excel.rows[0], ["\u201cTea\u201d", "3,50 \u20ac"]);
  assert.match(excel.warnings[0]!, /graphite read it as Windows-1252 \(as pd\.read_csv\(\.\.\., encoding="cp1252"\) does\)/);
  fails("name,city\nJos\uFFFD,x\n", /replacement characters.*re-encode the file as UTF-8/);
  fails(Buffer.from("\xff\xfea\x00,\x00b\x00", "latin1"), /NUL bytes/);
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
