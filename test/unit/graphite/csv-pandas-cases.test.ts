// Our own small cases, modelled on the kinds of input pandas' own parser and to_datetime tests feed
// it, each expectation what pandas 3.0 gives for the same bytes (pd.read_csv as graphite tells the
// models to call it; pd.to_datetime(pd.Series(values)).dt.strftime("%Y-%m-%d") or the ValueError
// it raises). The measurement on pandas' own test inputs is in README ("What each call measures").
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { columnKind } from "../../../src/lib/graphite/csv-typing";
import { guessDateFormat } from "../../../src/lib/graphite/date-format";

const read = (values: string[]) => {
  const f = guessDateFormat(values[0]!);
  if (!f) return "text";
  const days = values.map((v) => f.parse(v));
  return days.some((d) => d === null) ? "raises" : days;
};

test("data rows all shorter than the header are padded with NaN, as pandas pads them", () => {
  const csv = readCsv("city,temp,rain,wind\nOslo,3\nRome,18\n");
  assert.deepEqual(csv.columns, ["city", "temp", "rain", "wind"]);
  assert.deepEqual(csv.rows, [
    ["Oslo", "3", "", ""],
    ["Rome", "18", "", ""],
  ]);
  assert.deepEqual(csv.kinds, ["text", "numeric", "empty", "empty"]);
  assert.match(csv.warnings.join(" "), /2 data rows have fewer fields than the header \(rows 1, 2\): pandas fills the missing fields with NaN/);
  // one field in the only data row, as in 'a,b\nc\n'
  assert.deepEqual(readCsv("name,score\nAda\n").rows, [["Ada", ""]]);
});

test("a short row before a full one is read, not refused: 'a,b,c\\n1,2\\n3,4,5'", () => {
  const csv = readCsv("a,b,c\n1,2\n3,4,5\n");
  assert.deepEqual(csv.rows, [
    ["1", "2", ""],
    ["3", "4", "5"],
  ]);
  assert.deepEqual(csv.kinds, ["numeric", "numeric", "numeric"]);
  assert.equal(csv.readCall, 'pd.read_csv("data.csv")');
});

test("a line of spaces is skipped with a tab delimiter too (pandas skips lines with no delimiter and only blanks)", () => {
  const csv = readCsv("a\tb\n1\tx\n2\ty\n    \n");
  assert.equal(csv.sep, "\t");
  assert.equal(csv.rowCount, 2);
});

test("whole numbers past int64: uint64 up to 2^64 - 1 without a gap or a negative, else the text pandas keeps", () => {
  assert.equal(columnKind(["18446744073709551615", "1"]), "numeric"); // uint64
  assert.equal(columnKind(["-9223372036854775808", "1"]), "numeric"); // int64's least
  assert.equal(columnKind(["18446744073709551616", "1"]), "text"); // past uint64: object
  assert.equal(columnKind(["9223372036854775808", "-1"]), "text"); // uint64 has no negatives
  assert.equal(columnKind(["9223372036854775808", ""]), "text"); // nor gaps
  assert.equal(columnKind(["9223372036854775808", "1.5"]), "numeric"); // float64
  assert.equal(columnKind(["1.5", "18446744073709551616"]), "numeric"); // a float first: float64
  assert.equal(columnKind(["99999999999999999999", "1.5"]), "text"); // overflow first: object
});

