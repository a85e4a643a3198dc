// The check's groupby aggregates (faithfulness/aggregate.ts, every AGGS kind) equal what pandas
// computes: df.groupby(g, sort=False)[v].agg(kind) on seeded tables with gaps, ties, constants,
// groups of one row and groups with no value present (sum 0, mean NaN, count 0, std NaN for one
// value: ddof=1). Calls pandas in one trusted Python process (oracle.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { AGGS, aggregate } from "../../src/lib/graphite/faithfulness/aggregate";
import { agree, ok, oracle, rng, SHAPES, Tally, values, wire } from "./support";

type Case = { keys: string[]; values: number[] };

function cases(): Case[] {
  const out: Case[] = [];
  let seed = 1;
  for (const shape of SHAPES)
    for (const gaps of [0, 0.1, 0.5])
      for (const n of [1, 2, 3, 7, 40, 300]) {
        const r = rng(seed++);
        const groups = 1 + Math.floor(r() * 6);
        const keys = Array.from({ length: n }, () => `g${Math.floor(r() * groups)}`);
        out.push({ keys, values: values(r, n, shape, gaps) });
      }
  // pandas' own edge cases (tests/groupby/test_reductions.py): a group whose values are all NaN,
  // a single value, large values whose naive variance cancels
  out.push({ keys: ["a", "a", "b", "c", "c"], values: [NaN, NaN, 3, 1e8 + 1, 1e8 + 2] });
  out.push({ keys: ["a", "b", "b", "b"], values: [5, 1, 1, 1] });
  out.push({ keys: ["a", "a", "a"], values: [0.1, 0.2, 0.3] });
  return out;
}

test("groupby aggregates: every AGGS kind equals pandas' groupby agg on seeded tables", () => {
  const cs = cases();
  const answers = oracle(cs.map((c) => ({ op: "groupby_agg", keys: c.keys, values: wire(c.values), aggs: AGGS })));
  const tallies = new Map(AGGS.map((a) => [a, new Tally()]));
  cs.forEach((c, ci) => {
    const lib = ok<Record<string, Record<string, number | null>>>(answers[ci], `case ${ci}`);
    const groups = new Map<string, number[]>();
    c.keys.forEach((k, i) => {
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k)!.push(c.values[i]!);
    });
    for (const kind of AGGS) {
      const want = lib[kind]!;
      assert.deepEqual(Object.keys(want).sort(), [...groups.keys()].sort(), `case ${ci} ${kind}: pandas' groups`);
      for (const [k, vs] of groups) {
        const ts = aggregate(kind, vs);
        tallies.get(kind)!.check(agree(ts, want[k] ?? null), () => `case ${ci} ${kind} of group ${k} (${vs.length} rows): ours ${ts}, pandas ${want[k]}`);
      }
    }
  });
  const lines = AGGS.map((a) => tallies.get(a)!.summary(a));
  console.log(lines.join("\n"));
  for (const a of AGGS) assert.equal(tallies.get(a)!.bad.length, 0, tallies.get(a)!.summary(a));
  for (const a of AGGS) assert.ok(tallies.get(a)!.cases >= 300, `${a}: too few cases compared`);
});
