// What the check derives from a table is built once per table (faithfulness/memo) and a reading
// it can rule out by length is skipped unbuilt: the reports are the same as from a fresh reading of
// the same CSV, in any order of checks, and the skip's count of finite values is the count the
// built vector has (aggregates: gaps, one-value groups and infinities included; rolling windows).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { groupAggregates } from "../../../src/lib/graphite/faithfulness/grouped";
import { rollings } from "../../../src/lib/graphite/faithfulness/rolling";
import { fromDays, prepareTable } from "../../../src/lib/graphite/faithfulness/table";
import { figure, mean, rolling, series } from "./make";

const text = [
  "day,shop,sales,returns",
  ...Array.from({ length: 40 }, (_, i) => {
    const day = fromDays(19_000 + Math.floor(i / 2));
    const sales = 100 + ((i * 37) % 23);
    return `${day},${i % 2 ? "north" : "south"},${sales},${i % 7 === 3 ? "" : i % 5}`;
  }),
].join("\n");
const rows = text
  .split("\n")
  .slice(1)
  .map((l) => l.split(","));
const byShop = (shop: string, col: number) => rows.filter((r) => r[1] === shop).map((r) => Number(r[col]));
const south = byShop("south", 2);
const charts = [
  [figure([series({ kind: "bar", x: ["north", "south"], y: [mean(byShop("north", 2)), mean(south)] })])],
  [figure([series({ kind: "line", x: south.map((_, i) => 19_000 + i), y: rolling(south, 3) })])],
  [figure([series({ kind: "bar", x: ["north", "south"], y: [mean(byShop("north", 2)) * 1.5, mean(south)] })])],
  [figure([series({ kind: "line", x: [0, 1, 2, 3, 4, 5], y: [3, 1, 4, 1, 5, 9] })])],
];

test("checking charts against one table gives the reports a fresh reading of the CSV gives, in any order", () => {
  const fresh = charts.map((c) => checkFaithfulness(readCsv(text), c));
  assert.equal(fresh[0]!.verdict, "faithful", JSON.stringify(fresh[0]!.checks));
  assert.notEqual(fresh[2]!.verdict, "faithful", JSON.stringify(fresh[2]!.checks));
  const shared = readCsv(text);
  const backwards = [...charts]
    .reverse()
    .map((c) => checkFaithfulness(shared, c))
    .reverse();
  const again = charts.map((c) => checkFaithfulness(shared, c));
  assert.deepEqual(backwards, fresh);
  assert.deepEqual(again, fresh);
  assert.equal(prepareTable(shared), prepareTable(shared), "the table is read once");
});

test("an aggregate's count of finite values, known before it is built, is the count of its built vector", () => {
  const column = [1, Number.NaN, 2, 5, Number.NaN, Number.NaN, 7, 3, Number.POSITIVE_INFINITY, 4];
  const groups = [[0, 1], [2], [4, 5], [3, 6, 7], [8, 9]];
  for (const [col, gappy] of [
    [column, true],
    [column.map((x) => (Number.isFinite(x) ? x : 1)), false],
  ] as const) {
    const keys = groups.map((_, j) => `g${j}`);
    for (const c of groupAggregates(
      (agg) => agg,
      keys,
      () => groups,
      [...col],
      gappy,
      "g",
    )) {
      const built = c.values().filter((v) => Number.isFinite(v)).length;
      if (c.finiteCount) assert.equal(c.finiteCount(), built, `${c.desc} (gappy ${gappy})`);
      else
        assert.ok(
          col.some((x) => x === Number.POSITIVE_INFINITY),
          `${c.desc}: only a column with an infinity has no count`,
        );
    }
  }
  // one-value groups: std, var and sem are NaN there, every other aggregate finite
  const one = [
    ...groupAggregates(
      (agg) => agg,
      ["a", "b"],
      () => [[0], [1, 2]],
      [1, 2, 3],
      false,
      "g",
    ),
  ];
  assert.equal(one.find((c) => c.desc === "std")!.finiteCount!(), 1);
  assert.equal(one.find((c) => c.desc === "mean")!.finiteCount!(), 2);
});

test("a day named again is the same ISO date", () => {
  for (const d of [0, 19_000, 19_000.5, -1, 20_000]) {
    const want = new Date(Math.floor(d + 1e-9) * 86_400_000).toISOString().slice(0, 10);
    assert.equal(fromDays(d), want);
    assert.equal(fromDays(d), want);
  }
});

test("a rolling window's count of finite values, known before it is built, is the count of its built vector", () => {
  const v = Array.from({ length: 70 }, (_, i) => ((i * 7) % 11) - 3.5);
  const days = v.map((_, i) => 19_000 + i * 2);
  let counted = 0;
  for (const c of rollings("v", null, v, days)) {
    assert.ok(c.finiteCount, `${c.desc}: a vector without gaps has its count`);
    assert.equal(c.finiteCount(), c.values().filter((x) => Number.isFinite(x)).length, c.desc);
    counted++;
  }
  assert.ok(counted > 200);
  const gappy = v.map((x, i) => (i % 9 === 4 ? Number.NaN : x));
  for (const c of rollings("gappy", null, gappy, null)) assert.equal(c.finiteCount, undefined, `${c.desc}: with gaps only building tells`);
});
