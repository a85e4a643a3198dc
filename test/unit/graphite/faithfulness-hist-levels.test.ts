// Hue levels' histograms on the bins they share (seaborn's histplot(hue=), layered or stacked), read
// together: each level's bars its rows' histogram, also under seaborn's common normalisation
// (density or percent over all levels' values), is faithful; bars that together are the column's
// histogram exactly while each counts as many values as its level has but not its values (the
// column shuffled across rows) are unfaithful, naming the level column, when the legend is titled
// with it. Without that title, with level sizes no column has (a derived hue), with rows filtered
// out, or with too few values, nothing is called unfaithful.
import { test } from "node:test";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import type { PlottedSeries } from "../../../src/lib/schema/sandbox";
import { figure, series } from "./make";
import { assertVerdict, lcg, shuffledColumn, tableOf } from "./seeded-table";

const SHIFTS = ["early", "late", "night"] as const;
/** 200 calls: 90 early, 70 late, 40 night, each shift's minutes drawn around its own centre. */
const rand = lcg(7);
const calls = Array.from({ length: 200 }, (_, i) => {
  const shift = SHIFTS[i < 90 ? 0 : i < 160 ? 1 : 2]!;
  const centre = { early: 6, late: 11, night: 17 }[shift];
  return { shift, minutes: +(centre + (rand() + rand() + rand() - 1.5) * 6).toFixed(3) };
});
const table = tableOf(["shift", "minutes"], calls);

const LO = Math.min(...calls.map((c) => c.minutes));
const HI = Math.max(...calls.map((c) => c.minutes));
const BINS = 12;

/** np.histogram of `v` on the column's own range in BINS bins (the last bin closed), as bars at the centres, × k. */
function bars(v: number[], k = 1): PlottedSeries {
  const w = (HI - LO) / BINS;
  const y = new Array<number>(BINS).fill(0);
  for (const t of v) y[Math.min(BINS - 1, Math.floor((t - LO) / w))]!++;
  return series({ kind: "bar", label: null, x: y.map((_, i) => LO + (i + 0.5) * w), y: y.map((c) => c * k) });
}

/** One series per shift, of the minutes `rows` give each shift. */
const levels = (rows: typeof calls, k = 1) =>
  SHIFTS.map((s) =>
    bars(
      rows.filter((c) => c.shift === s).map((c) => c.minutes),
      k,
    ),
  );

/** The minutes moved between rows (a seeded permutation): each shift keeps its size, not its values. */
const shuffled = () => shuffledColumn(calls, "minutes", 11);

const check = (data: PlottedSeries[], legendTitles: string[] = ["shift"], t = table) => checkFaithfulness(t, [figure(data, { legendTitles })]);

test("each shift's bars its rows' histogram on the shared bins: faithful", () => {
  assertVerdict(check(levels(calls)), "faithful", 'histogram of minutes where shift == "night"');
});

