// Violin bodies built here as seaborn builds them (scipy's Gaussian KDE with Scott's bandwidth ×
// bw_adjust, on np.linspace from cut bandwidths below the values to cut above, 100 points; widths
// scaled by density_norm) are read as their category's (and hue level's) density: faithful with
// the bandwidth, cut and norm named; the same bodies drawn from values filled with 0, stretched or
// moved are unfaithful with a detail naming the change; a deliberate subset, a change of unit, a
// body too short to read and sizes no norm gives are "unchecked", never "unfaithful". Seaborn's
// own bodies, drawn for real, are in test/sandbox/graphite/faithfulness-violins-sandbox.test.ts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { FigureMeasure, type PlottedSeries } from "../../../src/lib/schema/sandbox";
import { figure, series } from "./make";
import { lcg, linearPercentile as pct, shuffledColumn, tableOf } from "./seeded-table";

// a seeded table: 3 groups × 2 hue levels, a value column with gaps, a second numeric column
const rand = lcg(7);
const GROUPS = ["A", "B", "C"];
const rows: Array<{ g: string; h: string; v: number; w: number }> = [];
for (let i = 0; i < 240; i++) {
  const g = GROUPS[i % 3]!;
  const h = i % 2 ? "x" : "y";
  // a normal-ish value (sum of uniforms) whose centre depends on the group; every 7th missing, and
  // more of C's (so the groups have different counts)
  const base = { A: 20, B: 35, C: 50 }[g]!;
  const missing = i % 7 === 4 || (g === "C" && i % 5 === 0);
  const v = missing ? NaN : Math.round((base + 12 * (rand() + rand() + rand() - 1.5)) * 10) / 10;
  rows.push({ g, h, v, w: Math.round(rand() * 1000) / 10 });
}
const csv = tableOf(["g", "h", "v", "w"], rows);
const valuesOf = (pick: (r: (typeof rows)[number]) => boolean) => rows.filter((r) => pick(r) && !Number.isNaN(r.v)).map((r) => r.v);

// scipy's gaussian_kde in one dimension, written out for the test
function kde(vals: number[], bwAdjust: number) {
  const n = vals.length;
  const mu = vals.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(vals.reduce((a, b) => a + (b - mu) ** 2, 0) / (n - 1));
  const h = sd * n ** -0.2 * bwAdjust;
  return { h, at: (t: number) => vals.reduce((a, v) => a + Math.exp(-0.5 * ((t - v) / h) ** 2), 0) / (n * h * Math.sqrt(2 * Math.PI)) };
}
interface Body {
  t: number[];
  dens: number[];
  n: number;
}
function body(vals: number[], { bwAdjust = 1, cut = 2, gridsize = 100 } = {}): Body {
  const { h, at } = kde(vals, bwAdjust);
  const lo = Math.min(...vals) - cut * h;
  const hi = Math.max(...vals) + cut * h;
  const t = Array.from({ length: gridsize }, (_, i) => (i === gridsize - 1 ? hi : lo + ((hi - lo) * i) / (gridsize - 1)));
  return { t, dens: t.map(at), n: vals.length };
}
/** The bodies' widths as seaborn scales them (full width 0.8 at the widest). */
function widths(bodies: Body[], norm: "area" | "count" | "width"): number[][] {
  const maxDens = Math.max(...bodies.flatMap((b) => b.dens));
  const maxN = Math.max(...bodies.map((b) => b.n));
  return bodies.map((b) => {
    const peak = Math.max(...b.dens);
    const k = norm === "area" ? 1 / maxDens : norm === "count" ? b.n / maxN / peak : 1 / peak;
    return b.dens.map((d) => 0.8 * d * k);
  });
}
const violin = (at: string | number, b: Body, w: number[], label: string | null = null): PlottedSeries =>
  series({ kind: "violin", label, x: b.t.map(() => at), y: b.t, widths: w });

