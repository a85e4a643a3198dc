// A clustered heatmap (seaborn's clustermap, the sandbox's "clustermap" series): the linkage the
// check computes against heights scipy gives for a small hand-checked matrix, a drawn tree whose
// heatmap rows are not in its order, and whole charts: the data's own matrix (as is, z-scored) with
// its dendrograms is faithful; a column scaled, shifted or shuffled is unfaithful, naming the
// column; row colours are one category's levels; a dropped category is a subset (never faithful); too many rows leave the tree unchecked.
import assert from "node:assert/strict";
import { test } from "node:test";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { weighTree } from "../../../src/lib/graphite/faithfulness/clustermap";
import { distances, linkageHeights } from "../../../src/lib/graphite/faithfulness/linkage";
import type { PlottedSeries } from "../../../src/lib/schema/sandbox";
import { figure, series } from "./make";
import { assertVerdict, lcg, shuffledColumn, tableOf } from "./seeded-table";

// The matrix and every expected height below come from scipy 1.x, run outside the repo:
//   A = np.array([[0,0,1],[1,0,2],[0,2,0],[5,5,4],[6,5,5],[5,7,3]], float)
//   hierarchy.linkage(A, method=m, metric=d)[:, 2]
//   hierarchy.dendrogram(hierarchy.linkage(A, "average"), no_plot=True)["leaves"] -> [2, 0, 1, 5, 3, 4]
// and by hand for average/euclidean: rows 0 and 1 are √2 apart (so are 3 and 4); row 2 is √5 from
// row 0 and 3 from row 1, so it joins them at (√5 + 3) / 2 = 2.6180...
const A = [
  [0, 0, 1],
  [1, 0, 2],
  [0, 2, 0],
  [5, 5, 4],
  [6, 5, 5],
  [5, 7, 3],
];
const SCIPY: Array<[Parameters<typeof distances>[1], Parameters<typeof linkageHeights>[2], number[]]> = [
  ["euclidean", "average", [1.414213562373, 1.414213562373, 2.61803398875, 2.61803398875, 7.880008101296]],
  ["euclidean", "single", [1.414213562373, 1.414213562373, 2.2360679775, 2.2360679775, 6.708203932499]],
  ["euclidean", "complete", [1.414213562373, 1.414213562373, 3.0, 3.0, 8.831760866328]],
  ["cityblock", "average", [2, 2, 4, 4, 13]],
  ["correlation", "average", [0.133974596216, 0.133974596216, 0.316987298108, 1.0, 1.699759526419]],
  ["correlation", "complete", [0.133974596216, 0.133974596216, 0.5, 1.5, 2.0]],
];

for (const [metric, method, want] of SCIPY) {
  test(`${method} linkage (${metric}) of the hand-checked matrix: scipy's heights`, () => {
    const got = linkageHeights(distances(A, metric), A.length, method).sort((a, b) => a - b);
    assert.equal(got.length, want.length);
    for (const [i, h] of got.entries()) assert.ok(Math.abs(h - want[i]!) < 1e-9, `merge ${i + 1}: ${h} vs scipy's ${want[i]}`);
  });
}

// The tree as seaborn draws it: leaves in scipy's order [2, 0, 1, 5, 3, 4] at drawn positions
// 0..5; merge k numbered 6 + k (rows 0,1 = positions 1,2; rows 3,4 = positions 4,5).
const DRAWN_ORDER = [2, 0, 1, 5, 3, 4];
const TREE = {
  merges: [
    [1, 2],
    [4, 5],
    [0, 6],
    [3, 7],
    [8, 9],
  ] as Array<[number, number]>,
  heights: [Math.SQRT2, Math.SQRT2, (Math.sqrt(5) + 3) / 2, (Math.sqrt(5) + 3) / 2, 7.880008101296373],
};

test("the drawn tree over the rows in its leaves' order: average linkage, confirmed", () => {
  const w = weighTree(
    TREE,
    DRAWN_ORDER.map((i) => A[i]!),
    "rows",
  );
  assert.equal(w.status, "pass", w.detail);
  assert.match(w.detail, /average linkage \(euclidean\)/);
});