test("dates pandas reads that graphite now reads the same: quarters, compact, month names, two-digit years, AM/PM, zones", () => {
  const cases: Array<[string[], string[] | "raises"]> = [
    [
      ["4Q1984", "1Q1985"],
      ["1984-10-01", "1985-01-01"],
    ],
    [
      ["2013-Q2", "2013-Q3"],
      ["2013-04-01", "2013-07-01"],
    ],
    [
      ["2Q05", "3Q05"],
      ["2005-04-01", "2005-07-01"],
    ],
    [
      ["20130101 00:00:00", "20130102 06:30:00"],
      ["2013-01-01", "2013-01-02"],
    ],
    [
      ["20100102 121314", "20100103 000000"],
      ["2010-01-02", "2010-01-03"],
    ],
    [
      ["Jan/01/2011", "Feb/01/2011"],
      ["2011-01-01", "2011-02-01"],
    ],
    [
      ["30/Dec/2011", "31/Dec/2011"],
      ["2011-12-30", "2011-12-31"],
    ],
    [
      ["19MAY11", "20MAY11"],
      ["2011-05-19", "2011-05-20"],
    ],
    [
      ["Thu Sep 25 2003", "Fri Sep 26 2003"],
      ["2003-09-25", "2003-09-26"],
    ],
    [
      ["Mon Sep 16, 2013", "Tue Sep 17, 2013"],
      ["2013-09-16", "2013-09-17"],
    ],
    [
      ["Thu Sep 25 10:36:28 2003", "Fri Sep 26 10:36:28 2003"],
      ["2003-09-25", "2003-09-26"],
    ],
    [
      ["2012 July 26", "2012 July 27"],
      ["2012-07-26", "2012-07-27"],
    ],
    [
      ["1/5/24", "12/31/24"],
      ["2024-01-05", "2024-12-31"],
    ],
    [
      ["20/12/21", "21/12/21"],
      ["2021-12-20", "2021-12-21"],
    ],
    [
      ["01/10/2010 08:14 PM", "01/11/2010 07:40 AM"],
      ["2010-01-10", "2010-01-11"],
    ],
    [
      ["2023-10-30 15:06+01", "2023-10-31 15:06+01"],
      ["2023-10-30", "2023-10-31"],
    ],
    [
      ["2010-01-01 12:00:00 UTC", "2010-01-02 12:00:00 UTC"],
      ["2010-01-01", "2010-01-02"],
    ],
    [
      ["2010-01-01 12:00:00 +0100", "2010-01-02 12:00:00 +0100"],
      ["2010-01-01", "2010-01-02"],
    ],
    [
      ["11-2005", "12-2005"],
      ["2005-11-01", "2005-12-01"],
    ],
    [
      ["2014-6", "2014-7"],
      ["2014-06-01", "2014-07-01"],
    ],
    [
      ["2020-01-01 10", "2020-01-02 11"],
      ["2020-01-01", "2020-01-02"],
    ],
    // what pandas refuses: a zone written another way, mixed offsets, a zone beside none
    [["2020-01-01 00:00:00Z", "2020-01-02 00:00:00 Z"], "raises"],
    [["2023-10-15T10:30:00+08:00", "2023-10-15T12:30:00-05:00"], "raises"],
    [["2000-01-01 01:00:00", "2000-01-01 02:00:00+00:00"], "raises"],
  ];
  for (const [values, want] of cases) assert.deepEqual(read(values), want, values.join(" | "));
});

test("a column of such dates is a date column of the CSV, and one with mixed offsets is text", () => {
  assert.deepEqual(readCsv("q,v\n2024-01-05,1\nsoon,2\n").kinds, ["text", "numeric"]);
  assert.deepEqual(readCsv("q,v\n4Q1984,1\n1Q1985,2\n2Q1985,3\n").kinds, ["date", "numeric"]);
  assert.deepEqual(readCsv("t,v\n2024-01-05 10:00+01:00,1\n2024-01-06 10:00+02:00,2\n").kinds, ["text", "numeric"]);
  assert.deepEqual(readCsv("t,v\n2024-01-05 10:00+01:00,1\n2024-01-06 10:00+01:00,2\n").kinds, ["date", "numeric"]);
});

test('"NaT" in a date column is a gap, as pd.to_datetime reads it (pandas\' nat_strings); elsewhere it is text', () => {
  // pd.to_datetime(pd.read_csv(...).d): 2020-01-01, NaT, 2020-01-03; the format is guessed from
  // the first value that is not NaT
  assert.deepEqual(readCsv("d,v\n2020-01-01,1\nNaT,2\n2020-01-03,3\n").kinds, ["date", "numeric"]);
  assert.deepEqual(readCsv("d,v\nNaT,1\n01/02/2020,2\nnat,3\nNAT,4\n").kinds, ["date", "numeric"]);
  // a column of nothing but NaT: to_datetime gives datetime64 of NaT
  assert.deepEqual(columnKind(["NaT", "NaT"]), "date");
  // beside a value the format does not read, to_datetime raises: text
  assert.deepEqual(readCsv("d,v\n2020-01-01,1\nNaT,2\nsoon,3\n").kinds, ["text", "numeric"]);
  // read_csv leaves "NaT" as text in a number column (object dtype), and in a True/False one
  assert.deepEqual(readCsv("x,v\n1,1\nNaT,2\n").kinds, ["text", "numeric"]);
  assert.deepEqual(readCsv("x,v\nTrue,1\nNaT,2\n").kinds, ["text", "numeric"]);
});
