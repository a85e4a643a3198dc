// Faithfulness on constructed measurements: what a chart really plotted, checked against the CSV.
import { test } from "node:test";
import assert from "node:assert/strict";
import { buildLogCsv, buildLogRows, CACHE_CUTOVER, STACKS } from "../../../src/lib/graphite/buildlog";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness, faithfulnessLine } from "../../../src/lib/graphite/faithfulness";
import { figure, mean, rolling, series } from "./make";

const csv = readCsv(buildLogCsv());
const rows = buildLogRows();
const days = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const check = (name: string, f: ReturnType<typeof checkFaithfulness>) => {
  const c = f.checks.find((x) => x.check.startsWith(name));
  assert.ok(c, `no check named ${name}: ${JSON.stringify(f.checks)}`);
  return c;
};

test("a 7-row rolling mean per stack against ISO dates, with the cut-over marker: faithful, marker unchecked", () => {
  const lines = STACKS.map((s) => {
    const g = rows.filter((r) => r.stack === s);
    const r7 = rolling(
      g.map((r) => r.build_seconds),
      7,
    );
    return series({ label: s, x: g.map((r) => r.date).slice(6), y: r7.slice(6) });
  });
  const marker = series({ label: "_child5", x: [CACHE_CUTOVER, CACHE_CUTOVER], y: [0, 1] });
  const f = checkFaithfulness(csv, [figure([...lines, marker])]);
  assert.equal(f.verdict, "faithful");
  assert.equal(check('values of line "Swift"', f).detail, 'match 7-row rolling mean of column build_seconds where stack == "Swift" by x value');
  assert.equal(check('values of line "Swift"', f).status, "pass");
  const m = check("values of line #6", f);
  assert.equal(m.status, "unchecked");
  assert.equal(m.detail, "vertical marker at x = 2025-01-15: a reference line, not data");
  assert.equal(check("x range", f).status, "pass");
});

test("a rolling mean over the whole log, x as matplotlib date numbers, shown in minutes", () => {
  const r10 = rolling(
    rows.map((r) => r.build_seconds),
    10,
  );
  const s = series({ label: "all stacks", x: rows.map((r) => days(r.date)).slice(9), y: r10.slice(9).map((v) => v / 60) });
  const f = checkFaithfulness(csv, [figure([s])]);
  assert.equal(f.verdict, "faithful");
  assert.equal(check("values of", f).detail, "match 10-row rolling mean of column build_seconds ÷ 60 by x value");
  assert.equal(check("x range", f).detail, "plotted dates 2024-09-13 to 2025-06-27; the data spans 2024-09-02 to 2025-06-27");
});

test("a calendar-day rolling mean over an irregular subset (Swift days) is recognised as such", () => {
  const g = rows.filter((r) => r.stack === "Swift");
  const d = g.map((r) => days(r.date));
  const v = g.map((r) => r.build_seconds);
  const y = v.map((_, i) => mean(v.filter((_, j) => d[j]! > d[i]! - 10 && j <= i)));
  const f = checkFaithfulness(csv, [figure([series({ label: "Swift", x: g.map((r) => r.date), y })])]);
  assert.equal(check("values of", f).detail, 'match 10-day rolling mean of column build_seconds where stack == "Swift" by x value');
});

test("the raw column plotted as 215 bars at positions 0..214 matches the column in order", () => {
  const s = series({ kind: "bar", x: rows.map((_, i) => i), y: rows.map((r) => r.build_seconds) });
  const f = checkFaithfulness(csv, [figure([s])]);
  assert.equal(f.verdict, "faithful");
  assert.equal(check("values of bar #1", f).detail, "match column build_seconds in order");
  assert.equal(check("x range", f).status, "unchecked");
});

