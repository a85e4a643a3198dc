// A residual plot (seaborn's residplot): x a column row by row, y another column less its
// least-squares line on the first (faithfulness/residuals). The true residuals are faithful, naming
// them; the y column stretched (its residuals × 1.37) or the x column stretched or moved (the
// residuals unchanged, the points' x not the data's) are unfaithful naming the change; residuals
// against a centred x (less its mean) are not evidence. A seeded cars-like table.
import { test } from "node:test";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { figure, series } from "./make";
import { assertVerdict, lcg, tableOf } from "./seeded-table";

const r = lcg(7);
const rows = Array.from({ length: 60 }, () => {
  const weight = Math.round(1600 + 3400 * r());
  return { weight, mpg: +(46 - 0.0075 * weight + 6 * (r() - 0.5)).toFixed(1) };
});
const table = tableOf(["weight", "mpg"], rows);
const w = rows.map((t) => t.weight);
const m = rows.map((t) => t.mpg);
const avg = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
// the least-squares line of mpg on weight, in closed form
const wm = avg(w);
const mm = avg(m);
const slope = w.reduce((a, t, i) => a + (t - wm) * (m[i]! - mm), 0) / w.reduce((a, t) => a + (t - wm) ** 2, 0);
const resid = m.map((t, i) => t - (mm + slope * (w[i]! - wm)));
const labels = { axisLabels: [{ title: "", xlabel: "weight", ylabel: "mpg" }] };
const plot = (x: number[], y: number[]) => checkFaithfulness(table, [figure([series({ kind: "scatter", x, y })], labels)]);

test("the residuals of mpg on weight against weight: faithful, naming them", () => {
  assertVerdict(plot(w, resid), "faithful", /match residuals of mpg on weight \(its least-squares line\), row by row/);
});

test("the residuals × 1.37 (mpg stretched), or weight × 1.37 or + 500 under them: unfaithful, naming the change", () => {
  assertVerdict(
    plot(
      w,
      resid.map((t) => t * 1.37),
    ),
    "unfaithful",
    /the x are column weight row by row, but each y is its row's residual of mpg on weight \(its least-squares line\) × 1\.37/,
  );
  assertVerdict(
    plot(
      w.map((t) => t * 1.37),
      resid,
    ),
    "unfaithful",
    /the y are the residuals of mpg on weight \(its least-squares line\) row by row, but each x is its row's weight × 1\.37/,
  );
  assertVerdict(
    plot(
      w.map((t) => t + 500),
      resid,
    ),
    "unfaithful",
    /each x is its row's weight \+ 500/,
  );
});

test("residuals against weight less its mean (a centred axis), or in other units: not evidence", () => {
  assertVerdict(
    plot(
      w.map((t) => t - wm),
      resid,
    ),
    "unchecked",
  );
  // 1,000 times: kilograms as tonnes
  assertVerdict(
    plot(
      w.map((t) => t / 1000),
      resid,
    ),
    "unchecked",
  );
});
