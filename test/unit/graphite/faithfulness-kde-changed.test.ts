// A density curve at another bandwidth than Scott's, of a column moved by a constant, in a table
// with many other columns of as many distinct values: the changed column is named, though the
// fitting budget covers only a few columns of that size. The curve's centre of mass stands where
// the moved column's mean went, and the tries are fitted in that order, not in the table's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, series } from "./make";

const N = 3000;
// a golden-ratio sequence: evenly spread, every value distinct, no randomness to seed
const spread = (i: number, k: number) => ((i + 1) * 0.6180339887 * (k + 1)) % 1;
const round = (x: number) => Number(x.toFixed(6));
// eight symmetric columns listed first, narrower than the target, so each can be centred on the grid
const decoys = Array.from({ length: 8 }, (_, k) => Array.from({ length: N }, (_, i) => round(50 + k + 3 * spread(i, k))));
// the target is skewed: its mean stands apart from its range's middle, a symmetric column's does not
const target = Array.from({ length: N }, (_, i) => round(10 + 5 * spread(i, 11) ** 1.2));
const header = [...decoys.map((_, k) => `d${k}`), "target"];
const csv = readCsv([header.join(","), ...target.map((t, i) => [...decoys.map((d) => d[i]), t].join(","))].join("\n") + "\n");

/** seaborn's KDE of v at bw_adjust × Scott's bandwidth, cut 3, 200 grid points. */
function seabornKde(v: number[], adjust: number): { x: number[]; y: number[] } {
  const n = v.length;
  const mu = v.reduce((a, b) => a + b, 0) / n;
  const h = adjust * Math.sqrt(v.reduce((a, b) => a + (b - mu) ** 2, 0) / (n - 1)) * n ** -0.2;
  const lo = Math.min(...v) - 3 * h;
  const hi = Math.max(...v) + 3 * h;
  const x = Array.from({ length: 200 }, (_, i) => lo + ((hi - lo) * i) / 199);
  const y = x.map((t) => v.reduce((a, u) => a + Math.exp(-0.5 * ((t - u) / h) ** 2), 0) / (n * h * Math.sqrt(2 * Math.PI)));
  return { x, y };
}

test("a density at bw_adjust 0.6 of a column moved by 7, among eight columns of 3,000 distinct values: unfaithful, naming that column", () => {
  const f = checkFaithfulness(csv, [
    figure([
      series(
        seabornKde(
          target.map((t) => t + 7),
          0.6,
        ),
      ),
    ]),
  ]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  const values = f.checks.find((c) => c.check.startsWith("values of"))!;
  assert.match(values.detail, /^the curve is the kernel density of target \+ 7 \(bandwidth [\d.]+, 0\.6 × Scott's of the data's values\)/);
});

test("the same column's own density at bw_adjust 0.6: faithful", () => {
  const f = checkFaithfulness(csv, [figure([series(seabornKde(target, 0.6))])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
});
