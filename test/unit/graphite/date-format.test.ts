// Dates as pd.to_datetime reads text: the format guessed from the first value, every other value
// held to it. Each expectation below is what pandas 3.0 gave for the same two values
// (pd.to_datetime(pd.Series([...])).dt.strftime("%Y-%m-%d"), or the ValueError it raised), but for
// ISO 8601, which is read as pd.to_datetime(format="ISO8601") reads it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { guessDateFormat } from "../../../src/lib/graphite/date-format";
import { columnKind } from "../../../src/lib/graphite/csv-typing";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, series } from "./make";

const read = (values: string[]) => {
  const f = guessDateFormat(values[0]!);
  if (!f) return "text";
  const days = values.map((v) => f.parse(v));
  return days.some((d) => d === null) ? "raises" : days;
};

test("the formats pandas guesses, month first unless the first value's first number cannot be a month", () => {
  const cases: Array<[string[], string[] | "raises" | "text"]> = [
    [
      ["2024/01/05", "2024/12/31"],
      ["2024-01-05", "2024-12-31"],
    ],
    [["2024.01.05", "2024-12-31"], "raises"],
    [
      ["2024-1-5", "2024-12-31"],
      ["2024-01-05", "2024-12-31"],
    ],
    [
      ["2024-01-05T10:00:00Z", "2024-01-06T23:59:00Z"],
      ["2024-01-05", "2024-01-06"],
    ],
    // ISO 8601 is read as format="ISO8601" reads it (forms may mix); plain pd.to_datetime raises here
    [
      ["2024-01-05T10:00:00Z", "2024-01-06 23:59+00:00"],
      ["2024-01-05", "2024-01-06"],
    ],
    // ...but not zones: format="ISO8601" raises "Mixed timezones detected" on a zone beside none or another offset
    [["2024-01-05T10:00:00Z", "2024-01-06 23:59"], "raises"],
    [["2024-01-05 10:00+01:00", "2024-01-06 23:59+02:00"], "raises"],
    [
      ["2024-01", "2024-02"],
      ["2024-01-01", "2024-02-01"],
    ],
    [
      ["01/05/2024", "12/31/2024"],
      ["2024-01-05", "2024-12-31"],
    ],
    [
      ["1/5/2024 13:45", "12/31/2024 08:00"],
      ["2024-01-05", "2024-12-31"],
    ],
    [
      ["25/01/2024", "12/01/2024"],
      ["2024-01-25", "2024-01-12"],
    ],
    [["05/01/2024", "25/01/2024"], "raises"],
    [
      ["05.01.2024", "11.01.2024"],
      ["2024-05-01", "2024-11-01"],
    ],
    [
      ["01-05-2024", "12-31-2024"],
      ["2024-01-05", "2024-12-31"],
    ],
    [
      ["Jan 5, 2024", "Dec 31, 2024"],
      ["2024-01-05", "2024-12-31"],
    ],
    [
      ["January 5, 2024", "March 3, 2023"],
      ["2024-01-05", "2023-03-03"],
    ],
    [
      ["5 Jan 2024", "31 Dec 2024"],
      ["2024-01-05", "2024-12-31"],
    ],
    [["5 Jan 2024", "31-Dec-2024"], "raises"],
    [
      ["5 January 2024", "3 March 2024"],
      ["2024-01-05", "2024-03-03"],
    ],
    [
      ["Jan 2024", "Feb 2024"],
      ["2024-01-01", "2024-02-01"],
    ],
    [["2024-02-30", "2024-03-01"], "raises"],
    [["Q1 2024", "Q2 2024"], "text"],
  ];
  for (const [values, want] of cases) assert.deepEqual(read(values), want, values.join(" | "));
});

test("a column is a date only when every value parses with the first one's format; year-less names stay text", () => {
  assert.equal(columnKind(["01/05/2024", "12/31/2024", "", "02/29/2024"]), "date");
  assert.equal(columnKind(["05/01/2024", "25/01/2024"]), "text");
  assert.equal(columnKind(["Jan", "Feb", "Mar"]), "text");
  assert.equal(columnKind(["20240105", "20241231"]), "numeric");
});

test("a US-dated CSV: plotted against pd.to_datetime's dates (matplotlib day numbers) or the date text, by day", () => {
  const days = ["01/29/2024", "01/30/2024", "01/31/2024", "02/01/2024", "02/02/2024"];
  const t = readCsv(`date,sales\n${days.map((d, i) => `${d},${10 + i * i}`).join("\n")}\n`);
  assert.deepEqual(t.kinds, ["date", "numeric"]);
  const epochDays = [19751, 19752, 19753, 19754, 19755]; // 2024-01-29 ... 2024-02-02
  const sales = [10, 11, 14, 19, 26];
  const f = checkFaithfulness(t, [figure([series({ x: epochDays.slice(1), y: sales.slice(1) })])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.equal(f.checks.find((c) => c.check.startsWith("values of"))!.detail, "match column sales by x value");
  assert.equal(f.checks.find((c) => c.check === "x range")!.detail, "plotted dates 2024-01-30 to 2024-02-02; the data spans 2024-01-29 to 2024-02-02");
  const asText = checkFaithfulness(t, [figure([series({ kind: "bar", x: [...days].reverse(), y: [...sales].reverse() })])]);
  assert.equal(asText.verdict, "faithful", JSON.stringify(asText.checks));
  // monthly sums labelled by the month's end (resample("ME")): 10 + 11 + 14, 19 + 26
  const monthly = checkFaithfulness(t, [figure([series({ kind: "bar", x: ["2024-01-31", "2024-02-29"], y: [35, 45] })])]);
  assert.equal(monthly.checks.find((c) => c.check.startsWith("values of"))!.detail, "match monthly sum of sales (labelled by its last day) by x value");
  // bars labelled m.index.strftime("%b %Y"): the labels' own format names each month's first day
  const named = checkFaithfulness(t, [figure([series({ kind: "bar", x: ["Jan 2024", "Feb 2024"], y: [35, 45] })])]);
  assert.equal(named.checks.find((c) => c.check.startsWith("values of"))!.detail, "match monthly sum of sales (labelled by its first day) by x value");
});
