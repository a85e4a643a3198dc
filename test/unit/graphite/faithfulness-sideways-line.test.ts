// Lines and bands drawn sideways (lineplot(orient="y")): a line whose y strictly increase (or
// decrease) and whose x are numbers is read with its axes exchanged, and confirmed only as a
// per-key aggregate at every key (the mean of x by y), saying it is drawn sideways; the same line
// with its values scaled, its keys shifted or its values moved between keys is unfaithful, its
// detail naming the axes as drawn; a line whose y do not run one way is never turned. A band marked sideways says "at every y". Pure.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { weighBand } from "../../../src/lib/graphite/faithfulness/bands";
import { turnedLine } from "../../../src/lib/graphite/faithfulness/sideways-line";
import { prepareTable } from "../../../src/lib/graphite/faithfulness/table";
import { figure, series } from "./make";

// 10 floors of 12 months each, the readings growing with the floor (not in a straight line, which
// a least-squares fit would read first) with a monthly wobble
const rows = ["floor,month,reading"];
for (let y = 1; y <= 10; y++) for (let m = 1; m <= 12; m++) rows.push(`${y},m${m},${100 + y * y * 7 + ((m * 37 + y * 11) % 50)}`);
const csv = readCsv(rows.join("\n") + "\n");
const floors = Array.from({ length: 10 }, (_, k) => 1 + k);
const byFloor = floors.map((y) => {
  const v = csv.rows.filter((r) => Number(r[0]) === y).map((r) => Number(r[2]));
  return v.reduce((a, b) => a + b, 0) / v.length;
});
const check = (x: number[], y: number[]) => checkFaithfulness(csv, [figure([series({ kind: "line", x, y })])]);
const valuesOf = (f: ReturnType<typeof check>) => f.checks.find((c) => c.check.startsWith("values of"))!;

test("a line of the mean of x at each sorted y is confirmed as the mean by y, drawn sideways (keys ascending or descending)", () => {
  for (const [x, y] of [
    [byFloor, floors],
    [[...byFloor].reverse(), [...floors].reverse()],
  ] as const) {
    const f = check([...x], [...y]);
    assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
    assert.match(valuesOf(f).detail, /^match mean of reading by floor by y value, drawn sideways \(the keys up the y axis, the values along x\)/);
  }
});

test("the sideways line scaled, its keys shifted, or its values moved between keys is unfaithful, named with the axes as drawn", () => {
  const twins: Array<[string, number[], number[], RegExp]> = [
    ["scaled", byFloor.map((v) => v * 1.37), floors, /^every value is 1\.37 × mean of reading by floor \(by y value\): no change of unit/],
    [
      "keys shifted",
      byFloor,
      floors.map((y) => y + 3),
      /^the x are mean of reading by floor, but each y is its floor \+ 3 .*the values are not at their own y /,
    ],
    ["values moved", [byFloor[1]!, byFloor[0]!, ...byFloor.slice(2)], floors, /^8 of 10 points match mean of reading by floor by y value, 2 do not/],
  ];
  for (const [what, x, y, named] of twins) {
    const f = check(x, y);
    assert.equal(f.verdict, "unfaithful", `${what}: ${JSON.stringify(f.checks)}`);
    assert.equal(valuesOf(f).status, "fail", what);
    assert.match(valuesOf(f).detail, named, what);
    assert.match(valuesOf(f).detail, /\(read sideways: the keys up the y axis, the values along x\)$/, what);
  }
});

test("only a line with numeric x and y running one way is turned", () => {
  assert.ok(turnedLine(series({ kind: "line", x: [3, 1, 2], y: [1, 2, 3] })));
  assert.equal(turnedLine(series({ kind: "line", x: [3, 1, 2], y: [1, 3, 2] })), null);
  assert.equal(turnedLine(series({ kind: "line", x: [3, 1, 2], y: [1, 1, 2] })), null);
  assert.equal(turnedLine(series({ kind: "line", x: ["a", "b", "c"], y: [1, 2, 3] })), null);
  assert.equal(turnedLine(series({ kind: "scatter", x: [3, 1, 2], y: [1, 2, 3] })), null);
  assert.equal(turnedLine(series({ kind: "line", x: [3, 1, 2], y: [1, 2, 3], truncated: true })), null);
});

test("a band marked sideways names y where an upright band names x, and says it is drawn sideways", () => {
  const p = prepareTable(csv);
  const lo = byFloor.map((v) => v - 1);
  const hi = byFloor.map((v) => v + 1);
  const upright = weighBand(series({ kind: "band", x: floors, y: hi, lower: lo }), p);
  const turned = weighBand(series({ kind: "band", x: floors, y: hi, lower: lo, sideways: true }), p);
  assert.match(upright.detail, /within its values at every x, /);
  assert.doesNotMatch(upright.detail, /sideways/);
  assert.match(turned.detail, /within its values at every y, .*drawn sideways \(its keys up the y axis, its edges along x\)/);
  assert.equal(turned.status, upright.status);
  assert.equal(turned.consistent, upright.consistent);
});
