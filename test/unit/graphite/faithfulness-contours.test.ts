// Contour sets built here as seaborn and matplotlib build them (scipy's Gaussian KDE of the (x, y)
// rows, covariance × (n^(-1/6) × bw_adjust)², on a 200 × 200 grid from 3 bandwidths below the data
// to 3 above; each level's vertices where the grid's density crosses it, linearly interpolated
// along the grid's edges, as marching squares puts them) are read as the data's iso-density lines:
// faithful with the bandwidth named, per hue level with common_norm, lines or filled bands; the
// same sets drawn from a column stretched or moved are unfaithful with a detail naming the change;
// a change of unit, a deliberate subset and a set too small to read are never "unfaithful"; a set
// too costly to read in full says so.
// seaborn's own contours, drawn for real, are in test/sandbox/graphite/faithfulness-contours-sandbox.test.ts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import type { PlottedSeries } from "../../../src/lib/schema/sandbox";
import { series } from "./make";
import { labelledFigure, lcg, tableOf } from "./seeded-table";

const rand = lcg(11);
const normal = () => rand() + rand() + rand() + rand() - 2;
// 160 rows, two groups with different centres; every 13th x missing
const rows: Array<{ g: string; x: number; y: number }> = [];
for (let i = 0; i < 160; i++) {
  const g = i % 3 ? "a" : "b";
  const z = normal();
  const x = Math.round(((g === "a" ? 40 : 48) + 6 * z) * 10) / 10;
  const y = Math.round(((g === "a" ? 17 : 15) + 1.5 * z + 1.2 * normal()) * 10) / 10;
  rows.push({ g, x: i % 13 === 5 ? NaN : x, y });
}
const csv = tableOf(["g", "x", "y"], rows);

type Pt = [number, number];
const pointsOf = (pick: (r: (typeof rows)[number]) => boolean, change: (p: Pt) => Pt = (p) => p): Pt[] =>
  rows.filter((r) => pick(r) && !Number.isNaN(r.x)).map((r) => change([r.x, r.y]));

/** scipy's gaussian_kde of the points (two dimensions), evaluated on seaborn's grid. */
function grid(pts: Pt[], bwAdjust = 1, size = 200) {
  const n = pts.length;
  const mx = pts.reduce((a, p) => a + p[0], 0) / n;
  const my = pts.reduce((a, p) => a + p[1], 0) / n;
  const f2 = (n ** (-1 / 6) * bwAdjust) ** 2;
  const cxx = (pts.reduce((a, p) => a + (p[0] - mx) ** 2, 0) / (n - 1)) * f2;
  const cyy = (pts.reduce((a, p) => a + (p[1] - my) ** 2, 0) / (n - 1)) * f2;
  const cxy = (pts.reduce((a, p) => a + (p[0] - mx) * (p[1] - my), 0) / (n - 1)) * f2;
  const det = cxx * cyy - cxy * cxy;
  const at = (u: number, v: number) => {
    let s = 0;
    for (const [a, b] of pts) {
      const dx = u - a;
      const dy = v - b;
      s += Math.exp(-0.5 * ((cyy * dx * dx - 2 * cxy * dx * dy + cxx * dy * dy) / det));
    }
    return s / (2 * Math.PI * Math.sqrt(det) * n);
  };
  const line = (vals: number[], h: number) => {
    const lo = Math.min(...vals) - 3 * h;
    const hi = Math.max(...vals) + 3 * h;
    return Array.from({ length: size }, (_, i) => lo + ((hi - lo) * i) / (size - 1));
  };
  const gx = line(
    pts.map((p) => p[0]),
    Math.sqrt(cxx),
  );
  const gy = line(
    pts.map((p) => p[1]),
    Math.sqrt(cyy),
  );
  const z = gy.map((v) => gx.map((u) => at(u, v)));
  return { gx, gy, z };
}

/** Where the grid's density crosses `level` along each grid edge, linearly interpolated. */
function crossings(g: ReturnType<typeof grid>, level: number): Pt[] {
  const out: Pt[] = [];
  const { gx, gy, z } = g;
  for (let j = 0; j < gy.length; j++)
    for (let i = 0; i < gx.length; i++) {
      const here = z[j]![i]!;
      if (i + 1 < gx.length) {
        const right = z[j]![i + 1]!;
        if ((here - level) * (right - level) < 0) out.push([gx[i]! + ((level - here) / (right - here)) * (gx[i + 1]! - gx[i]!), gy[j]!]);
      }
      if (j + 1 < gy.length) {
        const up = z[j + 1]![i]!;
        if ((here - level) * (up - level) < 0) out.push([gx[i]!, gy[j]! + ((level - here) / (up - here)) * (gy[j + 1]! - gy[j]!)]);
      }
    }
  return out;
}

const PER_LEVEL = 40;
const sample = <T>(xs: T[], m: number) => (xs.length <= m ? xs : Array.from({ length: m }, (_, i) => xs[Math.round((i * (xs.length - 1)) / (m - 1))]!));

/** A contour set as the sandbox reports it: a sample of each level's vertices and the level each is on. */
function contourSet(g: ReturnType<typeof grid>, levels: number[], o: { filled?: boolean; label?: string | null; scale?: number } = {}): PlottedSeries {
  const x: number[] = [];
  const y: number[] = [];
  const at: number[] = [];
  const lower: number[] = [];
  const k = o.scale ?? 1;
  if (o.filled)
    for (let b = 0; b + 1 < levels.length; b++)
      for (const l of [levels[b]!, levels[b + 1]!])
        for (const [u, v] of sample(crossings(g, l / k), PER_LEVEL / 2)) {
          x.push(u);
          y.push(v);
          at.push(levels[b + 1]!);
          lower.push(levels[b]!);
        }
  else
    for (const l of levels)
      for (const [u, v] of sample(crossings(g, l / k), PER_LEVEL)) {
        x.push(u);
        y.push(v);
        at.push(l);
      }
  return series({ kind: "contours", label: o.label ?? null, x, y, levels: at, ...(o.filled ? { lower } : {}), truncated: true });
}