test("the same tree over rows drawn in another order: the heights are the data's, the order is not", () => {
  const moved = [2, 5, 1, 0, 3, 4]; // rows 0 and 5 swap places in the heatmap
  const w = weighTree(
    TREE,
    moved.map((i) => A[i]!),
    "rows",
  );
  assert.equal(w.status, "fail", w.detail);
  assert.match(w.detail, /not in the tree's order/);
});

// ---- whole charts ----

/** Average linkage with its merges, as scipy builds it, and the leaves in the order a dendrogram draws them. */
function drawnTree(vs: number[][]): { order: number[]; tree: { merges: Array<[number, number]>; heights: number[] } } {
  const n = vs.length;
  const d = distances(vs, "euclidean");
  const clusters = new Map<number, number[]>(vs.map((_, i) => [i, [i]]));
  const kids = new Map<number, [number, number]>();
  const merges: Array<[number, number, number]> = [];
  const dist = (a: number[], b: number[]) => a.reduce((t, i) => t + b.reduce((u, j) => u + d[i * n + j]!, 0), 0) / (a.length * b.length);
  while (clusters.size > 1) {
    let best: [number, number, number] = [Infinity, -1, -1];
    const ids = [...clusters.keys()];
    for (const a of ids)
      for (const b of ids) if (a < b && dist(clusters.get(a)!, clusters.get(b)!) < best[0]) best = [dist(clusters.get(a)!, clusters.get(b)!), a, b];
    const id = n + merges.length;
    merges.push([best[1], best[2], best[0]]);
    kids.set(id, [best[1], best[2]]);
    clusters.set(id, [...clusters.get(best[1])!, ...clusters.get(best[2])!]);
    clusters.delete(best[1]);
    clusters.delete(best[2]);
  }
  const order: number[] = [];
  const walk = (x: number): void => (x < n ? void order.push(x) : kids.get(x)!.forEach(walk));
  walk(2 * n - 2);
  const pos = new Map(order.map((row, p) => [row, p]));
  const at = (x: number) => (x < n ? pos.get(x)! : x);
  return { order, tree: { merges: merges.map(([a, b]) => [at(a), at(b)]), heights: merges.map((m) => m[2]) } };
}

const G = ["north", "south", "east", "west"];
const rand = lcg(17);
const rows = Array.from({ length: 40 }, (_, i) => ({
  g: G[i % 4]!,
  a: +(10 + 5 * rand() + (i % 4)).toFixed(2),
  b: +(3 + 2 * rand()).toFixed(2),
  c: +(50 + 20 * rand() - 3 * (i % 4)).toFixed(2),
}));
const table = tableOf(["g", "a", "b", "c"], rows);
const COLS = ["a", "b", "c"] as const;

/** The clustermap seaborn draws of `from`'s columns a, b, c (each cell f of its value). */
function clustermap(from: ReadonlyArray<Record<(typeof COLS)[number], number>>, f: (m: number[][]) => number[][] = (m) => m): PlottedSeries {
  const m = f(from.map((r) => COLS.map((c) => r[c])));
  const rowsDrawn = drawnTree(m);
  const colsDrawn = drawnTree(COLS.map((_, j) => m.map((r) => r[j]!)));
  const cells = rowsDrawn.order.flatMap((i) => colsDrawn.order.map((j) => m[i]![j]!));
  return series({
    kind: "clustermap",
    x: colsDrawn.order.map((j) => COLS[j]!),
    y: [],
    cells,
    shape: [m.length, COLS.length],
    rowTree: rowsDrawn.tree,
    colTree: colsDrawn.tree,
  });
}
const check = (s: PlottedSeries) => checkFaithfulness(table, [figure([s])]);

test("the data's own matrix with its dendrograms: faithful, cells and both trees confirmed", () => {
  const f = check(clustermap(rows));
  assertVerdict(f, "faithful", /every drawn row \(40\) is one of the data's rows/);
  assert.ok(f.checks.some((c) => c.check.startsWith("row dendrogram (39 merges)") && c.status === "pass"));
  assert.ok(f.checks.some((c) => c.check.startsWith("column dendrogram (2 merges)") && c.status === "pass"));
});

test("the matrix z-scored down each column (z_score=1): faithful, the form named", () => {
  const z = (m: number[][]) => {
    const out = m.map((r) => [...r]);
    for (let j = 0; j < 3; j++) {
      const v = m.map((r) => r[j]!);
      const mu = v.reduce((t, x) => t + x, 0) / v.length;
      const sd = Math.sqrt(v.reduce((t, x) => t + (x - mu) ** 2, 0) / (v.length - 1));
      for (const r of out) r[j] = (r[j]! - mu) / sd;
    }
    return out;
  };
  assertVerdict(check(clustermap(rows, z)), "faithful", "z-scored down each column (z_score=1)");
});

test("column b × 1.37: unfaithful, naming the column and the factor", () => {
  assertVerdict(check(clustermap(rows.map((r) => ({ ...r, b: r.b * 1.37 })))), "unfaithful", /column b is 1\.37 × the data's b/);
});

test("column c + 10: unfaithful, naming the column and the constant", () => {
  assertVerdict(check(clustermap(rows.map((r) => ({ ...r, c: r.c + 10 })))), "unfaithful", /column c is the data's c \+ 10/);
});

test("column a shuffled across rows: unfaithful, naming the column", () => {
  assertVerdict(check(clustermap(shuffledColumn(rows, "a", 5))), "unfaithful", /a shuffled across rows/);
});

test("row colours beside it: confirmed when each colour is one level of a category column at every row", () => {
  const s = clustermap(rows);
  const drawnRows = drawnTree(rows.map((r) => COLS.map((c) => r[c]))).order;
  const byLevel = (r: (typeof rows)[number]) => G.indexOf(r.g);
  const shown = check({ ...s, rowColors: [{ label: "g", values: drawnRows.map((i) => byLevel(rows[i]!)) }] });
  assertVerdict(shown, "faithful", "each of its 4 colours is one level of g");
  // the same colours beside other rows (the strip shifted by one): no category's levels, so not confirmed
  const moved = check({ ...s, rowColors: [{ label: "g", values: drawnRows.map((_, k) => byLevel(rows[drawnRows[(k + 1) % drawnRows.length]!]!)) }] });
  assert.equal(moved.verdict, "unchecked", JSON.stringify(moved.checks));
});

test("column a shuffled, then z-scored down each column (z_score=1): unfaithful, naming the column", () => {
  const z = (m: number[][]) => {
    const stats = COLS.map((_, j) => {
      const v = m.map((r) => r[j]!);
      const mu = v.reduce((t, y) => t + y, 0) / v.length;
      return [mu, Math.sqrt(v.reduce((t, y) => t + (y - mu) ** 2, 0) / (v.length - 1))] as const;
    });
    return m.map((r) => r.map((x, j) => (x - stats[j]![0]) / stats[j]![1]));
  };
  assertVerdict(
    check(clustermap(shuffledColumn(rows, "a", 5), z)),
    "unfaithful",
    /column a holds the data's a values z-scored down each column .*a shuffled across rows/,
  );
});

test("one category's rows left out: a subset, never faithful", () => {
  const f = check(clustermap(rows.filter((r) => r.g !== "east")));
  assert.equal(f.verdict, "unchecked", JSON.stringify(f.checks));
  assert.ok(f.checks.some((c) => c.check.startsWith("values of clustermap") && c.status === "pass"));
  assert.ok(
    f.checks.some((c) => c.status === "unchecked" && c.detail.includes('not "east"')),
    JSON.stringify(f.checks),
  );
});

test("a row tree over more rows than the check clusters: the tree unchecked, saying why", () => {
  const r2 = lcg(3);
  const many = Array.from({ length: 401 }, (_, i) => ({ g: G[i % 4]!, a: +(100 * r2()).toFixed(3), b: +(100 * r2()).toFixed(3), c: i }));
  const big = tableOf(["g", "a", "b", "c"], many);
  const m = many.map((r) => [r.a, r.b, r.c]);
  // a tree of the right size; its heights are never weighed past the cap
  const merges: Array<[number, number]> = [[0, 1]];
  for (let k = 2; k < m.length; k++) merges.push([k, m.length + k - 2]);
  const s = series({
    kind: "clustermap",
    x: ["a", "b", "c"],
    y: [],
    cells: m.flat(),
    shape: [m.length, 3],
    rowTree: { merges, heights: merges.map((_, k) => k + 1) },
    colTree: null,
  });
  const f = checkFaithfulness(big, [figure([s])]);
  assert.equal(f.verdict, "unchecked", JSON.stringify(f.checks));
  assert.ok(f.checks.some((c) => c.check.startsWith("row dendrogram") && /too many rows \(401, more than 400\)/.test(c.detail)));
});
