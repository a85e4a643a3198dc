// Histogram bars whose bins the bars alone do not show evenly (faithfulness/bar-grid, read by
// hist-changed): seaborn.objects leaves empty bins undrawn, and bins on a log axis are even only
// in the logarithm, with each bar's x at the middle of its rectangle. The column's own histogram is
// faithful either way; its gaps counted as 0, or the column stretched or moved (its heights counts
// or a share), is unfaithful naming what differs; bars narrower than their log bins are never
// called stretched. Small synthetic tables.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, series } from "./make";

/** 120 distinct lengths between about 170 and 232, and 2 gaps (pandas reads the empty fields as NaN). */
const lengths = Array.from({ length: 120 }, (_, i) => +(170 + ((i * 37) % 101) * 0.55 + (i % 7) * 0.8 + i / 1000).toFixed(3));
const gappy = readCsv(["id,length", ...lengths.map((v, i) => `r${i},${v}`), "r120,", "r121,"].join("\n") + "\n");

/** np.histogram in `bins` even bins over the values' range; bars drawn only where a bin holds values (so.Bars), at the centres. */
function hist(v: number[], bins: number, opts: { drawEmpty?: boolean; share?: boolean } = {}) {
  const lo = Math.min(...v);
  const hi = Math.max(...v);
  const w = (hi - lo) / bins;
  const y = new Array<number>(bins).fill(0);
  for (const t of v) y[Math.min(bins - 1, Math.floor((t - lo) / w))]!++;
  const x = y.map((_, i) => lo + (i + 0.5) * w);
  const keep = y.map((c) => opts.drawEmpty || c > 0);
  return series({ kind: "bar", x: x.filter((_, i) => keep[i]), y: y.filter((_, i) => keep[i]).map((c) => (opts.share ? c / v.length : c)) });
}

/** Bars on log10 bins from 10^a in steps of `step`, each drawn `width` of its bin wide (in the logarithm), x the middle of its rectangle. */
function logHist(v: number[], a: number, step: number, bins: number, width = 1) {
  const y = new Array<number>(bins).fill(0);
  for (const t of v) {
    const b = Math.floor((Math.log10(t) - a) / step);
    if (b >= 0 && b < bins) y[b]!++;
  }
  const x = y.map((_, i) => {
    const mid = a + (i + 0.5) * step;
    return (10 ** (mid - (width * step) / 2) + 10 ** (mid + (width * step) / 2)) / 2;
  });
  return series({ kind: "bar", x, y });
}

const values = (f: ReturnType<typeof checkFaithfulness>) => f.checks.filter((c) => c.check.startsWith("values of"));
const check = (t: ReturnType<typeof readCsv>, s: ReturnType<typeof hist>) => checkFaithfulness(t, [figure([s])]);

test("the column's histogram with its empty bins undrawn is faithful", () => {
  // 60 bins over 120 values: some bins between the first and last bar hold none
  const s = hist(lengths, 60);
  assert.ok(s.x.length < 60);
  const f = check(gappy, s);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
});

test("the histogram of the column with its gaps counted as 0: unfaithful, naming the rows", () => {
  const f = check(gappy, hist([...lengths, 0, 0], 20));
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(
    values(f)[0]!.detail,
    /^the bars are a histogram of length \(counts, \d+ bins of width [\d.]+\) that counts the 2 rows where length is missing as 0 \(fillna\(0\)\)/,
  );
});

test("a share histogram of the column moved by 7: unfaithful, naming the move", () => {
  const f = check(
    gappy,
    hist(
      lengths.map((v) => v + 7),
      10,
      { share: true, drawEmpty: true },
    ),
  );
  // the bins are the moved values' own: read on the data's, the counts below every edge pin the move
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(values(f)[0]!.detail, /histogram of length moved \+ 7(\.\d+)? \(any move from/);
});

/** 300 prices spread over two decades, every value distinct. */
const prices = Array.from({ length: 300 }, (_, i) => +(10 ** (2.3 + (((i * 61) % 293) / 293) * 1.9 + (i % 5) * 0.004)).toFixed(2));
const priced = readCsv(["id,price", ...prices.map((v, i) => `p${i},${v}`)].join("\n") + "\n");

test("log-spaced bins: the column's own histogram is faithful, stretched × 1.37 unfaithful naming the factor", () => {
  const own = check(priced, logHist(prices, 2, 0.075, 40));
  assert.equal(own.verdict, "faithful", JSON.stringify(own.checks));
  assert.match(values(own)[0]!.detail, /match histogram of price \(40 log-spaced bins\)/);
  const stretched = check(
    priced,
    logHist(
      prices.map((v) => v * 1.37),
      2,
      0.075,
      40,
    ),
  );
  assert.equal(stretched.verdict, "unfaithful", JSON.stringify(stretched.checks));
  assert.match(values(stretched)[0]!.detail, /histogram of price stretched × 1\.37 \(any factor from/);
});

test("log-spaced bars narrower than their bins are never called stretched", () => {
  const f = check(priced, logHist(prices, 2, 0.075, 40, 0.5));
  assert.notEqual(f.verdict, "unfaithful", JSON.stringify(f.checks));
});