function chart(bodies: Array<[string, Body]>, norm: "area" | "count" | "width" = "area", extra: PlottedSeries[] = [], labels = { xlabel: "g", ylabel: "v" }) {
  const w = widths(
    bodies.map(([, b]) => b),
    norm,
  );
  const data = [...bodies.map(([at, b], i) => violin(at, b, w[i]!)), ...extra];
  return checkFaithfulness(csv, [figure(data, { axisLabels: [{ title: "", ...labels }] })]);
}
const bodyChecks = (f: ReturnType<typeof checkFaithfulness>) => f.checks.filter((c) => c.check.startsWith("values of violin"));

test("three violins of v by g, as seaborn draws them: faithful, each named with its rows, Scott's bandwidth, cut 2 and the area norm", () => {
  const f = chart(GROUPS.map((g) => [g, body(valuesOf((r) => r.g === g))]));
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks, null, 1));
  const checks = bodyChecks(f);
  assert.equal(checks.length, 3);
  checks.forEach((c, i) => {
    assert.equal(c.status, "pass");
    assert.match(
      c.detail,
      new RegExp(
        `^the density of v where g == "${GROUPS[i]}" \\(\\d+ values; Gaussian kernel, bandwidth [\\d.]+ = 1 × Scott's; the body reaches 2 bandwidths past the values, seaborn's cut\\); sized as seaborn's density_norm="area"$`,
      ),
    );
  });
});

test("bw_adjust 0.5 with cut 0, and bw_adjust 2 with cut 1: the bandwidth and the cut read off the bodies", () => {
  for (const [bwAdjust, cut] of [
    [0.5, 0],
    [2, 1],
  ] as const) {
    const f = chart(
      GROUPS.map((g) => [
        g,
        body(
          valuesOf((r) => r.g === g),
          { bwAdjust, cut },
        ),
      ]),
    );
    assert.equal(f.verdict, "faithful", `${bwAdjust}/${cut}: ${JSON.stringify(bodyChecks(f))}`);
    for (const c of bodyChecks(f)) assert.ok(c.detail.includes(`= ${bwAdjust} × Scott's; the body reaches ${cut} bandwidths past`), c.detail);
  }
});

test("density_norm count and width are read as such; bodies scaled by hand to sizes no norm gives are unchecked, not unfaithful", () => {
  const fair = GROUPS.map((g) => [g, body(valuesOf((r) => r.g === g))] as [string, Body]);
  assert.notEqual(fair[0]![1].n, fair[2]![1].n, "the groups' counts differ, so count is not width");
  for (const norm of ["count", "width"] as const) {
    const f = chart(fair, norm);
    assert.equal(f.verdict, "faithful", JSON.stringify(bodyChecks(f)));
    for (const c of bodyChecks(f)) assert.ok(c.detail.endsWith(`; sized as seaborn's density_norm="${norm}"`), `${norm}: ${c.detail}`);
  }
  const w = widths(
    fair.map(([, b]) => b),
    "area",
  );
  w[1] = w[1]!.map((x) => x * 1.5);
  const f = checkFaithfulness(csv, [figure(fair.map(([g, b], i) => violin(g, b, w[i]!)))]);
  assert.equal(f.verdict, "unchecked");
  for (const c of bodyChecks(f)) {
    assert.equal(c.status, "unchecked");
    assert.match(c.detail, /but the bodies' sizes follow none of seaborn's density_norm rules \(area, count, width\): not confirmed$/);
  }
});