test("groupby aggregates by category: mean per stack (complete), median per weekday, count per stack", () => {
  const by = (k: "stack" | "weekday", agg: (v: number[]) => number) => {
    const keys = [...new Set(rows.map((r) => r[k]))].sort();
    return { keys, vals: keys.map((key) => agg(rows.filter((r) => r[k] === key).map((r) => r.build_seconds))) };
  };
  const m = by("stack", mean);
  const f = checkFaithfulness(csv, [figure([series({ kind: "bar", x: m.keys, y: m.vals })])]);
  assert.equal(f.verdict, "faithful");
  assert.equal(check("values of", f).detail, "match mean of build_seconds by stack by x value");
  assert.equal(check("categories complete", f).detail, "bar #1 (5 points): all 5 stack values");
  const median = (v: number[]) => {
    const s = [...v].sort((a, b) => a - b);
    return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  const w = by("weekday", median);
  assert.equal(
    check("values of", checkFaithfulness(csv, [figure([series({ kind: "bar", x: w.keys, y: w.vals })])])).detail,
    "match median of build_seconds by weekday by x value",
  );
  const c = by("stack", (v) => v.length);
  assert.equal(
    check("values of", checkFaithfulness(csv, [figure([series({ kind: "bar", x: c.keys, y: c.vals })])])).detail,
    "match count of rows by stack by x value",
  );
});

test("bars at positions in another order match as a set, labelled as such", () => {
  const keys = [...STACKS];
  const y = keys.map((k) => mean(rows.filter((r) => r.stack === k).map((r) => r.build_seconds))).sort((a, b) => b - a);
  const f = checkFaithfulness(csv, [figure([series({ kind: "bar", x: [0, 1, 2, 3, 4], y })])]);
  assert.equal(check("values of", f).detail, "match mean of build_seconds by stack as a set (order not checked)");
});

test("categories incomplete: 3 of 5 stacks shown is not confirmed and not a failure (a deliberate subset or a category dropped)", () => {
  const keys = ["Go", "Kotlin", "Python"];
  const y = keys.map((k) => mean(rows.filter((r) => r.stack === k).map((r) => r.build_seconds)));
  const f = checkFaithfulness(csv, [figure([series({ kind: "bar", x: keys, y })])]);
  // .query("stack in [...]") and a dropped category draw the same bars: never "faithful", never "unfaithful"
  assert.equal(f.verdict, "unchecked");
  assert.equal(check("values of", f).status, "pass");
  const c = check("categories complete", f);
  assert.equal(c.status, "unchecked");
  assert.equal(
    c.detail,
    'bar #1 (3 points) shows 3 of 5 stack values (missing Swift, TypeScript): a deliberate subset (a filter, .loc, a query) or a category dropped, which the data alone cannot tell apart, so not "faithful"',
  );
});

test("a wrong-values chart (7% off) is unfaithful and the line says what was tried", () => {
  const g = rows.filter((r) => r.stack === "Swift");
  const y = rolling(
    g.map((r) => r.build_seconds),
    7,
  )
    .slice(6)
    .map((v) => v * 1.07);
  const f = checkFaithfulness(csv, [figure([series({ label: "Swift", x: g.map((r) => r.date).slice(6), y })])]);
  assert.equal(f.verdict, "unfaithful");
  const c = check('values of line "Swift"', f);
  assert.equal(c.status, "fail");
  assert.equal(
    c.detail,
    'every value is 1.07 × 7-row rolling mean of column build_seconds where stack == "Swift" (by x value): no change of unit or normalisation of the data gives that factor',
  );
  assert.match(faithfulnessLine(f), /^unfaithful \(1 passed, 1 failed, 1 unchecked; failed: values of line "Swift"/);
});

test("invented dates outside the data fail the x-range check", () => {
  const f = checkFaithfulness(csv, [figure([series({ x: ["2026-01-01", "2026-02-01", "2026-03-01"], y: [1, 2, 3] })])]);
  const c = check("x range", f);
  assert.equal(c.status, "fail");
  assert.equal(c.detail, "plotted dates 2026-01-01 to 2026-03-01; the data spans 2024-09-02 to 2025-06-27");
  assert.equal(f.verdict, "unfaithful");
});

test("one good series and one tampered one (every tenth value 25% up): unfaithful, the good one still confirmed, and the failure names the points", () => {
  const good = series({ label: "raw", x: rows.map((r) => r.date), y: rows.map((r) => r.build_seconds) });
  const go = rows.filter((r) => r.stack === "Go");
  const bad = series({ label: "Go", x: go.map((r) => r.date), y: go.map((r, i) => (i % 10 === 3 ? r.build_seconds * 1.25 : r.build_seconds)) });
  const f = checkFaithfulness(csv, [figure([good, bad])]);
  assert.equal(f.verdict, "unfaithful");
  assert.equal(check('values of line "raw"', f).status, "pass");
  assert.equal(check('values of line "raw"', f).detail, "match column build_seconds by x value");
  const c = check('values of line "Go"', f);
  assert.equal(c.status, "fail");
  const tampered = go.filter((_, i) => i % 10 === 3).length;
  assert.match(
    c.detail,
    new RegExp(
      `^${go.length - tampered} of ${go.length} points match column build_seconds where stack == "Go" by x value, ${tampered} do not \\(${go[3]!.date}: plotted `,
    ),
  );
});

test("a series no reading explains and nothing shows wrong (pct_change) is unchecked, never a fail, and so is the chart", () => {
  const go = rows.filter((r) => r.stack === "Go");
  const pct = go.slice(1).map((r, i) => r.build_seconds / go[i]!.build_seconds - 1);
  const good = series({ label: "raw", x: rows.map((r) => r.date), y: rows.map((r) => r.build_seconds) });
  const change = series({ label: "Go change", x: go.slice(1).map((r) => r.date), y: pct });
  const f = checkFaithfulness(csv, [figure([good, change])]);
  const c = check('values of line "Go change"', f);
  assert.equal(c.status, "unchecked");
  assert.match(c.detail, /^no reading the check knows gives these values .*\(pct_change, ewm, another smoothing\) looks the same, so not checked$/);
  assert.equal(f.verdict, "unchecked");
  assert.match(faithfulnessLine(f), /^unchecked \(2 passed, 0 failed, 2 unchecked\)$/);
});

test("truncated series are checked on the measured prefix and say so", () => {
  const s = series({ kind: "scatter", x: rows.map((r) => r.date).slice(0, 100), y: rows.map((r) => r.lines_changed).slice(0, 100), truncated: true });
  const f = checkFaithfulness(csv, [figure([s])]);
  assert.equal(check("values of", f).detail, "match column lines_changed by x value (only the first 100 points were measured)");
});

test("nothing to check is 'unchecked', never 'faithful'", () => {
  const none = checkFaithfulness(csv, []);
  assert.equal(none.verdict, "unchecked");
  assert.equal(none.checks[0]!.detail, "no figure was measured, so nothing could be compared with the data");
  const empty = checkFaithfulness(csv, [figure([])]);
  assert.equal(empty.verdict, "unchecked");
  assert.match(empty.checks[0]!.detail, /no line, bar or scatter data/);
  const onlyMarker = checkFaithfulness(csv, [figure([series({ x: [0, 1], y: [5, 5] })])]);
  assert.equal(onlyMarker.verdict, "unchecked");
  assert.equal(onlyMarker.checks[0]!.detail, "horizontal marker: a reference line, not data");
});

test("a CSV without dates: columns and rolling means by position", () => {
  const t = readCsv("k,v\na,1\nb,2\nc,4\nd,8\ne,16\nf,32\ng,64\n");
  const f = checkFaithfulness(t, [figure([series({ x: [1, 2, 3, 4, 5, 6], y: [1.5, 3, 6, 12, 24, 48] })])]);
  assert.equal(check("values of", f).detail, "match 2-row rolling mean of column v in order");
  // Four points against hundreds of windows are no evidence of one: not a reading, and no verdict.
  const short = checkFaithfulness(t, [figure([series({ x: [1, 2, 3, 4], y: [1.5, 3, 6, 12] })])]);
  assert.equal(short.verdict, "unchecked");
  assert.equal(check("x range", f).status, "unchecked");
});

test("calendar buckets: weekly mean per stack on a Period axis (week start), monthly sum labelled by month end", () => {
  const monday = (iso: string) => {
    const d = new Date(`${iso}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    return d.toISOString().slice(0, 10);
  };
  const go = rows.filter((r) => r.stack === "Go");
  const weeks = [...new Set(go.map((r) => monday(r.date)))];
  const y = weeks.map((w) => mean(go.filter((r) => monday(r.date) === w).map((r) => r.build_seconds)));
  const f = checkFaithfulness(csv, [figure([series({ label: "Go", x: weeks, y })])]);
  assert.equal(check('values of line "Go"', f).detail, 'match weekly mean of build_seconds (labelled by its first day) where stack == "Go" by x value');
  // one stack of five: a subset the data cannot tell from a dropped category, so not "faithful"
  assert.equal(f.verdict, "unchecked");
  assert.match(check("categories complete", f).detail, /^the series show rows where stack is "Go" only \(1 of 5 stack values; not /);
  const monthEnd = (iso: string) => new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const months = [...new Set(rows.map((r) => monthEnd(r.date)))];
  const sums = months.map((m) => rows.filter((r) => monthEnd(r.date) === m).reduce((s, r) => s + r.lines_changed, 0));
  const g = checkFaithfulness(csv, [figure([series({ kind: "bar", x: months, y: sums })])]);
  assert.equal(check("values of", g).detail, "match monthly sum of lines_changed (labelled by its last day) by x value");
  // The same weekly means shifted by one week are not the data.
  const shifted = checkFaithfulness(csv, [figure([series({ label: "Go", x: weeks.slice(1), y: y.slice(0, -1) })])]);
  assert.equal(check('values of line "Go"', shifted).status, "fail");
});

test("a series labelled like a category value is explained by that subset first", () => {
  // Swift is the slowest stack every week, so its weekly mean is also the weekly max over all
  // rows; the label says which reading the chart means.
  const sw = rows.filter((r) => r.stack === "Swift");
  const f = checkFaithfulness(csv, [figure([series({ label: "Swift", x: sw.map((r) => r.date), y: sw.map((r) => r.build_seconds) })])]);
  assert.equal(check('values of line "Swift"', f).detail, 'match column build_seconds where stack == "Swift" by x value');
});