test("seaborn's common_norm: densities and percents over all levels' values together are read, and faithful", () => {
  const w = (HI - LO) / BINS;
  assertVerdict(
    check(levels(calls, 1 / (200 * w))),
    "faithful",
    /where shift == "late" \(density over all 3 levels' values together, as seaborn normalises hue levels \(common_norm\)/,
  );
  assertVerdict(check(levels(calls, 100 / 200)), "faithful", /percent over all 3 levels' values together/);
});

test("the minutes shuffled across rows: together the column's histogram, each level not its own: unfaithful, naming the move", () => {
  const f = check(levels(shuffled()));
  assertVerdict(
    f,
    "unfaithful",
    /the 3 series of bars together are the histogram of minutes exactly \(counts, 12 bins\), and this one counts as many values as shift == "(early|late|night)" has \(\d+\), but not its values.*moved between rows \(shuffled\)/,
  );
});

test("the same bars without a legend titled with the level column claim nothing", () => {
  const f = check(levels(shuffled()), []);
  assertVerdict(f, "unchecked");
});

test("a derived hue (minutes above and below 10, legend titled shift): sizes no shift has, not unfaithful", () => {
  const m = calls.map((c) => c.minutes);
  const f = check([bars(m.filter((t) => t < 10)), bars(m.filter((t) => t >= 10))]);
  assertVerdict(f, "unchecked");
});

test("rows filtered out before a shuffled chart: the levels miss the column's histogram, so nothing is claimed", () => {
  const kept = shuffled().filter((_, i) => i % 10 !== 3);
  assertVerdict(check(levels(kept)), "unchecked");
});

test("too few values (24 calls) to make the levels adding up evidence: not unfaithful", () => {
  const few = calls.filter((_, i) => i % 8 === 0 || i === 199);
  const t = tableOf(["shift", "minutes"], few);
  const r = lcg(3);
  const moved = few.map((c) => c.minutes).sort(() => r() - 0.5);
  const rows = few.map((c, i) => ({ ...c, minutes: moved[i]! }));
  const f = check(
    SHIFTS.map((s) => bars(rows.filter((c) => c.shift === s).map((c) => c.minutes))),
    ["shift"],
    t,
  );
  if (f.verdict === "unfaithful") throw new Error(`called unfaithful on 24 values: ${JSON.stringify(f.checks)}`);
});

test("a column with gaps shuffled across rows: its gaps move with it, so a level's size may differ by them; still unfaithful, saying so", () => {
  // two calls with no minutes recorded (empty fields, NaN), both early: the shuffle moves a gap to another shift
  const gappy = calls.map((c, i) => (i === 3 || i === 40 ? { ...c, minutes: Number.NaN } : c));
  const t = tableOf(["shift", "minutes"], gappy);
  const moved = shuffledColumn(gappy, "minutes", 11);
  const drawn = (rows: typeof gappy) => SHIFTS.map((s) => bars(rows.filter((c) => c.shift === s && !Number.isNaN(c.minutes)).map((c) => c.minutes)));
  // the bars of the unshuffled column stay faithful
  assertVerdict(check(drawn(gappy), ["shift"], t), "faithful");
  const sizes = SHIFTS.map((s) => moved.filter((c) => c.shift === s && !Number.isNaN(c.minutes)).length);
  const own = SHIFTS.map((s) => gappy.filter((c) => c.shift === s && !Number.isNaN(c.minutes)).length);
  if (sizes.every((n, k) => n === own[k])) throw new Error("the seed moved no gap between shifts: the test would not test the gaps");
  assertVerdict(
    check(drawn(moved), ["shift"], t),
    "unfaithful",
    /counts \d+ values, as many as shift == "\w+" has \(\d+\) give or take the 2 gaps of minutes moved with them, but not its values/,
  );
});

test("facets titled with the levels themselves (seaborn.objects' facet): each its level's histogram is faithful, the column shuffled unfaithful", () => {
  /** One series per axes, each axes titled with its shift; the bins a shift leaves empty undrawn, as so.Bars leaves them. */
  const faceted = (rows: typeof calls, share = false) => {
    const data = levels(rows).map((s, a) => {
      const keep = s.y.map((c) => c > 0);
      const n = s.y.reduce((t, c) => t + c, 0);
      return { ...s, axes: a, x: (s.x as number[]).filter((_, j) => keep[j]), y: s.y.filter((_, j) => keep[j]).map((c) => (share ? c / n : c)) };
    });
    return checkFaithfulness(table, [figure(data, { axes: 3, axisLabels: SHIFTS.map((t) => ({ title: t, xlabel: "minutes", ylabel: "" })) })]);
  };
  // each facet's bars are its rows' histogram alone already
  assertVerdict(faceted(calls), "faithful", 'histogram of minutes where shift == "night"');
  assertVerdict(faceted(shuffled()), "unfaithful", /the 3 series of bars together are the histogram of minutes exactly .* moved between rows \(shuffled\)/);
  // each facet a share of its own values (so.Hist(stat="proportion", common_norm=False))
  assertVerdict(faceted(calls, true), "faithful");
  assertVerdict(
    faceted(shuffled(), true),
    "unfaithful",
    /exactly \(normalised within each facet, 12 bins\), and this one counts as many values as shift == "\w+" has/,
  );
});
