// Our own small cases, modelled on the kinds of input pandas' own parser and to_datetime tests feed
// it, each expectation what pandas 3.0 gives for the same bytes (pd.read_csv as graphite tells the
// models to call it; pd.to_datetime(pd.Series(values)).dt.strftime("%Y-%m-%d") or the ValueError
// it raises). The measurement on pandas' own test inputs is in README ("What each call measures").
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { columnKind, parseNumber } from "../../../src/lib/graphite/csv-typing";
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

// Modelled on test_to_datetime.py's "2020-1-1 0" / "2012-01-01 10" (ISO-like hours) and
// "20051109 08H" (quarter and hour parsing) cases: pandas guesses a format from the first value
// only when its hour alone has two digits; later values held to %H may have one.
test("an hour alone after the date: two digits in the first value, as pandas needs to guess a format; an hour written 08H or 08h30", () => {
  const cases: Array<[string[], string[] | "raises" | "text"]> = [
    [
      ["2020-01-01 10", "2020-01-02 5"],
      ["2020-01-01", "2020-01-02"],
    ],
    // pd.to_datetime raises "Unknown datetime string format, unable to parse: 2020-01-01 5"
    [["2020-01-01 5", "2020-01-02 10"], "text"],
    [["2020-1-1 0", "2020-1-2 0"], "text"],
    [["Jan 5, 2024 5", "Jan 6, 2024 5"], "text"],
    [["20200101 0", "20200102 0"], "text"],
    // with AM/PM one digit is enough
    [
      ["1/1/2020 5 PM", "1/2/2020 6 PM"],
      ["2020-01-01", "2020-01-02"],
    ],
    [
      ["20200101 05", "20200102 06"],
      ["2020-01-01", "2020-01-02"],
    ],
    [
      ["2005-11-09 08H", "2005-11-10 09H"],
      ["2005-11-09", "2005-11-10"],
    ],
    [
      ["20051109 08H", "20051110 09H"],
      ["2005-11-09", "2005-11-10"],
    ],
    [
      ["2020-01-01 08h30", "2020-01-02 09h45"],
      ["2020-01-01", "2020-01-02"],
    ],
    // a zone after such an hour is a zone: one offset is read, two are "Mixed timezones detected"
    [
      ["2020-01-01 08H+01", "2020-01-02 09H+01"],
      ["2020-01-01", "2020-01-02"],
    ],
    [["2020-01-01 08H+01", "2020-01-02 09H+02"], "raises"],
    [["2020-01-01 10+01", "2020-01-02 11+02"], "raises"],
    [["20100102 121314+01", "20100103 121314+02"], "raises"],
  ];
  for (const [values, want] of cases) assert.deepEqual(read(values), want, values.join(" | "));
  assert.deepEqual(readCsv("t,v\n2020-01-01 5,1\n2020-01-02 10,2\n").kinds, ["text", "numeric"]);
  assert.deepEqual(readCsv("t,v\n2005-11-09 08H,1\n2005-11-10 09H,2\n").kinds, ["date", "numeric"]);
});

// Modelled on test_to_datetime.py's "20160305 00:0:00" (compact dates with a time).
test("a compact date's time may have one-digit minutes and seconds; three digits run together are no time", () => {
  assert.deepEqual(read(["20160305 00:0:00", "20160306 00:0:00"]), ["2016-03-05", "2016-03-06"]);
  assert.deepEqual(read(["20160305 0:0:0", "20160306 10:10:10"]), ["2016-03-05", "2016-03-06"]);
  assert.equal(read(["20200101 050", "20200102 050"]), "text");
});

// Modelled on test_to_datetime.py's ["20121231", "20141231", "NaT"]: read_csv keeps such a column
// as text ("NaT" is no missing marker to it), and pd.to_datetime reads %Y%m%d.
test("eight digits in a column read_csv keeps as text are days; without the text they stay numbers", () => {
  const csv = readCsv("d,v\n20121231,1\n20141231,2\nNaT,3\n");
  assert.deepEqual(csv.kinds, ["date", "numeric"]);
  assert.deepEqual(readCsv("d,v\n20121231,1\n20141231,2\n").kinds, ["numeric", "numeric"]);
  // no 13th month: pandas raises "month must be in 1..12"
  assert.deepEqual(readCsv("d,v\n20121331,1\nNaT,2\n").kinds, ["text", "numeric"]);
  // another shape beside them: "time data "2015" doesn't match format "%Y%m%d""
  assert.deepEqual(readCsv("d,v\n20121231,1\n2015,2\nNaT,3\n").kinds, ["text", "numeric"]);
  const f = guessDateFormat("20121231", { digitsAlone: true })!;
  assert.deepEqual(["20121231", "20141231"].map(f.parse), ["2012-12-31", "2014-12-31"]);
});

// Modelled on seaborn's car_crashes.csv and fmri.csv (17-digit floats written by to_csv), where 199
// of graphite's numbers differed from pandas' by a unit in the last place: pandas' C parser
// gathers only the first 17 digits (leading zeros after the point count) and scales by a power
// of ten, which is not always the nearest double. Each number below is what
// pd.read_csv gives for this text (float64 column x, int64 column n).
test("numbers are the very doubles pandas' C parser computes, not the nearest ones", () => {
  const csv = readCsv(
    "x,n\n2.0060000000000002,4321113141090630389\n-0.04613439017519999,1\n0.0000000000000000000000001234,2\n1e309,3\n0e400,4\n0.001e310,5\n12.5,6\n",
  );
  assert.deepEqual(csv.kinds, ["numeric", "numeric"]);
  const x = csv.rows.map((r) => parseNumber(r[0]!));
  assert.deepEqual(x, [2.006, -0.0461343901751999, 0, Infinity, 0, 1e307, 12.5]);
  // the nearest doubles, which pandas does not give here
  assert.notEqual(Number("2.0060000000000002"), 2.006);
  assert.notEqual(Number("-0.04613439017519999"), -0.0461343901751999);
  // an int64 column holds the whole number, which a chart draws as its nearest double
  assert.equal(parseNumber(csv.rows[0]![1]!), 4.32111314109063e18);
  // a decimal comma, the same arithmetic
  assert.equal(parseNumber("2,0060000000000002", ","), 2.006);
});
