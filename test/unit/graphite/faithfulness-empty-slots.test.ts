// A category the axis shows as an empty slot while the data holds its rows (a pandas Categorical
// keeps a tick for a level whose rows were dropped before the plot): unfaithful, naming the level
// and its rows, only when the confirmed series show every value of every other column they name.
// A level simply absent from the axis (a text column filtered), a subset on another column (the
// lunch rows only, which leaves weekend slots empty), and a level whose values are all missing
// (seaborn draws nothing there from the whole data) claim nothing.
import assert from "node:assert/strict";
import { test } from "node:test";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import type { PlottedSeries } from "../../../src/lib/schema/sandbox";
import { figure, series } from "./make";
import { assertVerdict, lcg, tableOf } from "./seeded-table";

const DAYS = ["Thur", "Fri", "Sat", "Sun"];
const rand = lcg(31);
// lunch on weekdays only, dinner every day (as in seaborn's tips): 120 rows
const rows = Array.from({ length: 120 }, (_, i) => {
  const day = DAYS[i % 4]!;
  const time = day === "Sat" || day === "Sun" || i % 3 === 0 ? "Dinner" : "Lunch";
  return { day, time, bill: +(8 + 30 * rand()).toFixed(2), tip: +(1 + 5 * rand()).toFixed(2) };
});
const table = tableOf(["day", "time", "bill", "tip"], rows);

/** A strip of `bill` at each day (seaborn's stripplot, unjittered), from `from`'s rows. */
const strips = (from: typeof rows, days: string[]): PlottedSeries[] =>
  days.map((d) => {
    const at = from.filter((r) => r.day === d);
    return series({ kind: "scatter", label: null, x: at.map(() => d), y: at.map((r) => r.bill) });
  });
const check = (data: PlottedSeries[], ticks: string[] | null, t = table) =>
  checkFaithfulness(t, [figure(data, { axisLabels: [{ title: "", xlabel: "day", ylabel: "bill" }], categoryTicks: [{ x: ticks, y: null }] })]);

test("every day drawn at its slot: faithful", () => {
  assertVerdict(check(strips(rows, DAYS), DAYS), "faithful", 'values of bill where day == "Sun"');
});

test("Sunday's rows dropped, its slot kept empty on the axis: unfaithful, naming Sunday and its rows", () => {
  const kept = rows.filter((r) => r.day !== "Sun");
  assertVerdict(
    check(strips(kept, DAYS.slice(0, 3)), DAYS),
    "unfaithful",
    /the axis shows the category "Sun" \(the data has 30 rows where day == "Sun"\) with nothing drawn at it, while the series show every other day value from all the rows/,
  );
});

test("Sunday absent from the axis too (a text column filtered): a subset, unchecked, never unfaithful", () => {
  const kept = rows.filter((r) => r.day !== "Sun");
  assertVerdict(check(strips(kept, DAYS.slice(0, 3)), DAYS.slice(0, 3)), "unchecked", /a deliberate subset/);
  assertVerdict(check(strips(kept, DAYS.slice(0, 3)), null), "unchecked", /a deliberate subset/);
});

test("the lunch rows only (weekend slots empty, another column filtered): nothing claimed", () => {
  const lunch = rows.filter((r) => r.time === "Lunch");
  const f = check(strips(lunch, ["Thur", "Fri"]), DAYS);
  assertVerdict(f, "unchecked", /a deliberate subset/);
  assert.equal(
    f.checks.find((c) => c.check === "categories shown"),
    undefined,
  );
});

test("a level whose values are all missing: seaborn draws nothing there from the whole data, nothing claimed", () => {
  const gaps = rows.map((r) => (r.day === "Sun" ? { ...r, bill: Number.NaN } : r));
  const t = tableOf(["day", "time", "bill", "tip"], gaps);
  const f = check(strips(rows, DAYS.slice(0, 3)), DAYS, t);
  assertVerdict(f, "unchecked");
  assert.equal(
    f.checks.find((c) => c.check === "categories shown"),
    undefined,
  );
});

/** tip against bill of `from`'s rows, one colour, under a legend titled time listing `levels`. */
const scatterWithLegend = (from: typeof rows, levels: string[]) =>
  checkFaithfulness(table, [
    figure([series({ kind: "scatter", label: null, x: from.map((r) => r.bill), y: from.map((r) => r.tip) })], {
      axisLabels: [{ title: "", xlabel: "bill", ylabel: "tip" }],
      legendEntries: [{ title: "time", labels: levels }],
    }),
  ]);

