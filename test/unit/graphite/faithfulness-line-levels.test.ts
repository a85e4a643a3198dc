// Lines of per-x means by hue × style levels (seaborn's lineplot(hue=, style=)) over a balanced
// design: 6 subjects measured at 8 timepoints in each of 2 regions × 2 events. The data's own
// means are faithful; the signal shuffled across rows gives lines whose values, weighted by the
// levels' sizes, still add up to the signal's total while not being the levels' means:
// unfaithful, naming the timepoint and both sets of means. The signal moved by a constant (or
// stretched by a factor) no baseline or change of unit gives: unfaithful, naming the constant.
// Without a legend titled with the level columns, nothing is claimed.
import { test } from "node:test";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import type { PlottedSeries } from "../../../src/lib/schema/sandbox";
import { figure, series } from "./make";
import { assertVerdict, lcg, tableOf } from "./seeded-table";

const rand = lcg(7);
const rows = ["frontal", "parietal"].flatMap((region) =>
  ["cue", "stim"].flatMap((event) =>
    Array.from({ length: 6 }, (_, s) =>
      Array.from({ length: 8 }, (_, t) => ({
        subject: `s${s}`,
        region,
        event,
        timepoint: t,
        signal: +((region === "frontal" ? 0.1 : -0.05) + (event === "stim" ? 0.05 * t : -0.01 * t) + rand() * 0.1).toFixed(6),
      })),
    ).flat(),
  ),
);
type Row = (typeof rows)[number];
const table = tableOf(["subject", "region", "event", "timepoint", "signal"], rows);

/** One line per region × event: the mean signal at each timepoint, as seaborn's lineplot draws it. */
function lines(data: Row[]): PlottedSeries[] {
  return ["frontal", "parietal"].flatMap((region) =>
    ["cue", "stim"].map((event) => {
      const x = Array.from({ length: 8 }, (_, t) => t);
      const y = x.map((t) => {
        const v = data.filter((r) => r.region === region && r.event === event && r.timepoint === t).map((r) => r.signal);
        return v.reduce((a, b) => a + b, 0) / v.length;
      });
      return series({ kind: "line", label: null, x, y });
    }),
  );
}
function shuffled(): Row[] {
  const r = lcg(3);
  const v = rows.map((x) => x.signal);
  for (let i = v.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [v[i], v[j]] = [v[j]!, v[i]!];
  }
  return rows.map((x, i) => ({ ...x, signal: v[i]! }));
}
const check = (data: PlottedSeries[], legendTitles: string[] = ["region", "event"]) => checkFaithfulness(table, [figure(data, { legendTitles })]);

test("the region × event means of the signal at each timepoint: not unfaithful", () => {
  const f = check(lines(rows));
  if (f.verdict === "unfaithful") throw new Error(JSON.stringify(f.checks));
});

test("the signal shuffled across rows: the lines hold its values but not the levels' means: unfaithful", () => {
  assertVerdict(
    check(lines(shuffled())),
    "unfaithful",
    /the 4 lines' values, weighted by the region × event levels' sizes at each timepoint, add up to the total of signal exactly, .* at timepoint = \d+ they are .* while the region × event levels' mean of signal by timepoint there are .*: the values of signal were moved between rows \(shuffled\)/,
  );
});

test("the signal moved by 0.05, or stretched by 1.37: unfaithful, naming the constant or the factor", () => {
  assertVerdict(
    check(lines(rows.map((r) => ({ ...r, signal: r.signal + 0.05 })))),
    "unfaithful",
    /lines' values are the region × event levels' mean of signal by timepoint \+ 0\.05 .*moved by one constant/,
  );
  assertVerdict(check(lines(rows.map((r) => ({ ...r, signal: r.signal * 1.37 })))), "unfaithful", /× 1\.37 .*stretched by one factor/);
});

test("without a legend titled with the level columns: not unfaithful", () => {
  const f = check(lines(shuffled()), []);
  if (f.verdict === "unfaithful") throw new Error(JSON.stringify(f.checks));
});

test("a legend of hue and style with no title, its columns written as entries (seaborn's relplot): read as titled with them", () => {
  const legendEntries = [{ title: "", labels: ["region", "frontal", "parietal", "event", "cue", "stim"] }];
  const moved = lines(rows.map((r) => ({ ...r, signal: r.signal + 0.05 })));
  assertVerdict(
    checkFaithfulness(table, [figure(moved, { legendTitles: [], legendEntries })]),
    "unfaithful",
    /region × event levels' mean of signal by timepoint \+ 0\.05/,
  );
  // entries that name a column but none of its values are no subtitles: nothing is claimed
  const other = [{ title: "", labels: ["region", "a", "b", "event", "c", "d"] }];
  const f = checkFaithfulness(table, [figure(moved, { legendTitles: [], legendEntries: other })]);
  if (f.verdict === "unfaithful") throw new Error(JSON.stringify(f.checks));
});
