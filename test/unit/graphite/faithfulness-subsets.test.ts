// Lines drawn from rows picked by two columns at once (lineplot(hue="region", style="event")) or
// by a number used as a hue (relplot(hue="year")): confirmed by key over those rows, "faithful"
// only when every group the data holds is drawn, and never confirmed over a changed column.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { aggregate } from "../../../src/lib/graphite/faithfulness/aggregate";
import { figure, series } from "./make";

// fmri-like: 3 subjects × 2 regions × 2 events × 5 timepoints
const rows: Array<{ subject: string; timepoint: number; event: string; region: string; signal: number }> = [];
// a fixed pseudo-random signal (no two subsets share a mean by symmetry)
let seed = 7;
const next = () => {
  seed = (seed * 48271) % 2147483647;
  return seed / 2147483647;
};
for (const subject of ["s1", "s2", "s3"])
  for (const region of ["parietal", "frontal"])
    for (const event of ["stim", "cue"])
      for (let timepoint = 0; timepoint < 5; timepoint++) rows.push({ subject, timepoint, event, region, signal: Math.round(next() * 1000) / 1000 });
const table = readCsv(
  ["subject,timepoint,event,region,signal", ...rows.map((r) => `${r.subject},${r.timepoint},${r.event},${r.region},${r.signal}`)].join("\n"),
);
const combos = ["parietal", "frontal"].flatMap((region) => ["stim", "cue"].map((event) => ({ region, event })));
const line = (region: string, event: string, k = 1) => {
  const ts = [0, 1, 2, 3, 4];
  const y = ts.map(
    (t) =>
      k *
      aggregate(
        "mean",
        rows.filter((r) => r.region === region && r.event === event && r.timepoint === t).map((r) => r.signal),
      ),
  );
  return series({ kind: "line", x: ts, y });
};
const values = (f: ReturnType<typeof checkFaithfulness>) => f.checks.filter((c) => c.check.startsWith("values of"));
const categories = (f: ReturnType<typeof checkFaithfulness>) => f.checks.find((c) => c.check === "categories complete")!;

test("lineplot(hue='region', style='event'): each line the mean by timepoint over one region × event; all four drawn is faithful", () => {
  const f = checkFaithfulness(table, [figure(combos.map((c) => line(c.region, c.event)))]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.match(values(f)[0]!.detail, /^match mean of signal by timepoint where event == "stim" and region == "parietal" by x value$/);
  assert.equal(categories(f).status, "pass");
  assert.match(categories(f).detail, /all 4 event × region groups/);
});

test("one region × event group left out is a subset: unchecked, naming the group not drawn", () => {
  const f = checkFaithfulness(table, [figure(combos.slice(1).map((c) => line(c.region, c.event)))]);
  assert.equal(f.verdict, "unchecked", JSON.stringify(f.checks));
  assert.match(categories(f).detail, /the series show 3 of the 4 event × region groups \(not stim and parietal\)/);
});

test("a line of the same group with signal × 1.1 is never confirmed over these subsets", () => {
  const f = checkFaithfulness(table, [figure([...combos.slice(1).map((c) => line(c.region, c.event)), line("parietal", "stim", 1.1)])]);
  assert.notEqual(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.doesNotMatch(values(f)[3]!.detail, /^match /);
});

test("relplot(hue='year') with a numeric hue: each line one year's rows", () => {
  const flights = readCsv(
    ["year,month,passengers", ...[1949, 1950, 1951, 1952].flatMap((y) => [1, 2, 3, 4, 5, 6].map((m) => `${y},${m},${100 + ((y * 7 + m * 13) % 29) * 3}`))].join(
      "\n",
    ),
  );
  const lines = [1949, 1950, 1951, 1952].map((y) =>
    series({ kind: "line", x: [1, 2, 3, 4, 5, 6], y: [1, 2, 3, 4, 5, 6].map((m) => 100 + ((y * 7 + m * 13) % 29) * 3) }),
  );
  const f = checkFaithfulness(flights, [figure(lines)]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.match(values(f)[1]!.detail, /where year == "1950"/);
  assert.match(categories(f).detail, /all 4 year groups/);
});