/** seaborn's default 10 levels, as fractions of the peak (the check reads whatever levels are drawn). */
const levelsOf = (g: ReturnType<typeof grid>, k = 1) => {
  const peak = Math.max(...g.z.flat()) * k;
  return [0.05, 0.15, 0.25, 0.35, 0.45, 0.55, 0.65, 0.75, 0.85].map((f) => f * peak);
};

const check = (sets: PlottedSeries[]) => checkFaithfulness(csv, [labelledFigure(sets, "x", "y")]);
const why = (f: ReturnType<typeof check>) => JSON.stringify(f.checks, null, 1);
const values = (f: ReturnType<typeof check>) => f.checks.filter((c) => c.check.startsWith("values of"));

const all = pointsOf(() => true);
const plain = grid(all);

test("a bivariate KDE's contour lines at Scott's bandwidth are faithful: every sampled vertex on its level", () => {
  const f = check([contourSet(plain, levelsOf(plain))]);
  assert.equal(f.verdict, "faithful", why(f));
  assert.match(values(f)[0]!.detail, /iso-density lines \(9 levels\) of x and y \(148 rows; Gaussian KDE, Scott's bandwidth\)/);
});

test("filled contours (contourf bands between two levels) are faithful", () => {
  const f = check([contourSet(plain, levelsOf(plain), { filled: true })]);
  assert.equal(f.verdict, "faithful", why(f));
  assert.match(values(f)[0]!.detail, /\(filled\)/);
});

test("contours at another bandwidth (bw_adjust) are faithful, the fitted bandwidth named", () => {
  for (const bw of [0.5, 2]) {
    const g = grid(all, bw);
    const f = check([contourSet(g, levelsOf(g))]);
    assert.equal(f.verdict, "faithful", why(f));
    const named = Number(/bandwidth ([\d.]+) × Scott's/.exec(values(f)[0]!.detail)?.[1]);
    assert.ok(Math.abs(named / bw - 1) < 0.01, `${bw}: ${values(f)[0]!.detail}`);
  }
});

test("one set per hue level, each scaled by its share of the rows (common_norm), is faithful per level", () => {
  const sets = ["a", "b"].map((h) => {
    const pts = pointsOf((r) => r.g === h);
    const g = grid(pts);
    return contourSet(g, levelsOf(g, pts.length / all.length), { label: h, scale: pts.length / all.length });
  });
  const f = check(sets);
  assert.equal(f.verdict, "faithful", why(f));
  assert.ok(
    values(f).every((c) => /where g == "[ab]" .*common_norm/.test(c.detail)),
    why(f),
  );
});

test("contours of a column stretched or moved are unfaithful, the detail naming the change", () => {
  for (const [change, named] of [
    [(p: Pt): Pt => [p[0] * 1.1, p[1]], /x × 1\.1 \(its values stretched/],
    [(p: Pt): Pt => [p[0], p[1] + 2], /y \+ 2 \(its values moved/],
  ] as const) {
    const g = grid(pointsOf(() => true, change));
    const f = check([contourSet(g, levelsOf(g))]);
    assert.equal(f.verdict, "unfaithful", why(f));
    assert.match(values(f)[0]!.detail, named);
  }
});

test("a change of unit, a deliberate subset and a set too small to read are never unfaithful", () => {
  const kilo = grid(
    pointsOf(
      () => true,
      (p) => [p[0] * 1000, p[1]],
    ),
  );
  const sub = grid(pointsOf((r) => r.g === "a"));
  const tiny = contourSet(plain, levelsOf(plain));
  for (const [what, set] of [
    ["x × 1000", contourSet(kilo, levelsOf(kilo))],
    ["rows where g == a, unlabelled", contourSet(sub, levelsOf(sub))],
    ["6 vertices", { ...tiny, x: tiny.x.slice(0, 6), y: tiny.y.slice(0, 6), levels: tiny.levels!.slice(0, 6) }],
  ] as const) {
    const f = check([set]);
    assert.equal(f.verdict, "unchecked", `${what}: ${why(f)}`);
    assert.equal(values(f)[0]!.status, "unchecked", what);
  }
});

test("a set the check cannot afford to read in full says so, and is not called unread by every reading", () => {
  // 60,000 rows: a bandwidth fit over them is past what the check may spend on a chart
  const r = lcg(5);
  const big = readCsv(["x,y", ...Array.from({ length: 60_000 }, () => `${(r() * 100).toFixed(2)},${(r() * 50).toFixed(2)}`)].join("\n") + "\n");
  const ring = Array.from({ length: 40 }, (_, i) => [50 + 20 * Math.cos(i / 6), 25 + 10 * Math.sin(i / 6)] as const);
  const set = series({ kind: "contours", x: ring.map((p) => p[0]), y: ring.map((p) => p[1]), levels: ring.map(() => 0.05), truncated: false });
  const f = checkFaithfulness(big, [labelledFigure([set], "x", "y")]);
  assert.equal(f.verdict, "unchecked", why(f));
  assert.match(values(f)[0]!.detail, /the rows are too many for the time the check may spend on a chart/);
});
