// The check's readings along the rows (faithfulness/rolling.ts) equal what pandas computes, on
// seeded series with gaps, ties and constants: Series.rolling(w, min_periods, center).mean() for
// every window the check tries, cumsum(), rolling("<n>D") over a date index, and calendar buckets
// (resample W/MS/ME/QS/QE/YS/YE and to_period("W")) with every aggregate. Calls pandas in one
// trusted Python process per test (oracle.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { AGGS } from "../../src/lib/graphite/faithfulness/aggregate";
import { bucketCandidates, MAX_WINDOW, rollings } from "../../src/lib/graphite/faithfulness/rolling";
import { DAY_MS, prepareTable } from "../../src/lib/graphite/faithfulness/table";
import { agree, ok, oracle, rng, SHAPES, Tally, values, wire } from "./support";

const iso = (d: number) => new Date(d * DAY_MS).toISOString().slice(0, 10);

/** Days from a start, strictly increasing (steps of 1-9 days) or with repeated days. */
function days(r: () => number, n: number, repeats: boolean): number[] {
  let d = 10_000 + Math.floor(r() * 5000);
  return Array.from({ length: n }, () => {
    const step = repeats && r() < 0.4 ? 0 : 1 + Math.floor(r() * (r() < 0.2 ? 40 : 9));
    d += step;
    return d;
  });
}

test("rolling means and cumulative sums: every window the check tries equals pandas' rolling", () => {
  const cs: number[][] = [];
  let seed = 100;
  for (const shape of SHAPES) for (const gaps of [0, 0.15, 0.6]) for (const n of [1, 4, 13, 70]) cs.push(values(rng(seed++), n, shape, gaps));
  cs.push([1, 2, NaN, NaN, NaN, 6, 7, 8, 9, 10]); // pandas' test_rolling: a run of gaps inside the window
  const windows = Array.from({ length: MAX_WINDOW - 1 }, (_, i) => i + 2);
  const answers = oracle(cs.map((v) => ({ op: "rolling", values: wire(v), windows: windows.filter((w) => w <= v.length) })));
  const kinds = new Map<string, Tally>();
  const tally = (k: string) => kinds.get(k) ?? kinds.set(k, new Tally()).get(k)!;
  let readings = 0;
  cs.forEach((v, ci) => {
    const lib = ok<Record<string, Array<number | null>>>(answers[ci], `case ${ci}`);
    for (const c of rollings("v", null, v, null)) {
      readings++;
      let key: string;
      let kind: string;
      if (c.desc === "cumulative sum of v") {
        key = "cumsum";
        kind = "cumsum";
      } else {
        const m = /^(\d+)-row (centred )?rolling mean( \(min_periods=1\))? of v$/.exec(c.desc);
        assert.ok(m, `a reading this test does not know: ${c.desc}`);
        key = `${m[1]}|${m[2] ? 1 : 0}|${m[3] ? 1 : 0}`;
        kind = `rolling${m[2] ? " centred" : ""}${m[3] ? " min_periods=1" : ""}`;
      }
      const want = lib[key];
      assert.ok(want, `pandas gave no ${key}`);
      const ts = c.values();
      tally(kind).check(
        ts.length === want.length && ts.every((t, j) => agree(t, want[j]!)),
        () => `case ${ci} ${c.desc}: ours ${JSON.stringify(ts.map((t) => +t.toPrecision(6)))}, pandas ${JSON.stringify(want)}`,
      );
    }
  });
  console.log([...kinds].map(([k, t]) => t.summary(k)).join("\n"));
  assert.ok(readings > 5000, `only ${readings} readings compared`);
  for (const [k, t] of kinds) assert.equal(t.bad.length, 0, t.summary(k));
});

test("day-window rolling means: every span the check tries equals pandas' rolling('<n>D') on a date index", () => {
  const cs: Array<{ days: number[]; v: number[] }> = [];
  let seed = 200;
  for (const shape of SHAPES)
    for (const gaps of [0, 0.2])
      for (const n of [3, 30]) {
        const r = rng(seed++);
        cs.push({ days: days(r, n, false), v: values(r, n, shape, gaps) });
      }
  const spans = Array.from({ length: MAX_WINDOW - 1 }, (_, i) => i + 2);
  const answers = oracle(cs.map((c) => ({ op: "day_rolling", dates: c.days.map(iso), values: wire(c.v), spans })));
  const t = new Tally();
  cs.forEach((c, ci) => {
    const lib = ok<Record<string, Array<number | null>>>(answers[ci], `case ${ci}`);
    for (const cand of rollings("v", null, c.v, c.days)) {
      const m = /^(\d+)-day rolling mean of v$/.exec(cand.desc);
      if (!m) continue;
      const want = lib[m[1]!]!;
      const ts = cand.values();
      t.check(
        ts.every((x, j) => agree(x, want[j]!)),
        () => `case ${ci} ${cand.desc}: ours ${JSON.stringify(ts)}, pandas ${JSON.stringify(want)}`,
      );
    }
  });
  console.log(t.summary("rolling('<n>D')"));
  assert.ok(t.cases >= 30 * (MAX_WINDOW - 1), `only ${t.cases} compared`);
  assert.equal(t.bad.length, 0, t.summary("rolling('<n>D')"));
});

