// Faithfulness on the forms of chart code others write (seaborn's categorical plots and heatmaps,
// countplot percentages across hue, np.histogram's edges, deliberate subsets) and on their
// falsified twins (x moved, values scaled, a category dropped): each class of false verdict found
// on public gallery code, rebuilt on the project's own small tables.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../../src/lib/graphite/faithfulness";
import { boxStats } from "../../../src/lib/graphite/faithfulness/boxes";
import { figure, series } from "./make";

const values = (f: ReturnType<typeof checkFaithfulness>) => f.checks.filter((c) => c.check.startsWith("values of"));
const category = (f: ReturnType<typeof checkFaithfulness>) => f.checks.find((c) => c.check === "categories complete")!;

// ten passengers: class, sex, fare
const ship = readCsv(
  [
    "class,sex,fare,age",
    "First,female,80,38",
    "First,male,52,54",
    "First,female,71,35",
    "Second,male,13,27",
    "Second,female,30,14",
    "Third,male,7.25,22",
    "Third,male,8.05,35",
    "Third,female,7.9,26",
    "Third,male,8.5,19",
    "Third,female,11.1,4",
    "Third,male,7.75,40",
  ].join("\n") + "\n",
);
const classes = ["First", "Second", "Third"];
const rowsOf = (cls: string, sex?: string) =>
  ship.rows.filter((r) => r[0] === cls && (sex === undefined || r[1] === sex)).map((r) => ({ fare: Number(r[2]), age: Number(r[3]) }));

