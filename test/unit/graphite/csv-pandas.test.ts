// The CSV is read as pandas.read_csv reads it: names, row count, typing with missing markers,
// delimiters and decimal commas, line ends, BOM, quoted line breaks. Expected values are what
// pandas 3 gives for the same bytes (test/fixtures/csv/README.md says how they were checked).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { readCsv } from "../../../src/lib/graphite/csv";
import { columnKind, pandasNames, parseNumber, PANDAS_NA_VALUES } from "../../../src/lib/graphite/csv-typing";

const fixture = (name: string) => readCsv({ path: path.join(import.meta.dirname, "../../fixtures/csv", name) });

test("pandas' default missing markers make a numeric column with gaps, not text (the set itself is compared with pandas' in the oracle group)", () => {
  const markers = [...PANDAS_NA_VALUES];
  for (const m of markers) assert.equal(columnKind(["1.5", m, "3"]), "numeric", JSON.stringify(m));
  // matched exactly, as pandas does: these are text
  for (const t of ["na", "Null", " NA", "none", "-"]) assert.equal(columnKind(["1", t]), "text", JSON.stringify(t));
  assert.equal(columnKind(["", "NA"]), "empty");
});

test("numbers as pandas' C parser reads them, with a decimal point or comma", () => {
  assert.equal(parseNumber(" 1 "), 1);
  assert.equal(parseNumber("+1e3"), 1000);
  assert.equal(parseNumber(".5"), 0.5);
  assert.equal(parseNumber("5."), 5);
  assert.equal(parseNumber("-Infinity"), -Infinity);
  assert.equal(parseNumber("inf"), Infinity);
  assert.ok(Number.isNaN(parseNumber("NA")!));
  for (const t of ["0x10", "1_000", "1,5", "1.2.3", "e5", "12 3"]) assert.equal(parseNumber(t), null, t);
  assert.equal(parseNumber("1,5", ","), 1.5);
  assert.equal(parseNumber("1.5", ","), null);
});

test("bool, date and text kinds: a gap turns a bool column into text, as in pandas", () => {
  assert.equal(columnKind(["True", "False", "TRUE"]), "bool");
  assert.equal(columnKind(["True", ""]), "text");
  assert.equal(columnKind(["2024-01-02", "", "2024-01-03 10:00:00"]), "date");
  assert.equal(columnKind(["2024-01-02", "soon"]), "text");
});

test("column names as pandas gives them: Unnamed: i, duplicates mangled around taken names, not trimmed", () => {
  assert.deepEqual(pandasNames(["v", "v", "v"]), ["v", "v.1", "v.2"]);
  // pandas 3 on "a,,a,a.1,a": a.1 is taken by the header, so the second a becomes a.2
  assert.deepEqual(pandasNames(["a", "", "a", "a.1", "a"]), ["a", "Unnamed: 1", "a.2", "a.1", "a.3"]);
  assert.deepEqual(pandasNames(["", "x", ""]), ["Unnamed: 0", "x", "Unnamed: 2"]);
  assert.deepEqual(pandasNames([" age", "name "]), [" age", "name "]);
});

test("gaps, duplicate names and an unnamed index-like first column (fixture gaps.csv)", () => {
  const csv = fixture("gaps.csv");
  assert.deepEqual(csv.columns, ["Unnamed: 0", "species", "mass", "mass.1", " age"]);
  assert.equal(csv.rowCount, 6);
  assert.deepEqual(csv.kinds, ["numeric", "text", "numeric", "numeric", "numeric"]);
  assert.equal(csv.readCall, 'pd.read_csv("data.csv")');
  assert.deepEqual(csv.warnings, []);
});

test("semicolons with decimal commas: sniffed, and the prompt's call passes sep and decimal (fixture semicolon-decimal.csv)", () => {
  const csv = fixture("semicolon-decimal.csv");
  assert.equal(csv.sep, ";");
  assert.equal(csv.decimal, ",");
  assert.equal(csv.readCall, 'pd.read_csv("data.csv", sep=";", decimal=",")');
  assert.deepEqual(csv.columns, ["Datum", "Ort", "Temperatur", "Regen"]);
  assert.deepEqual(csv.kinds, ["date", "text", "numeric", "numeric"]);
  assert.equal(parseNumber(csv.rows[0]![2]!, csv.decimal), 12.5);
});

test("tab and pipe delimiters are sniffed; commas inside fields do not fool the sniffer", () => {
  const tab = readCsv("city\tnote\tn\nBerlin\tbig, old\t1\nParis\tx\t2\n");
  assert.equal(tab.readCall, 'pd.read_csv("data.csv", sep="\\t")');
  assert.deepEqual(tab.rows[0], ["Berlin", "big, old", "1"]);
  const pipe = fixture("pipe.csv");
  assert.equal(pipe.sep, "|");
  assert.deepEqual(pipe.columns, ["id", "label", "score"]);
  assert.deepEqual(pipe.kinds, ["numeric", "text", "numeric"]);
  const comma = readCsv('a,b\n"x;y",1\n"p;q",2\n');
  assert.equal(comma.sep, ",");
  assert.equal(comma.decimal, ".");
});

test("BOM, CR-only (old Mac) and CRLF line ends, quoted line breaks, blank lines skipped", () => {
  const cr = fixture("mac-cr.csv");
  assert.deepEqual(cr.columns, ["Unnamed: 0", "id", "pulse"]);
  assert.equal(cr.rowCount, 4);
  assert.deepEqual(cr.kinds, ["numeric", "numeric", "numeric"]);
  const bom = fixture("bom-crlf.csv");
  assert.deepEqual(bom.columns, ["name", "note", "n"]);
  assert.equal(bom.rowCount, 3, "a quoted line break does not make a row; the blank line is skipped");
  assert.equal(bom.rows[0]![1], "two\r\nlines");
  assert.ok(bom.preview.startsWith("name,note,n\n"));
});

test("a first data row one field longer than the header makes an index, as pandas does", () => {
  const csv = readCsv("a,b\nx,1,2\ny,3,4\n");
  assert.deepEqual(csv.columns, ["a", "b"]);
  assert.deepEqual(csv.index, ["x", "y"]);
  assert.deepEqual(csv.rows, [
    ["1", "2"],
    ["3", "4"],
  ]);
  assert.match(csv.warnings[0]!, /pandas uses the first field of each row as the index/);
});

test("fixtures carry what they claim (bytes written by us, not copied)", () => {
  const dir = path.join(import.meta.dirname, "../../fixtures/csv");
  assert.ok(
    fs
      .readFileSync(path.join(dir, "bom-crlf.csv"))
      .subarray(0, 3)
      .equals(Buffer.from([0xef, 0xbb, 0xbf])),
  );
  assert.ok(!fs.readFileSync(path.join(dir, "mac-cr.csv"), "latin1").includes("\n"));
});

test("spaces after commas and thousands separators stay as pandas leaves them by default", () => {
  // pandas: columns ["a", " b", " c"]; a and b int/float (the C parser skips the spaces), c text " x"
  const spaced = readCsv("a, b, c\n1, 2, x\n3, 4.5, y\n");
  assert.deepEqual(spaced.columns, ["a", " b", " c"]);
  assert.deepEqual(spaced.kinds, ["numeric", "numeric", "text"]);
  assert.equal(spaced.rows[0]![2], " x");
  // without thousands="," pandas reads "1,234" as text, and so does graphite
  assert.deepEqual(readCsv('n,m\n"1,234",1\n"5,678",2\n').kinds, ["text", "numeric"]);
});