// The check's bucket names, and the pandas call that labels each bucket as the check does: a
// groupby of the periods (only buckets with rows) and resample (every bucket, empty ones too).
const RULES: Record<string, [string, string]> = {
  "week|first day": ["period:W", "W-MON-left"],
  "week|last day": ["W", "W"],
  "month|first day": ["MS", "MS"],
  "month|last day": ["ME", "ME"],
  "quarter|first day": ["QS", "QS"],
  "quarter|last day": ["QE", "QE"],
  "year|first day": ["YS", "YS"],
  "year|last day": ["YE", "YE"],
};
const NOUN: Record<string, string> = { weekly: "week", monthly: "month", quarterly: "quarter", yearly: "year" };

test("calendar buckets: every bucketing and aggregate the check tries equals pandas' resample (or to_period for weeks by Monday)", () => {
  const cs: Array<{ days: number[]; v: number[] }> = [];
  let seed = 300;
  for (const shape of SHAPES)
    for (const gaps of [0, 0.25])
      for (const [n, repeats] of [
        [20, false],
        [200, true],
      ] as const) {
        const r = rng(seed++);
        cs.push({ days: days(r, n, repeats), v: values(r, n, shape, gaps) });
      }
  // rows months and years apart: empty quarters and years between them
  for (const shape of SHAPES) {
    const r = rng(seed++);
    let d = 12_000;
    const sparse = Array.from({ length: 12 }, () => (d += 1 + Math.floor(r() * (r() < 0.3 ? 900 : 20))));
    cs.push({ days: sparse, v: values(r, 12, shape, 0.1) });
  }
  const rules = [...new Set(Object.values(RULES).flat())];
  const answers = oracle(cs.map((c) => ({ op: "resample", dates: c.days.map(iso), values: wire(c.v), rules, aggs: [...AGGS, "size"] })));
  const kinds = new Map<string, Tally>();
  const tally = (k: string) => kinds.get(k) ?? kinds.set(k, new Tally()).get(k)!;
  cs.forEach((c, ci) => {
    const lib = ok<Record<string, Record<string, Record<string, number | null>>>>(answers[ci], `case ${ci}`);
    const p = prepareTable({ columns: ["day", "v"], rows: c.days.map((d, i) => [iso(d), Number.isNaN(c.v[i]!) ? "" : String(c.v[i])]) });
    assert.equal(p.dateCol, "day");
    for (const cand of bucketCandidates(p, [p.frames[0]!], ["v"], null)) {
      const m =
        /^count of rows per (\w+) \(labelled by its (first|last) day(, empty \w+ included as resample has them)?\)$/.exec(cand.desc) ??
        /^(\w+) (\w+) of v \(labelled by its (first|last) day(, empty \w+ included as resample has them)?\)$/.exec(cand.desc);
      assert.ok(m, `a reading this test does not know: ${cand.desc}`);
      const [bucket, agg, label, empties] = cand.desc.startsWith("count of rows") ? [m[1]!, "size", m[2]!, m[3]] : [NOUN[m[1]!]!, m[2]!, m[3]!, m[4]];
      const [grouped, resampled] = RULES[`${bucket}|${label} day`]!;
      const rule = empties ? resampled : grouped;
      const want = lib[rule]![agg]!;
      const size = lib[rule]!.size!;
      // the buckets pandas shows: all of resample's, or (a groupby of the periods) those with rows
      const shown = Object.keys(size).filter((k) => empties || (size[k] ?? 0) > 0);
      const keys = cand.keys!;
      const ts = cand.values();
      tally(`${bucket} ${label} day ${agg}${empties ? " (resample, empty buckets)" : ""}`).check(
        keys.length === shown.length && keys.every((k, j) => k === shown[j] && agree(ts[j]!, want[k] ?? null)),
        () => `case ${ci} ${cand.desc}: ours ${JSON.stringify(keys.map((k, j) => [k, ts[j]]))}, pandas ${JSON.stringify(want)}`,
      );
    }
  });
  const lines = [...kinds].map(([k, t]) => t.summary(k));
  console.log(lines.join("\n"));
  assert.equal(kinds.size, 2 * 8 * (AGGS.length + 1), [...kinds.keys()].join(", "));
  for (const [k, t] of kinds) assert.equal(t.bad.length, 0, t.summary(k));
});
