// A numeric hue column changed before it was drawn: the legend, titled with the column, names the
// points' colours as their rows' values moved or stretched. A scatter coloured by a discrete
// legend, a strip whose rows are a set, and a colour scale whose legend colours only a few points
// sit at: each is unfaithful naming the column and the change when the legend is titled with it
// (spelled as a label spells it too), and stays unchecked without a title, for a change of unit,
// and for a move by a baseline (a deviation chart). The data's own levels stay faithful.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, series } from "./make";
import { assertVerdict, tableOf } from "./seeded-table";

const rows = Array.from({ length: 60 }, (_, i) => ({
  day: i % 2 ? "Sat" : "Sun",
  party: 1 + ((i * 7) % 5),
  bill: +(10 + ((i * 37) % 29) + i / 100).toFixed(2),
  tip: +(1 + ((i * 13) % 11) / 3 + i / 1000).toFixed(3),
  // some rows at a mass whose × 1.37 is a round level (3650 → 5000.5, 4380 → 6000.6), some at a round mass
  mass: [3650, 4380, 4000, 5000][i % 10] ?? 3025 + 50 * ((i * 17) % 61),
}));
const table = tableOf(["day", "party", "bill", "tip", "mass"], rows);
const labels = { axisLabels: [{ title: "", xlabel: "bill", ylabel: "tip" }] };

/** tip against bill, each point named by the legend as `hue` names its row. */
const scatter = (hue: (r: (typeof rows)[number]) => string | null, legendTitles: string[]) =>
  checkFaithfulness(table, [
    figure([series({ kind: "scatter", label: null, x: rows.map((r) => r.bill), y: rows.map((r) => r.tip), pointHues: rows.map(hue) })], {
      ...labels,
      legendTitles,
    }),
  ]);

test("a legend titled party naming each point as its row's party × 1.37: unfaithful, naming the change", () => {
  assertVerdict(
    scatter((r) => String(r.party * 1.37), ["party"]),
    "unfaithful",
    /the legend of party names each point's colour as its row's party × 1\.37 \(party \d named [\d.]+/,
  );
  assertVerdict(
    scatter((r) => String(r.party + 0.5), ["party"]),
    "unfaithful",
    /its row's party \+ 0\.5/,
  );
  assertVerdict(
    scatter((r) => String(r.party), ["party"]),
    "faithful",
    /coloured by party row by row/,
  );
});

test("without a title naming the column, for a change of unit, or for a move by a baseline: unchecked, never unfaithful", () => {
  assertVerdict(
    scatter((r) => String(r.party * 1.37), []),
    "unchecked",
    /follow no column of the data row by row/,
  );
  assertVerdict(
    scatter((r) => String(r.party * 1.37), ["size"]),
    "unchecked",
    /follow no column/,
  );
  assertVerdict(
    scatter((r) => String(r.party * 1000), ["party"]),
    "unchecked",
    /follow no column/,
  );
  const mean = rows.reduce((t, r) => t + r.party, 0) / rows.length;
  assertVerdict(
    scatter((r) => String(r.party - mean), ["party"]),
    "unchecked",
    /follow no column/,
  );
});

test("a strip whose colours are named as its rows' party + 0.5 under a legend titled party: unfaithful", () => {
  const strips = (hue: (r: (typeof rows)[number]) => string) =>
    ["Sun", "Sat"].map((d) => {
      const at = rows.filter((r) => r.day === d);
      return series({ kind: "scatter", label: null, x: at.map(() => d), y: at.map((r) => r.bill), pointHues: at.map(hue) });
    });
  const check = (hue: (r: (typeof rows)[number]) => string, legendTitles: string[]) =>
    checkFaithfulness(table, [figure(strips(hue), { axisLabels: [{ title: "", xlabel: "day", ylabel: "bill" }], legendTitles })]);
  assertVerdict(
    check((r) => String(r.party + 0.5), ["party"]),
    "unfaithful",
    /the legend of party names the points' colours as their rows' party \+ 0\.5/,
  );
  assertVerdict(
    check((r) => String(r.party + 0.5), []),
    "unchecked",
    /no column's values in these rows/,
  );
  // other rows' party, changed: the pairs are not the rows' either way, so no claim of a change
  assertVerdict(
    check((r) => String(((r.party + 1) % 5) + 1.5), ["party"]),
    "unchecked",
    /no column's values in these rows/,
  );
});

test("a colour scale whose level colours sit on rows of the titled column × 1.37: unfaithful; at their own levels: unchecked", () => {
  // the legend's levels, as a tick locator gives them; a point sits at one when its value is it
  const levels = [4000, 5000, 6000, 7000, 8000];
  const scaled = (r: (typeof rows)[number]) => {
    const at = levels.find((l) => Math.abs(r.mass * 1.37 - l) < 1);
    return at === undefined ? null : String(at);
  };
  const own = (r: (typeof rows)[number]) => (r.mass % 1000 === 0 ? String(r.mass) : null);
  assert.ok(rows.filter((r) => scaled(r) !== null).length >= 3);
  assertVerdict(scatter(scaled, ["Mass"]), "unfaithful", /the legend of mass shows a colour scale .* rows whose mass × 1\.37 is that level/);
  assertVerdict(scatter(scaled, []), "unchecked", /colour scale the legend shows/);
  assertVerdict(scatter(own, ["mass"]), "unchecked", /colour scale the legend shows/);
});