test("the dinner rows dropped, the legend (time) still listing Dinner: unfaithful, naming it; a legend of Lunch alone is a subset", () => {
  const lunch = rows.filter((r) => r.time === "Lunch");
  assertVerdict(
    scatterWithLegend(lunch, ["Lunch", "Dinner"]),
    "unfaithful",
    /the legend \(time\) lists "Dinner" \(the data has \d+ rows where time == "Dinner"\) but nothing is drawn for it/,
  );
  const f = scatterWithLegend(lunch, ["Lunch"]);
  assert.notEqual(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.equal(
    f.checks.find((c) => c.check === "categories shown"),
    undefined,
  );
});

/** A grid of one facet per day (titled as seaborn titles them), tip against bill of `from`'s rows in each; `days` facets drawn, the others empty. */
const grid = (from: typeof rows, days: string[]) =>
  checkFaithfulness(table, [
    figure(
      DAYS.map((d, a) => {
        const at = days.includes(d) ? from.filter((r) => r.day === d) : [];
        return series({ kind: "scatter", label: null, axes: a, x: at.map((r) => r.bill), y: at.map((r) => r.tip) });
      }),
      { axes: 4, axisLabels: DAYS.map((d) => ({ title: `day = ${d}`, xlabel: "bill", ylabel: "tip" })) },
    ),
  ]);

test("a facet grid whose Sunday facet is empty while the others show their rows: unfaithful, naming the facet; without the empty facet, a subset", () => {
  assertVerdict(grid(rows, DAYS), "faithful");
  assertVerdict(
    grid(rows, DAYS.slice(0, 3)),
    "unfaithful",
    /the facet titled "day = Sun" is empty, but the data has 30 rows it names, while every other facet shows its own rows/,
  );
  const lunch = rows.filter((r) => r.time === "Lunch");
  const f = grid(lunch, ["Thur", "Fri"]);
  assert.notEqual(f.verdict, "unfaithful", JSON.stringify(f.checks));
});

test("a legend's level drawn as an unlabelled series nothing confirms (seaborn's hue bars and lines carry no label): nothing claimed", () => {
  const lunch = rows.filter((r) => r.time === "Lunch");
  const dinner = rows.filter((r) => r.time === "Dinner");
  const f = checkFaithfulness(table, [
    figure(
      [
        series({ kind: "scatter", label: null, x: lunch.map((r) => r.bill), y: lunch.map((r) => r.tip) }),
        // the dinner rows drawn through a transformation no reading knows
        series({ kind: "scatter", label: null, x: dinner.map((r) => r.bill), y: dinner.map((r) => Math.sqrt(r.tip * r.bill) + Math.sin(r.bill)) }),
      ],
      { axisLabels: [{ title: "", xlabel: "bill", ylabel: "tip" }], legendEntries: [{ title: "time", labels: ["Lunch", "Dinner"] }] },
    ),
  ]);
  assert.notEqual(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.equal(
    f.checks.find((c) => c.check === "categories shown"),
    undefined,
  );
});

test("two unlabelled hue bar series under a legend of two levels (countplot hue of a 0/1 column, one read as the column's sum): nothing claimed", () => {
  const r2 = lcg(7);
  const people = Array.from({ length: 90 }, (_, i) => ({ klass: ["First", "Second", "Third"][i % 3]!, survived: r2() < 0.4 ? 1 : 0 }));
  const t = tableOf(["klass", "survived"], people);
  const counts = (v: number) => ["First", "Second", "Third"].map((k) => people.filter((p) => p.klass === k && p.survived === v).length);
  const f = checkFaithfulness(t, [
    figure(
      [0, 1].map((v) => series({ kind: "bar", label: null, x: ["First", "Second", "Third"], y: counts(v) })),
      {
        axisLabels: [{ title: "", xlabel: "klass", ylabel: "count" }],
        legendEntries: [{ title: "survived", labels: ["0", "1"] }],
        categoryTicks: [{ x: ["First", "Second", "Third"], y: null }],
      },
    ),
  ]);
  assert.notEqual(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.equal(
    f.checks.find((c) => c.check === "categories shown"),
    undefined,
  );
});
