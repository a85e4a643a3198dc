// sandbox/measure.py maps a series' x values in one vectorised step (dates, pandas period axes,
// categories). Checked here against the point-by-point mapper it replaced, on the axes pandas and
// matplotlib really build, including times of day, microseconds, dates before 1970, weekly and
// monthly periods, and dates beyond what the vectorised step takes (it falls back per point).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "../../..");
const python = process.env.DUELLAB_PYTHON ?? path.join(root, ".venv/bin/python");

// For each axis: the vectorised result, the per-point reference, and whether the vector step ran.
const DRIVER = `
import datetime, json, sys, warnings
sys.path.insert(0, ${JSON.stringify(path.join(root, "sandbox"))})
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import measure

warnings.simplefilter("ignore")
out = {}

def compare(name, ax, axis=None, values=None):
    axis = axis or ax.xaxis
    if values is None:
        values = np.concatenate([np.asarray(l.get_xdata(orig=False), dtype=float) for l in ax.lines])
    values = values[np.isfinite(values)]
    vec = measure._x_vector_mapper(ax, axis)
    scalar = measure._x_mapper_scalar(ax, axis)
    try:
        fast, raised = vec(values), None
    except Exception as e:
        fast, raised = None, type(e).__name__
    ref = []
    for v in values.tolist():
        try:
            ref.append(scalar(v))
        except Exception:
            ref.append(v)
    out[name] = {"vector": vec is not None, "fast": fast, "ref": ref, "viaXMap": measure._XMap(ax, axis).many(values), "raised": raised, "n": len(values)}

def fig():
    plt.close("all")
    return plt.subplots()

# matplotlib dates: midnight, times of day, microseconds, before 1970, a leap day
f, ax = fig()
xs = [datetime.datetime(2024, 2, 29), datetime.datetime(2025, 1, 15, 10, 30), datetime.datetime(1969, 12, 31, 23, 59, 59, 999999),
      datetime.datetime(1901, 3, 1, 0, 0, 0, 1), datetime.datetime(2025, 1, 15, 23, 59, 59, 500000), datetime.datetime(1970, 1, 1)]
ax.plot(xs, range(len(xs)))
compare("matplotlib dates", ax)

# 1,000 random instants over 200 years (fractions of a second included)
rng = np.random.default_rng(7)
f, ax = fig()
stamps = pd.to_datetime("1900-01-01") + pd.to_timedelta(rng.uniform(0, 200 * 365.25 * 86400, 1000), unit="s")
ax.plot(stamps.to_pydatetime(), rng.normal(size=1000))
compare("random instants", ax)

# pandas period axes: daily, hourly, weekly, monthly, business days
for label, idx in [("daily", pd.date_range("2024-12-01", periods=400, freq="D")),
                   ("hourly", pd.date_range("2025-01-01", periods=300, freq="h")),
                   ("weekly", pd.date_range("2024-01-07", periods=80, freq="W")),
                   ("monthly", pd.date_range("1950-01-31", periods=300, freq="ME")),
                   ("business", pd.date_range("2025-01-01", periods=120, freq="B"))]:
    f, ax = fig()
    pd.Series(np.arange(len(idx), dtype=float), index=idx).plot(ax=ax)
    conv = ax.xaxis.get_converter()
    out.setdefault("converters", {})[label] = type(conv).__name__
    compare("period " + label, ax)
    if label == "daily":
        # centuries away (numpy's shortcut for fixed-unit periods), then past year 9999 (refused)
        compare("period daily wide", ax, values=np.array([-200000.0, 0.0, 20089.0, 200000.0]))
        compare("period daily beyond 9999", ax, values=np.array([0.0, 3.5e6]))

# categories (matplotlib's own string axis)
f, ax = fig()
ax.plot(["Go", "Swift", "Kotlin"], [1, 2, 3])
compare("categories", ax)

# plain numbers
f, ax = fig()
ax.plot([0.5, 1.25, 3], [1, 2, 3])
compare("numbers", ax)

# date numbers past year 9999 on a date axis: the vector step refuses, the fallback maps per point
f, ax = fig()
ax.plot([datetime.datetime(2025, 1, 1), datetime.datetime(2025, 1, 2)], [1, 2])
compare("beyond 9999", ax, values=np.array([20089.0, 3.5e6, 20090.5]))

# the whole measurement of a pandas date chart: x values as the reader sees them
f, ax = fig()
s = pd.DataFrame({"a": [1.0, np.nan, 3.0], "b": [4.0, 5.0, 6.0], "c": [7.0, 8.0, 9.0]}, index=pd.date_range("2025-01-14", periods=3, freq="D"))
s.plot(ax=ax)
f.canvas.draw()
out["plotted"] = measure._plotted(f)
print(json.dumps(out))
`;

