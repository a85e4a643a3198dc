// Density curves at any bandwidth: seaborn's own KDE (called in the .venv through the oracle
// group's oracle.py: scipy's gaussian_kde, bw_method "scott" or "silverman", bw_adjust and cut as
// given, gridsize 200) drawn as a line is confirmed point by point, and the reading names the
// bandwidth as seaborn's bw_adjust; the same curve scaled or moved along x is not "faithful".
// Seeded columns of the oracle group's shapes (one-decimal ties, integers, skew, gaps); cut=1 is drawn
// for real in the sandbox test faithfulness-coverage-sandbox.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { ok, oracle, rng, type Shape, values, wire } from "../../oracle/support";
import { figure, series } from "./make";

const SHAPES: Shape[] = ["normal", "one-decimal", "integers", "skewed"];
const ADJUST = [0.25, 0.5, 0.7, 2, 3];
const CUTS = [0, 3];

const csvOf = (v: number[]) => readCsv(["row,v", ...v.map((x, i) => `r${i},${Number.isNaN(x) ? "" : String(x)}`)].join("\n"));

type Curve = { x: number[]; y: number[] };

// Values written with ten decimals (at most 15 digits here), so the CSV text holds exactly the
// doubles the oracle computes on: pandas' C parser (and graphite, reading as it does) keeps only a
// field's first 17 digits, leading zeros included, so 0.00364181907223882 is 0.0036418190722388 to
// it, and seaborn in the sandbox would draw that value's curve.
const written = (v: number[]) => v.map((x) => (Number.isNaN(x) ? x : Number(x.toFixed(10))));
const cases = SHAPES.flatMap((shape, si) => CUTS.map((cut, ci) => ({ shape, cut, v: written(values(rng(900 + si * 10 + ci), 150, shape, 0.1)) })));
const answers = oracle(cases.map((c) => ({ op: "kde", values: wire(c.v), grid: [0], bw_adjusts: ADJUST, cut: c.cut, gridsize: 200 })));

test("seaborn's KDE at bw_adjust 0.25-3, cut 0/1/3, Scott or Silverman: every curve faithful, the bandwidth named as seaborn's bw_adjust", () => {
  const misread: string[] = [];
  let curves = 0;
  cases.forEach((c, i) => {
    const lib = ok<Record<string, Curve>>(answers[i], `kde ${c.shape}`);
    const csv = csvOf(c.v);
    for (const [key, curve] of Object.entries(lib)) {
      if (key === "scipy") continue;
      curves++;
      const [method, adjust] = key.split("|");
      const f = checkFaithfulness(csv, [figure([series({ kind: "line", x: curve.x, y: curve.y })])]);
      const values = f.checks.find((c) => c.check.startsWith("values of"))!;
      const what = `${c.shape} cut=${c.cut} ${key}: ${f.verdict} ${values.detail}`;
      if (f.verdict !== "faithful") misread.push(what);
      // Scott's curves at bw_adjust != 1 are this reading's (bw_adjust 1 is explainKde's)
      else if (method === "scott" && adjust !== "1" && !values.detail.includes(`, ${adjust} × Scott's; the grid reaches ${c.cut} bandwidths`))
        misread.push(what);
    }
  });
  assert.equal(curves, cases.length * 2 * ADJUST.length);
  assert.deepEqual(misread, []);
});

test("the same curves scaled by 1.07, or moved along x by three grid steps, are not faithful", () => {
  const wrong: string[] = [];
  cases.forEach((c, i) => {
    const lib = ok<Record<string, Curve>>(answers[i], `kde ${c.shape}`);
    const csv = csvOf(c.v);
    const curve = lib["scott|0.5"]!;
    const step = curve.x[1]! - curve.x[0]!;
    const scaled = checkFaithfulness(csv, [figure([series({ kind: "line", x: curve.x, y: curve.y.map((y) => y * 1.07) })])]);
    const moved = checkFaithfulness(csv, [figure([series({ kind: "line", x: curve.x.map((x) => x + step * 3), y: curve.y })])]);
    if (scaled.verdict === "faithful") wrong.push(`${c.shape} cut=${c.cut} scaled: ${JSON.stringify(scaled.checks[0])}`);
    if (moved.verdict === "faithful") wrong.push(`${c.shape} cut=${c.cut} moved: ${JSON.stringify(moved.checks[0])}`);
    // a curve moved along x is the density of the values moved: named as such at the fitted bandwidth
    const named = moved.checks.some(
      (k) => k.status === "fail" && /^the curve is the kernel density of v [+−] [\d.]+ \(bandwidth [\d.]+, 0\.5 × Scott's/.test(k.detail),
    );
    if (!named) wrong.push(`${c.shape} cut=${c.cut} moved, not named: ${moved.verdict} ${JSON.stringify(moved.checks[0])}`);
  });
  assert.deepEqual(wrong, []);
});

test("the same curves as deviations from the mean, or in thousands (a change of unit), are never called moved or stretched", () => {
  const wrong: string[] = [];
  cases.forEach((c, i) => {
    const lib = ok<Record<string, Curve>>(answers[i], `kde ${c.shape}`);
    const csv = csvOf(c.v);
    const curve = lib["scott|0.5"]!;
    const present = c.v.filter((x) => !Number.isNaN(x));
    const mu = present.reduce((a, b) => a + b, 0) / present.length;
    const deviations = checkFaithfulness(csv, [figure([series({ kind: "line", x: curve.x.map((x) => x - mu), y: curve.y })])]);
    const thousands = checkFaithfulness(csv, [figure([series({ kind: "line", x: curve.x.map((x) => x * 1000), y: curve.y.map((y) => y / 1000) })])]);
    if (deviations.verdict === "unfaithful") wrong.push(`${c.shape} cut=${c.cut} deviations: ${JSON.stringify(deviations.checks[0])}`);
    if (thousands.verdict === "unfaithful") wrong.push(`${c.shape} cut=${c.cut} thousands: ${JSON.stringify(thousands.checks[0])}`);
  });
  assert.deepEqual(wrong, []);
});