test("countplot(stat='percent', hue=...): each hue's bars are percents of all rows, not of its own rows", () => {
  const bars = ["female", "male"].map((sex) =>
    series({ kind: "bar", label: sex, x: classes, y: classes.map((c) => (100 * rowsOf(c, sex).length) / ship.rows.length) }),
  );
  const f = checkFaithfulness(ship, [figure(bars)]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.match(values(f)[0]!.detail, /count of rows by class where sex == "female" as a share of all rows \(in percent\) by x value/);
  // the same bars as percents of each hue's own rows are a normalisation too, but 0.9 × is not
  const off = checkFaithfulness(ship, [figure([series({ kind: "bar", label: "female", x: classes, y: [2, 1, 2].map((c) => (90 * c) / 11) })])]);
  assert.notEqual(off.verdict, "faithful");
});

test("two series of dodged bars at the same categories are read each at its own category, and together complete", () => {
  // seaborn's barplot(x="class", y="fare", hue="sex"): the sandbox reports each bar at the category it stands at
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const bars = ["female", "male"].map((sex) => series({ kind: "bar", label: sex, x: classes, y: classes.map((c) => mean(rowsOf(c, sex).map((r) => r.fare))) }));
  const f = checkFaithfulness(ship, [figure(bars)]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.equal(values(f)[1]!.detail, 'match mean of fare by class where sex == "male" by x value');
  // one hue dropped (rows of one sex removed before plotting): not "faithful", not a failure either
  const dropped = checkFaithfulness(ship, [figure([bars[1]!])]);
  assert.equal(dropped.verdict, "unchecked");
  assert.match(category(dropped).detail, /rows where sex is "male" only \(1 of 2 sex values; not "female"\)/);
});

test("np.histogram's edges: values on inner edges go up or down each by its own floating-point edge", () => {
  // np.histogram(v, 10) in numpy 2 (called in .venv): 34.8 lies below the edge 34.800000000000004
  // and goes down, 34.5 and 36.0 sit on their edges and go up
  const v = [33.6, 33.9, 34.5, 34.8, 34.8, 35.1, 35.4, 35.7, 36.0, 36.3, 36.4, 36.6];
  const t = readCsv(`i,v\n${v.map((x, i) => `${i},${x}`).join("\n")}\n`);
  const edges = [33.6, 33.9, 34.2, 34.5, 34.800000000000004, 35.1, 35.4, 35.7, 36.0, 36.300000000000004, 36.6];
  const counts = [1, 1, 0, 3, 0, 1, 1, 1, 2, 2];
  const x = counts.map((_, i) => edges[i]! + (edges[i + 1]! - edges[i]!) / 2);
  const f = checkFaithfulness(t, [figure([series({ kind: "bar", x, y: counts })])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.match(values(f)[0]!.detail, /histogram of v \(counts, 10 bins; values on a bin edge counted as numpy counts them\)/);
  // 36.4, inside the last bin, moved into the one before: no placement of the edge values gives it
  const moved = checkFaithfulness(t, [figure([series({ kind: "bar", x, y: [1, 1, 0, 3, 0, 1, 1, 1, 3, 1] })])]);
  assert.equal(moved.verdict, "unfaithful");
  assert.match(values(moved)[0]!.detail, /not bin by bin/);
});

test("a box plot's lines at each category are its quartiles, median and whiskers (matplotlib's)", () => {
  const lines = classes.flatMap((c) => {
    const [q1, med, q3, lo, hi] = boxStats(rowsOf(c).map((r) => r.age));
    return [
      series({ x: [c, c], y: [q1!, lo!] }),
      series({ x: [c, c], y: [q3!, hi!] }),
      series({ x: [c, c], y: [lo!, lo!] }),
      series({ x: [c, c], y: [hi!, hi!] }),
      series({ x: [c, c], y: [med!, med!] }),
    ];
  });
  const f = checkFaithfulness(ship, [figure(lines)]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.equal(values(f)[0]!.detail, 'match box of age where class == "First" (quartiles, median and 1.5 × IQR whiskers, as matplotlib computes them)');
  // the same boxes for ages × 1.1 are no box of any column: markers, not checked, never "faithful"
  const scaled = lines.map((s) => ({ ...s, y: s.y.map((y) => y * 1.1) }));
  assert.notEqual(checkFaithfulness(ship, [figure(scaled)]).verdict, "faithful");
});

test("one point, a constant or a 3-point line is no evidence: never a failure", () => {
  // a box plot's outlier drawn alone, and a flat line at a category
  const one = checkFaithfulness(ship, [figure([series({ x: [0.3], y: [123.4] })])]);
  assert.equal(one.verdict, "unchecked");
  const flat = checkFaithfulness(ship, [figure([series({ x: [0, 1, 2, 3], y: [5, 5, 5, 5] })])]);
  assert.equal(flat.verdict, "unchecked");
  assert.match(values(flat)[0]!.detail, /carries too little information/);
  // three points that are some factor of some reading: one of thousands fits by chance
  const three = checkFaithfulness(ship, [figure([series({ x: [0, 1, 2], y: [0.964663 * 80, 0.964663 * 52, 0.964663 * 71] })])]);
  assert.ok(!three.checks.some((c) => c.status === "fail"), JSON.stringify(three.checks));
});

test("a deliberate subset (.query, .loc) is never a failure, and never 'faithful' either", () => {
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const two = ["First", "Third"];
  const f = checkFaithfulness(ship, [figure([series({ kind: "bar", x: two, y: two.map((c) => mean(rowsOf(c).map((r) => r.fare))) })])]);
  assert.equal(f.verdict, "unchecked");
  assert.equal(values(f)[0]!.status, "pass");
  assert.equal(category(f).status, "unchecked");
  assert.match(category(f).detail, /shows 2 of 3 class values \(missing Second\): a deliberate subset/);
});

// passengers per month of three years (a flights-like table)
const months = ["Jan", "Feb", "Mar", "Apr"];
const flights = readCsv(
  ["year,month,passengers", ...[1949, 1950, 1951].flatMap((y, i) => months.map((m, j) => `${y},${m},${100 + 10 * i + 3 * j + ((i * j) % 5)}`))].join("\n") +
    "\n",
);
const passengers = (m: string) => flights.rows.filter((r) => r[1] === m).map((r) => Number(r[2]));

test("a line per month against the year: confirmed pair by pair; x moved by a year fails, naming it", () => {
  const lines = months.map((m) => series({ label: m, x: [1949, 1950, 1951], y: passengers(m) }));
  const f = checkFaithfulness(flights, [figure(lines)]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.match(values(f)[0]!.detail, /^match column passengers against column year where month == "Jan"/);
  const shifted = lines.map((s) => ({ ...s, x: (s.x as number[]).map((x) => x + 1) }));
  const g = checkFaithfulness(flights, [figure(shifted)]);
  assert.equal(g.verdict, "unfaithful", JSON.stringify(g.checks));
  assert.match(values(g)[0]!.detail, /each x is year \+ 1 of the same row where month == "Jan": the points are not at the data's x/);
});

test("y matched only as a set, x not the reading's keys: not confirmed, so not 'faithful'", () => {
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  // bars at unlabelled positions 0..2 holding the class means in another order
  const y = ["Third", "First", "Second"].map((c) => mean(rowsOf(c).map((r) => r.fare)));
  const f = checkFaithfulness(ship, [figure([series({ kind: "bar", x: [0.5, 1.5, 2.5], y })])]);
  assert.notEqual(f.verdict, "faithful");
  assert.match(values(f)[0]!.detail, /which value belongs to which x is not confirmed/);
});

test("heatmaps: a pivot table's cells at their own row and column, the columns' correlation; a scaled or moved cell is not", () => {
  const rowsX = flights.rows.map((r) => String(r[0]));
  const cell = (y: string, m: string) => Number(flights.rows.find((r) => r[0] === y && r[1] === m)![2]);
  const years = ["1949", "1950", "1951"];
  const rows = years.flatMap((y) => months.map(() => y));
  const x = years.flatMap(() => months);
  const y = years.flatMap((yr) => months.map((m) => cell(yr, m)));
  assert.equal(rowsX.length, 12);
  const heat = series({ kind: "heatmap", x, y, rows });
  const f = checkFaithfulness(flights, [figure([heat])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.match(
    values(f)[0]!.detail,
    /^match (mean|sum|median|min|max|first|last) of passengers by year and month, every cell at its own row and column \(12 cells\)$/,
  );
  const scaled = checkFaithfulness(flights, [figure([{ ...heat, y: y.map((v) => v * 1.1) }])]);
  assert.equal(scaled.verdict, "unfaithful");
  assert.match(values(scaled)[0]!.detail, /^every cell is 1\.1 × /);
  const moved = [...y];
  [moved[0], moved[1]] = [moved[1]!, moved[0]!];
  const swapped = checkFaithfulness(flights, [figure([{ ...heat, y: moved }])]);
  assert.equal(swapped.verdict, "unfaithful");
  assert.match(values(swapped)[0]!.detail, /^10 of 12 cells match .*\(1949, Jan\): plotted 103, the data give 100/);
  // df.corr() drawn as a heatmap
  const fare = ship.rows.map((r) => Number(r[2]));
  const age = ship.rows.map((r) => Number(r[3]));
  const m = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const dot = (a: number[], b: number[]) => a.reduce((t, v, i) => t + (v - m(a)) * (b[i]! - m(b)), 0);
  const r = dot(fare, age) / Math.sqrt(dot(fare, fare) * dot(age, age));
  const corrCells = (v: number) => series({ kind: "heatmap", x: ["fare", "age", "fare", "age"], rows: ["fare", "fare", "age", "age"], y: [1, v, v, 1] });
  const corr = checkFaithfulness(ship, [figure([corrCells(r)])]);
  assert.equal(corr.verdict, "faithful", JSON.stringify(corr.checks));
  assert.match(values(corr)[0]!.detail, /^match correlation of the columns \(Pearson/);
  assert.notEqual(checkFaithfulness(ship, [figure([corrCells(r + 0.05)])]).verdict, "faithful");
});

test("scatters split by hue: every row drawn is confirmed; rows of one category missing is not 'faithful'", () => {
  const pts = (sex: string) => ship.rows.filter((r) => r[1] === sex).map((r) => [Number(r[3]), Number(r[2])] as const);
  // drawn in another order than the file's (seaborn draws each hue level's rows together), age on x
  const hue = (sex: string) => {
    const p = [...pts(sex)].sort((a, b) => a[0] - b[0]);
    return series({ kind: "scatter", label: sex, x: p.map((q) => q[0]), y: p.map((q) => q[1]) });
  };
  const f = checkFaithfulness(ship, [figure([hue("female"), hue("male")])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  const one = checkFaithfulness(ship, [figure([hue("male")])]);
  assert.equal(one.verdict, "unchecked", JSON.stringify(one.checks));
  assert.match(one.checks.find((c) => c.check === "categories complete")!.detail, /the points are 6 of the 11 rows of column fare against column age/);
});

test("an empirical CDF is each value at its own step; the same steps over other values are not", () => {
  const fares = ship.rows.map((r) => Number(r[2])).sort((a, b) => a - b);
  const ecdf = series({ x: fares, y: fares.map((_, i) => (i + 1) / fares.length) });
  const f = checkFaithfulness(ship, [figure([ecdf])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.equal(values(f)[0]!.detail, "match empirical CDF of fare (proportion, every value at its own step)");
  assert.notEqual(checkFaithfulness(ship, [figure([{ ...ecdf, x: fares.map((v) => v * 1.1) }])]).verdict, "faithful");
});

test("a scatter split by a hue with gaps: the rows without a hue key are left out, as seaborn leaves them", () => {
  const t = readCsv("kind,a,b\nx,1,10\ny,2,21\n,3,29\nx,4,42\ny,5,48\nx,6,61\n");
  const at = (k: string) => t.rows.filter((r) => r[0] === k);
  const sc = (k: string) => series({ kind: "scatter", label: k, x: at(k).map((r) => Number(r[1])), y: at(k).map((r) => Number(r[2])) });
  const f = checkFaithfulness(t, [figure([sc("y"), sc("x")])]);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
});

test("a scatter sized (or coloured) by a numeric column with gaps: exactly its present rows are drawn, as seaborn draws them; as many other rows are not", () => {
  const t = readCsv("a,b,mass\n1,10,5\n2,21,\n3,29,7\n4,42,6\n5,48,\n6,61,9\n7,70,8\n");
  const drawn = (keep: (r: string[]) => boolean) => {
    const rows = t.rows.filter(keep).sort((r, q) => Number(r[1]) - Number(q[1]));
    return series({ kind: "scatter", x: rows.map((r) => Number(r[0])), y: rows.map((r) => Number(r[1])) });
  };
  const sized = checkFaithfulness(t, [figure([drawn((r) => r[2] !== "")])]);
  assert.equal(sized.verdict, "faithful", JSON.stringify(sized.checks));
  // five rows again, but not the five with a mass: a subset the data cannot tell from a dropped one
  const other = checkFaithfulness(t, [figure([drawn((r) => r[0] !== "3" && r[0] !== "4")])]);
  assert.equal(other.verdict, "unchecked", JSON.stringify(other.checks));
  assert.match(category(other).detail, /the points are 5 of the 7 rows of column b against column a/);
  // the same with a mass of many values (no category column): 50 rows, every 7th without one
  const many = readCsv(`a,b,mass\n${Array.from({ length: 50 }, (_, i) => `${i},${3 * i + 1},${i % 7 === 3 ? "" : 1.5 * i}`).join("\n")}\n`);
  const pick = (keep: (i: number) => boolean) => {
    const rows = Array.from({ length: 50 }, (_, i) => i)
      .filter(keep)
      .reverse();
    return series({ kind: "scatter", x: rows, y: rows.map((i) => 3 * i + 1) });
  };
  assert.equal(checkFaithfulness(many, [figure([pick((i) => i % 7 !== 3)])]).verdict, "faithful");
  const shifted = checkFaithfulness(many, [figure([pick((i) => i % 7 !== 4)])]);
  assert.equal(shifted.verdict, "unchecked", JSON.stringify(shifted.checks));
  assert.match(category(shifted).detail, /the points are 43 of the 50 rows of column b against column a/);
});

test("a scatter in another order than the file's, coloured by a legend: each point's colour is its own row's", () => {
  const rows = [...ship.rows].sort((r, q) => Number(r[3]) - Number(q[3]));
  const sc = (hues: (string | null)[]) => series({ kind: "scatter", x: rows.map((r) => Number(r[3])), y: rows.map((r) => Number(r[2])), pointHues: hues });
  const right = checkFaithfulness(ship, [figure([sc(rows.map((r) => r[1]!))])]);
  assert.equal(right.verdict, "faithful", JSON.stringify(right.checks));
  assert.match(values(right)[0]!.detail, /in another order\), coloured by sex row by row/);
  // the same colours on other rows
  const moved = rows.map((r) => r[1]!);
  moved.push(moved.shift()!);
  const wrong = checkFaithfulness(ship, [figure([sc(moved)])]);
  assert.equal(wrong.verdict, "unfaithful", JSON.stringify(wrong.checks));
  // a colour scale the legend names at a few levels only: the colours are not read
  const scale = checkFaithfulness(ship, [figure([sc(rows.map((_, k) => (k % 4 === 0 ? "20" : null)))])]);
  assert.equal(scale.verdict, "unchecked", JSON.stringify(scale.checks));
  // pairs two rows of different colours hold: either row could be the point, so neither colour is wrong
  const twice = readCsv(`kind,a,b\n${Array.from({ length: 12 }, (_, i) => `${i % 2 ? "p" : "q"},${i},${(5 * i) % 13}`).join("\n")}\np,0,0\nq,1,5\n`);
  const drawn = [...twice.rows].sort((r, q) => Number(r[1]) - Number(q[1]) || (r[0]! < q[0]! ? -1 : 1));
  const dup = checkFaithfulness(twice, [
    figure([series({ kind: "scatter", x: drawn.map((r) => Number(r[1])), y: drawn.map((r) => Number(r[2])), pointHues: drawn.map((r) => r[0]!) })]),
  ]);
  assert.equal(dup.verdict, "faithful", JSON.stringify(dup.checks));
  assert.match(values(dup)[0]!.detail, /coloured by kind row by row .*\(4 points whose pair several rows hold not read\)/);
});

test("a heatmap with one category's row left out is not 'faithful' (a subset, or the category dropped)", () => {
  const years = ["1949", "1950"];
  const cell = (y: string, m: string) => Number(flights.rows.find((r) => r[0] === y && r[1] === m)![2]);
  const heat = series({
    kind: "heatmap",
    x: years.flatMap(() => months),
    rows: years.flatMap((y) => months.map(() => y)),
    y: years.flatMap((y) => months.map((m) => cell(y, m))),
  });
  const f = checkFaithfulness(flights, [figure([heat])]);
  assert.equal(values(f)[0]!.status, "pass");
  assert.equal(f.verdict, "unchecked", JSON.stringify(f.checks));
  assert.match(category(f).detail, /rows where year is "1949", "1950" only \(2 of 3 year values; not "1951"\)/);
});