test("hue levels dodged or split: each body is its category's and its legend label's rows", () => {
  const bodies: Body[] = [];
  const labels: string[] = [];
  const ats: string[] = [];
  for (const g of GROUPS)
    for (const h of ["x", "y"]) {
      bodies.push(body(valuesOf((r) => r.g === g && r.h === h)));
      labels.push(h);
      ats.push(g);
    }
  // seaborn norms each hue level on its own (common_norm=False)
  const wx = widths(
    bodies.filter((_, i) => labels[i] === "x"),
    "area",
  );
  const wy = widths(
    bodies.filter((_, i) => labels[i] === "y"),
    "area",
  );
  const data = bodies.map((b, i) => violin(ats[i]!, b, (labels[i] === "x" ? wx : wy)[Math.floor(i / 2)]!, labels[i]!));
  const f = checkFaithfulness(csv, [figure(data)]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks, null, 1));
  assert.match(bodyChecks(f)[0]!.detail, /^the density of v where g == "A" and h == "x" \(/);
  assert.match(bodyChecks(f)[5]!.detail, /^the density of v where g == "C" and h == "y" \(/);
  // the same bodies without their labels are not any category's whole rows
  const unlabelled = checkFaithfulness(csv, [figure(data.map((s) => ({ ...s, label: null })))]);
  assert.equal(unlabelled.verdict, "unchecked");
});

test("ages filled with 0: each violin unfaithful, naming the rows' missing values filled and the mass at 0", () => {
  const filled = (g: string) => rows.filter((r) => r.g === g).map((r) => (Number.isNaN(r.v) ? 0 : r.v));
  const f = chart(GROUPS.map((g) => [g, body(filled(g))]));
  assert.equal(f.verdict, "unfaithful");
  const checks = bodyChecks(f);
  checks.forEach((c, i) => {
    const g = GROUPS[i]!;
    const missing = rows.filter((r) => r.g === g && Number.isNaN(r.v)).length;
    assert.equal(c.status, "fail");
    assert.equal(
      c.detail,
      `the violin at g = ${g} is not the density of v where g == "${g}": it is the density of those ${valuesOf((r) => r.g === g).length} values and ${missing} more at 0: the rows' ${missing} missing v filled with 0 (fillna), mass at 0 the data does not have`,
    );
  });
});

test("values × 1.1 or + 10 are unfaithful, naming the change; × 100 (a change of unit) and a deliberate subset are unchecked", () => {
  const scaled = chart(GROUPS.map((g) => [g, body(valuesOf((r) => r.g === g).map((v) => v * 1.1))]));
  assert.equal(scaled.verdict, "unfaithful");
  assert.match(
    bodyChecks(scaled)[0]!.detail,
    /^the violin at g = A is not the density of v where g == "A": it is the density of v × 1\.1 there: its values stretched \(the body spans /,
  );
  const moved = chart(GROUPS.map((g) => [g, body(valuesOf((r) => r.g === g).map((v) => v + 10))]));
  assert.equal(moved.verdict, "unfaithful");
  assert.match(bodyChecks(moved)[2]!.detail, /it is the density of v \+ 10 there: its values moved/);
  const percent = chart(GROUPS.map((g) => [g, body(valuesOf((r) => r.g === g).map((v) => v * 100))]));
  assert.equal(percent.verdict, "unchecked");
  // rows with w > 30 only: another column's filter, which a chart may well mean
  const subset = chart(GROUPS.map((g) => [g, body(rows.filter((r) => r.g === g && r.w > 30 && !Number.isNaN(r.v)).map((r) => r.v))]));
  assert.equal(subset.verdict, "unchecked");
  for (const c of bodyChecks(subset))
    assert.match(
      c.detail,
      /^no column's density in the rows at "[ABC]" gives this violin \(at any bandwidth and cut\) and nothing shows it wrong: not checked$/,
    );
});

test("a body with too few support points carries too little to read; a lone body on an axes without categories is all the rows'", () => {
  const short = chart(
    GROUPS.map((g) => [
      g,
      body(
        valuesOf((r) => r.g === g),
        { gridsize: 10 },
      ),
    ]),
  );
  assert.equal(short.verdict, "unchecked");
  assert.ok(bodyChecks(short).every((c) => c.status === "unchecked" && c.detail.startsWith("a violin body with too few support points")));
  const all = valuesOf(() => true);
  const b = body(all);
  const lone = checkFaithfulness(csv, [figure([violin(0, b, widths([b], "area")[0]!)])]);
  assert.equal(lone.verdict, "faithful", JSON.stringify(lone.checks));
  assert.match(bodyChecks(lone)[0]!.detail, /^the density of v \(\d+ values;/);
  // two bodies at numeric positions name no category: neither is read
  const two = checkFaithfulness(csv, [figure([violin(0, b, widths([b], "area")[0]!), violin(1, b, widths([b], "area")[0]!)])]);
  assert.equal(two.verdict, "unchecked");
});

test("the inner box (whiskers, quartiles, median) and quartile lines inside confirmed bodies are confirmed; the same lines beside filled bodies fail", () => {
  const sorted = (g: string) => valuesOf((r) => r.g === g).sort((a, b) => a - b);
  const inner = GROUPS.flatMap((g) => {
    const v = sorted(g);
    return [
      series({ kind: "line", x: [g, g], y: [pct(v, 0.25), pct(v, 0.75)] }),
      series({ kind: "line", x: [g], y: [pct(v, 0.5)] }),
      series({ kind: "line", x: [g, g], y: [pct(v, 0.75), pct(v, 0.75)] }),
    ];
  });
  const f = chart(
    GROUPS.map((g) => [g, body(valuesOf((r) => r.g === g))]),
    "area",
    inner,
  );
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks, null, 1));
  const lines = f.checks.filter((c) => c.check.startsWith("values of line"));
  assert.deepEqual(
    lines.slice(0, 3).map((c) => c.detail),
    [
      'the quartiles (the inner box) of v where g == "A", drawn inside its violin as seaborn draws it',
      'the median of v where g == "A", drawn inside its violin as seaborn draws it',
      'the 75th percentile of v where g == "A", drawn inside its violin as seaborn draws it',
    ],
  );
  // a median of the filled values beside a filled body is that change too
  const filled = (g: string) => rows.filter((r) => r.g === g).map((r) => (Number.isNaN(r.v) ? 0 : r.v));
  const med = (g: string) =>
    pct(
      filled(g).sort((a, b) => a - b),
      0.5,
    );
  const bad = chart(
    GROUPS.map((g) => [g, body(filled(g))]),
    "area",
    GROUPS.map((g) => series({ kind: "line", x: [g], y: [med(g)] })),
  );
  const badLines = bad.checks.filter((c) => c.check.startsWith("values of line"));
  assert.ok(
    badLines.every(
      (c) =>
        c.status === "fail" && /^the median of the values the violin around it shows, not of v where g == "[ABC]": it is the density of those/.test(c.detail),
    ),
    JSON.stringify(badLines),
  );
});

test("a category with no violin: the bodies shown are confirmed but the chart is not faithful", () => {
  const f = chart([
    ["A", body(valuesOf((r) => r.g === "A"))],
    ["B", body(valuesOf((r) => r.g === "B"))],
  ]);
  assert.ok(bodyChecks(f).every((c) => c.status === "pass"));
  assert.equal(f.verdict, "unchecked");
  assert.match(f.checks.find((c) => c.check === "categories complete")!.detail, /^the series show rows where g is "A", "B" only \(2 of 3 g values; not "C"\)/);
});

test("a violin series parses with its widths; widths are optional, so older measurements still parse", () => {
  const b = body(valuesOf((r) => r.g === "A"));
  const s = violin("A", b, widths([b], "area")[0]!);
  assert.equal(FigureMeasure.parse(figure([s])).data[0]!.kind, "violin");
  assert.equal(FigureMeasure.safeParse(figure([{ ...s, widths: ["wide"] as unknown as number[] }])).success, false);
  const { widths: _, ...old } = s;
  assert.equal(FigureMeasure.safeParse(figure([old])).success, true);
  // a violin whose widths are missing is not read, and says so
  assert.equal(bodyChecks(checkFaithfulness(csv, [figure([old])]))[0]!.status, "unchecked");
});

test("four violins of 12,500 one-decimal values each (a 50,000-row table): every body confirmed within the chart's fitting budget", () => {
  const r = lcg(5);
  const stores = ["north", "south", "east", "west"];
  const big = Array.from({ length: 50_000 }, (_, i) => ({ s: stores[i % 4]!, d: +(58 + r() * 8).toFixed(1) }));
  const table = tableOf(["s", "d"], big);
  const bodies = stores.map((s) => body(big.filter((b) => b.s === s).map((b) => b.d)));
  const w = widths(bodies, "area");
  const f = checkFaithfulness(table, [
    figure(
      stores.map((s, i) => violin(s, bodies[i]!, w[i]!)),
      { axisLabels: [{ title: "", xlabel: "s", ylabel: "d" }] },
    ),
  ]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.equal(bodyChecks(f).length, 4);
  for (const c of bodyChecks(f)) assert.match(c.detail, /the density of d where s == "\w+" \(12500 values; Gaussian kernel, bandwidth [\d.]+ = 1 × Scott's/);
});

/** v moved between rows (a seeded permutation, gaps included): each group keeps its size, not its values. */
const shuffledV = () => shuffledColumn(rows, "v", 19);
/** seaborn's inner="box" whisker line at g: matplotlib's boxplot_stats whisker ends of the values. */
function whiskerLine(g: string, vals: number[]): PlottedSeries {
  const s = [...vals].sort((a, b) => a - b);
  const q1 = pct(s, 0.25);
  const q3 = pct(s, 0.75);
  const lo = s.find((x) => x >= q1 - 1.5 * (q3 - q1))!;
  const hi = [...s].reverse().find((x) => x <= q3 + 1.5 * (q3 - q1))!;
  return series({ kind: "line", x: [g, g], y: [lo, hi] });
}

test("violins of v shuffled across rows: their whiskers end at v's values their category lacks: unfaithful; a subset's never", () => {
  const moved = shuffledV();
  const of = (rs: typeof rows, g: string) => rs.filter((r) => r.g === g && !Number.isNaN(r.v)).map((r) => r.v);
  const f = chart(
    GROUPS.map((g) => [g, body(of(moved, g))]),
    "area",
    GROUPS.map((g) => whiskerLine(g, of(moved, g))),
  );
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks, null, 1));
  assert.ok(
    f.checks.some(
      (c) =>
        c.status === "fail" &&
        /the violins' whiskers \(seaborn's inner box\) end at values of v, but [3-6] of those 6 ends are no value of v in the rows of their category \(at "[ABC]": [\d.]+\): values from other rows/.test(
          c.detail,
        ),
    ),
    JSON.stringify(f.checks, null, 1),
  );
  // bodies no reading gives (the moved values') around whiskers of every other row of each group:
  // a subset's whisker ends are its category's own values, which claim nothing
  const some = rows.filter((_, i) => i % 2 === 0);
  const g = chart(
    GROUPS.map((k) => [k, body(of(moved, k))]),
    "area",
    GROUPS.map((k) => whiskerLine(k, of(some, k))),
  );
  assert.ok(
    bodyChecks(g).every((c) => c.status === "unchecked"),
    JSON.stringify(bodyChecks(g), null, 1),
  );
  assert.notEqual(g.verdict, "unfaithful", JSON.stringify(g.checks, null, 1));
  // categories no column holds (pd.cut bins, derived labels): whiskers of v there claim nothing
  const bins = ["0-30", "30-40", "40+"];
  const cut = (r: (typeof rows)[number]) => (r.v < 30 ? bins[0]! : r.v < 40 ? bins[1]! : bins[2]!);
  const binned = rows.filter((r) => !Number.isNaN(r.v));
  const h = chart(
    bins.map((b) => [
      b,
      body(
        binned.filter((r) => cut(r) === b).map((r) => r.v),
        { bwAdjust: 0.3 },
      ),
    ]),
    "area",
    bins.map((b) =>
      whiskerLine(
        b,
        binned.filter((r) => cut(r) === b).map((r) => r.v),
      ),
    ),
  );
  assert.ok(
    bodyChecks(h).every((c) => c.status === "unchecked"),
    JSON.stringify(bodyChecks(h), null, 1),
  );
  assert.notEqual(h.verdict, "unfaithful", JSON.stringify(h.checks, null, 1));
});
