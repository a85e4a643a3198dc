// A kernel density of a column whose gaps were filled with 0 (df.x.fillna(0) before kdeplot):
// "unfaithful", saying the curve matches only with the missing values counted as 0; the density
// of the values present (what seaborn draws) stays faithful. Scott's bandwidth computed here as
// scipy's gaussian_kde computes it (std with ddof=1 × n^-1/5), on seaborn's grid (3 bandwidths past
// the values, 200 points). Synthetic column of 40 values and 2 gaps.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, series } from "./make";

const present = Array.from({ length: 40 }, (_, i) => 172 + ((i * 37) % 59));
const table = readCsv(["row,flipper", ...present.map((v, i) => `r${i},${v}`), "r40,", "r41,"].join("\n") + "\n");

function scottKde(v: number[]) {
  const n = v.length;
  const mu = v.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(v.reduce((a, b) => a + (b - mu) ** 2, 0) / (n - 1));
  const bw = sd * n ** -0.2;
  const lo = Math.min(...v) - 3 * bw;
  const hi = Math.max(...v) + 3 * bw;
  const x = Array.from({ length: 200 }, (_, i) => lo + ((hi - lo) * i) / 199);
  const y = x.map((t) => v.reduce((a, b) => a + Math.exp(-0.5 * ((t - b) / bw) ** 2), 0) / (n * bw * Math.sqrt(2 * Math.PI)));
  return series({ kind: "line", x, y });
}

test("the density of the values present is faithful", () => {
  const f = checkFaithfulness(table, [figure([scottKde(present)])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
});

test("the density with the gaps as 0: unfaithful, saying the missing values were counted as 0", () => {
  const f = checkFaithfulness(table, [figure([scottKde([...present, 0, 0])])]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  const values = f.checks.find((c) => c.check.startsWith("values of"))!;
  assert.match(values.detail, /^match kernel density of flipper \(Scott's bandwidth, as a density\) only with the missing values counted as 0 \(fillna\(0\)\)/);
});
