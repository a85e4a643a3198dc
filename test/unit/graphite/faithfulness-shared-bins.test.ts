// Histograms of hue levels on the whole column's bins (seaborn's histplot(hue=...) shares them):
// the column moved by a constant or stretched, binned the same way, reads "unfaithful" with a
// detail naming the subset and the change; the true levels are faithful, and bars dodged
// by seaborn (exactly where it puts m levels within a bin) are never called moved. Small
// synthetic table.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, series } from "./make";

const values = (f: ReturnType<typeof checkFaithfulness>) => f.checks.filter((c) => c.check.startsWith("values of"));

// two levels with different ranges: a's own minimum and maximum are not the column's
const a = [181, 184, 186, 187, 190, 190, 193, 195, 197, 201];
const b = [172, 178, 203, 208, 210, 212, 215, 216, 221, 225, 231];
const table = readCsv(["flipper,species", ...a.map((v) => `${v},a`), ...b.map((v) => `${v},b`)].join("\n") + "\n");
const all = [...a, ...b];
const lo = Math.min(...all);
const hi = Math.max(...all);
const nb = 6;
const w = (hi - lo) / nb;

/** numpy's histogram of `vals` on nb bins from `from`: [e, e + w) and the last bin closed. */
function hist(vals: number[], from: number, width: number): number[] {
  const out = new Array<number>(nb).fill(0);
  for (const v of vals) out[Math.min(nb - 1, Math.floor((v - from) / width + 1e-9))]!++;
  return out;
}
const centres = (from: number, width: number, off = 0) => Array.from({ length: nb }, (_, i) => from + (i + 0.5) * width + off);
const bars = (x: number[], y: number[]) => series({ kind: "bar", x, y });

test("levels binned on the column's shared bins are faithful", () => {
  const f = checkFaithfulness(table, [figure([bars(centres(lo, w), hist(a, lo, w)), bars(centres(lo, w), hist(b, lo, w))])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
});

test("the column + 10 binned on its shared bins: unfaithful, naming the level and the move", () => {
  const d = 10;
  const f = checkFaithfulness(table, [
    figure([
      bars(
        centres(lo + d, w),
        hist(
          a.map((v) => v + d),
          lo + d,
          w,
        ),
      ),
    ]),
  ]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(values(f)[0]!.detail, /^the bars are a histogram of flipper where species == "a" \+ 10: every bin edge is the data's moved by 10/);
});

test("the column × 2 binned on its shared bins: unfaithful, naming the level and the factor", () => {
  const f = checkFaithfulness(table, [
    figure([
      bars(
        centres(2 * lo, 2 * w),
        hist(
          a.map((v) => 2 * v),
          2 * lo,
          2 * w,
        ),
      ),
    ]),
  ]);
  assert.equal(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.match(values(f)[0]!.detail, /^the bars are a histogram of flipper where species == "a" × 2: every bin edge is 2 × the data's/);
});

test("levels dodged on the shared bins (a quarter bin each way) are not called moved", () => {
  const f = checkFaithfulness(table, [figure([bars(centres(lo, w, -w / 4), hist(a, lo, w)), bars(centres(lo, w, w / 4), hist(b, lo, w))])]);
  assert.notEqual(f.verdict, "unfaithful", JSON.stringify(f.checks));
  assert.ok(!values(f).some((c) => /moved by/.test(c.detail)), JSON.stringify(f.checks));
});

test("the whole column + 1 on its own bins (a tenth of a bin, no dodge): unfaithful; a dodge of 3 levels is not a move", () => {
  const moved = checkFaithfulness(table, [
    figure([
      bars(
        centres(lo + 1, w),
        hist(
          all.map((v) => v + 1),
          lo + 1,
          w,
        ),
      ),
    ]),
  ]);
  assert.equal(moved.verdict, "unfaithful", JSON.stringify(moved.checks));
  assert.match(values(moved)[0]!.detail, /^the bars are a histogram of flipper \+ 1: every bin edge is the data's moved by 1/);
  const third = checkFaithfulness(table, [figure([bars(centres(lo, w, w / 3), hist(all, lo, w))])]);
  assert.notEqual(third.verdict, "unfaithful", JSON.stringify(third.checks));
});