const r = spawnSync(python, ["-c", DRIVER], { encoding: "utf8", maxBuffer: 64 << 20 });
const got = r.status === 0 ? JSON.parse(r.stdout) : null;

test("the driver ran", () => assert.equal(r.status, 0, r.stderr));

for (const name of [
  "matplotlib dates",
  "random instants",
  "period daily",
  "period hourly",
  "period weekly",
  "period monthly",
  "period business",
  "categories",
]) {
  test(`${name}: the vectorised mapping equals the point-by-point one`, () => {
    const c = got[name];
    assert.equal(c.vector, true);
    assert.equal(c.raised, null, `the vector step raised ${c.raised}`);
    assert.ok(c.n > 0);
    assert.deepEqual(c.fast, c.ref);
    assert.deepEqual(c.viaXMap, c.ref);
  });
}

test("pandas really drew period axes here (so the period path is what was compared)", () => {
  for (const k of ["daily", "hourly", "weekly", "monthly", "business"]) assert.match(got.converters[k], /Period/, k);
});

test("the dates read as ISO strings: date alone at midnight, else to the second (microseconds cut)", () => {
  assert.deepEqual(got["matplotlib dates"].fast, [
    "2024-02-29",
    "2025-01-15T10:30:00",
    "1969-12-31T23:59:59",
    "1901-03-01T00:00:00",
    "2025-01-15T23:59:59",
    "1970-01-01",
  ]);
  assert.equal(got["period daily"].fast[0], "2024-12-01");
  assert.equal(got["period hourly"].fast[1], "2025-01-01T01:00:00");
  assert.equal(got.categories.fast.join(","), "Go,Swift,Kotlin");
});

test("a daily period axis centuries away maps in the vector step; past year 9999 it falls back per point", () => {
  const wide = got["period daily wide"];
  assert.equal(wide.raised, null);
  assert.deepEqual(wide.fast, wide.ref);
  assert.deepEqual(wide.fast, ["1422-06-03", "1970-01-01", "2025-01-01", "2517-08-01"]);
  const beyond = got["period daily beyond 9999"];
  assert.equal(beyond.raised, "OverflowError");
  assert.deepEqual(beyond.viaXMap, beyond.ref);
  assert.equal(beyond.viaXMap[0], "1970-01-01");
});

test("plain numbers stay numbers (no mapping step at all)", () => {
  assert.equal(got.numbers.vector, false);
  assert.deepEqual(got.numbers.viaXMap, [0.5, 1.25, 3]);
});

test("a date beyond year 9999: the vector step refuses, and the result falls back point by point", () => {
  const c = got["beyond 9999"];
  assert.equal(c.raised, "OverflowError");
  assert.deepEqual(c.viaXMap, c.ref);
  assert.equal(c.viaXMap[0], "2025-01-01");
  assert.equal(c.viaXMap[1], 3.5e6, "a number no date can be stays the number");
  assert.equal(c.viaXMap[2], "2025-01-02T12:00:00");
});

test("measured pandas date series: ISO x values, the NaN point left out, shared x mapped alike", () => {
  const [a, b, c] = got.plotted.filter((s: { kind: string }) => s.kind === "line");
  assert.deepEqual(a.x, ["2025-01-14", "2025-01-16"]);
  assert.deepEqual(a.y, [1, 3]);
  assert.equal(a.truncated, false);
  assert.deepEqual(b.x, ["2025-01-14", "2025-01-15", "2025-01-16"]);
  assert.deepEqual(c.x, b.x);
  assert.deepEqual(c.y, [7, 8, 9]);
});
