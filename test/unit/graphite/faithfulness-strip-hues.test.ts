// A strip's points at one category drawn in the legend's colours (seaborn's stripplot / swarmplot
// with hue=, undodged): the colours are read against the category's rows. Each value in its own
// row's colour is faithful; colours of the hue column's levels on other rows' values (the hue
// shuffled) are unfaithful; levels no column holds (the hue column changed) or a colour scale the
// legend only samples leave the chart unchecked, never faithful.
import { test } from "node:test";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, series } from "./make";
import { assertVerdict, tableOf } from "./seeded-table";

const rows = Array.from({ length: 40 }, (_, i) => ({ day: i % 2 ? "Sat" : "Sun", party: 1 + (i % 4), bill: +(10 + ((i * 37) % 29) + i / 100).toFixed(2) }));
const table = tableOf(["day", "party", "bill"], rows);

/** One strip per day, each point coloured as `hue` names its row. */
const strips = (hue: (r: (typeof rows)[number], i: number) => string | null) =>
  ["Sun", "Sat"].map((d) => {
    const at = rows.map((r, i) => [r, i] as const).filter(([r]) => r.day === d);
    return series({ kind: "scatter", label: null, x: at.map(() => d), y: at.map(([r]) => r.bill), pointHues: at.map(([r, i]) => hue(r, i)) });
  });
const check = (data: ReturnType<typeof strips>) => checkFaithfulness(table, [figure(data, { axisLabels: [{ title: "", xlabel: "day", ylabel: "bill" }] })]);

test("each point in its own row's party colour: faithful, coloured by party", () => {
  assertVerdict(check(strips((r) => String(r.party))), "faithful", "coloured by party row by row");
});

test("party levels on other rows (the hue shuffled): unfaithful, naming party", () => {
  assertVerdict(
    check(strips((_, i) => String(rows[(i + 2) % 40]!.party))),
    "unfaithful",
    /the colours are those the legend gives party's levels, not paired with the values as the rows pair them/,
  );
});

test("levels no column holds (party + 0.5), or a sampled colour scale: unchecked, not faithful", () => {
  assertVerdict(check(strips((r) => String(r.party + 0.5))), "unchecked", /which are no column's values in these rows/);
  assertVerdict(check(strips((r, i) => (i % 3 ? null : String(r.party)))), "unchecked", /colour scale/);
});
