// Real model code imports seaborn. It is in the pinned environment, passes every sandbox layer
// (Landlock read paths, seccomp, the static check), and draws on matplotlib axes, so its figures
// are measured, checked against the data and judged like any other chart.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Sandbox } from "../../src/lib/sandbox";
import { sharedSandbox } from "../../src/lib/sandbox/sandbox";
import { buildLogCsv, STACKS } from "../../src/lib/graphite/buildlog";
import { readCsv } from "../../src/lib/graphite/csv";
import { checkFaithfulness } from "../../src/lib/graphite/faithfulness";
import { graphite } from "../../src/lib/graphite/run";
import { descendants, runChildren } from "./support";

const csv = buildLogCsv();
const table = readCsv(csv);
const col = (name: string) => table.rows.map((r) => r[table.columns.indexOf(name)]!);
const seconds = col("build_seconds").map(Number);
const stacks = col("stack");
const meanOf = (s: string) => {
  const v = seconds.filter((_, i) => stacks[i] === s);
  return v.reduce((a, b) => a + b, 0) / v.length;
};

let sb: Sandbox;
const own: Sandbox[] = [];
before(async () => {
  sb = await Sandbox.start();
});
after(async () => {
  for (const s of own) await s.close();
  await sb?.close();
  await (await sharedSandbox()).close();
});

test("a seaborn bar chart with 95% confidence intervals: every layer on, bars measured as the means, CIs read as error bars consistent with a bootstrap, faithful", async () => {
  const code =
    [
      "import pandas as pd",
      "import seaborn as sns",
      "import matplotlib.pyplot as plt",
      "df = pd.read_csv('data.csv')",
      "fig, ax = plt.subplots(figsize=(8, 4.5))",
      "sns.barplot(data=df, x='stack', y='build_seconds', errorbar=('ci', 95), seed=0, ax=ax)",
      "ax.set_title('Mean build time per stack (95% CI)')",
      "fig.savefig('chart.png')",
    ].join("\n") + "\n";
  const r = await sb.run({ code, files: { "data.csv": csv } });
  assert.equal(r.status, "ok", r.traceback ?? r.stderr);
  assert.deepEqual(r.violations, []);
  for (const layer of ["landlock", "seccomp"]) assert.equal(r.layers[layer]!.on, true, `${layer}: ${r.layers[layer]!.detail}`);
  const fig = r.figures[0]!;
  const bars = fig.data.filter((s) => s.kind === "bar");
  assert.equal(bars.length, 1);
  assert.deepEqual([...bars[0]!.x].sort(), [...STACKS].sort());
  bars[0]!.x.forEach((s, i) => {
    assert.ok(Math.abs(bars[0]!.y[i]! - meanOf(String(s))) < 1e-9, `${s}: ${bars[0]!.y[i]} vs ${meanOf(String(s))}`);
  });
  // one confidence interval per bar: a vertical line at the bar's category, around its mean
  const cis = fig.data.filter((s) => s.kind === "line");
  assert.equal(cis.length, STACKS.length);
  for (const ci of cis) {
    assert.equal(ci.x[0], ci.x[1]);
    const m = meanOf(String(ci.x[0]));
    assert.ok(ci.y[0]! < m && m < ci.y[1]!, `CI ${ci.y} around ${m}`);
  }
  const f = checkFaithfulness(table, r.figures);
  assert.equal(f.verdict, "faithful", JSON.stringify(f.checks));
  assert.ok(f.checks.some((c) => c.status === "pass" && /mean of build_seconds by stack/.test(c.detail)));
  // each CI is read as an error bar: seaborn's default bootstrap interval is random, so it is only
  // consistent (the mean inside, the values around), which counts neither for nor against the chart
  const read = f.checks.filter((c) =>
    /an error bar around the mean of build_seconds where stack == "[^"]+", within its values, .*bootstrap confidence interval .*consistent, not confirmed/.test(
      c.detail,
    ),
  );
  assert.equal(read.length, STACKS.length, JSON.stringify(f.checks));
  for (const c of read) assert.equal(c.status, "unchecked");
});

test("a seaborn histogram (and a per-stack one with hue): bins measured, counts checked against the column", async () => {
  const code =
    [
      "import pandas as pd",
      "import seaborn as sns",
      "import matplotlib.pyplot as plt",
      "df = pd.read_csv('data.csv')",
      "fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))",
      "sns.histplot(data=df, x='build_seconds', bins=20, ax=ax1)",
      "sns.histplot(data=df[df['stack'].isin(['Go', 'Swift'])], x='build_seconds', hue='stack', stat='density', common_norm=False, bins=15, ax=ax2)",
      "plt.show()",
    ].join("\n") + "\n";
  const r = await sb.run({ code, files: { "data.csv": csv } });
  assert.equal(r.status, "ok", r.traceback ?? r.stderr);
  const fig = r.figures[0]!;
  const bars = fig.data.filter((s) => s.kind === "bar");
  assert.equal(bars.length, 3, "one histogram, then one per hue level");
  assert.equal(bars[0]!.y.length, 20);
  assert.equal(
    bars[0]!.y.reduce((a, b) => a + b, 0),
    seconds.length,
    "every build is counted once",
  );
  const f = checkFaithfulness(table, r.figures);
  // every bar is confirmed, but the second axes shows two stacks of five (isin): a deliberate
  // subset looks exactly like a dropped category, so the chart is not called "faithful"
  assert.ok(
    f.checks.filter((c) => c.check.startsWith("values of")).every((c) => c.status === "pass"),
    JSON.stringify(f.checks),
  );
  assert.equal(f.verdict, "unchecked", JSON.stringify(f.checks));
  assert.match(
    f.checks.find((c) => c.check === "categories complete")!.detail,
    /^the series show rows where stack is "Go", "Swift" only \(2 of 5 stack values/,
  );
  const passes = f.checks.filter((c) => c.status === "pass").map((c) => c.detail);
  assert.ok(
    passes.some((d) => /^match histogram of build_seconds \(counts, 20 bins of width [\d.]+\)$/.test(d)),
    passes.join("; "),
  );
  assert.ok(
    passes.some((d) => /^match histogram of build_seconds where stack == "Swift" \(density, 15 bins of width [\d.]+\)$/.test(d)),
    passes.join("; "),
  );
  assert.ok(
    passes.some((d) => /^match histogram of build_seconds where stack == "Go" \(density, 15 bins of width [\d.]+\)$/.test(d)),
    passes.join("; "),
  );
});

test("a histogram whose bars were tampered with is not called faithful", async () => {
  const code =
    [
      "import pandas as pd",
      "import matplotlib.pyplot as plt",
      "df = pd.read_csv('data.csv')",
      "fig, ax = plt.subplots()",
      "n, edges, patches = ax.hist(df['build_seconds'], bins=12)",
      "patches[0].set_height(patches[0].get_height() + 40)",
      "plt.show()",
    ].join("\n") + "\n";
  const r = await sb.run({ code, files: { "data.csv": csv } });
  assert.equal(r.status, "ok", r.traceback ?? r.stderr);
  const f = checkFaithfulness(table, r.figures);
  assert.notEqual(f.verdict, "faithful", JSON.stringify(f.checks));
});

test("graphite with a seaborn coder: drawn first try (no ModuleNotFoundError), measured, faithful, judged", async () => {
  const demo = (model: string) => ({ provider: "demo" as const, model, apiKey: "sk-test-seaborn" });
  const r = await graphite({
    csv,
    question: "Which stack builds slowest, and how are build times spread?",
    a: demo("seaborn"),
    b: demo("analyst"),
    judge: demo("judge"),
    display: false,
  });
  const a = r.charts.a;
  assert.equal(a.run.status, "ok", a.run.traceback ?? "");
  assert.ok(a.code.includes("import seaborn as sns"));
  assert.equal(a.run.pngs.length, 1);
  assert.equal(a.run.figures[0]!.axes, 2);
  assert.equal(a.faithfulness.verdict, "faithful", JSON.stringify(a.faithfulness.checks));
  const passes = a.faithfulness.checks.filter((c) => c.status === "pass").map((c) => c.detail);
  assert.ok(
    passes.some((d) => /mean of build_seconds by stack/.test(d)),
    passes.join("; "),
  );
  assert.ok(
    passes.some((d) => /^match histogram of build_seconds \(counts, 24 bins of width [\d.]+\)$/.test(d)),
    passes.join("; "),
  );
  assert.equal(r.judge!.parseMode, "json");
  assert.ok(r.judge!.factsText.includes("CHART A — measured properties of the rendered figure:\n- status: ok"));
  assert.ok(r.judge!.scores.a.insight! > 0);
});

// seaborn costs about as much to load as pandas and pyplot together, so the zygote loads it after
// the first run has been answered (not at start, which the first run would wait for), while
// nothing runs. Nothing is forked or killed while it loads, and the spare forked
// before it is replaced only inside a request: an observer counting processes between a reply
// and the next request (the hostile corpus does) never sees the tree change.
const HAS_SEABORN = "import sys\nprint('seaborn' in sys.modules)\nimport seaborn\nprint(seaborn.__name__)\n";
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Samples the process tree until the later warm-up has ended, asserting it never changes; the
 * limit guards against a hang only (the assertions do not depend on how fast the load is). */
async function watchTreeThroughLoad(box: Sandbox): Promise<{ states: string[]; samples: number }> {
  const tree = sorted(descendants(box.pid!));
  const states: string[] = [];
  let samples = 0;
  for (const end = Date.now() + 180_000; Date.now() < end; samples++) {
    const s = await box.status();
    assert.deepEqual(sorted(descendants(box.pid!)), tree, `the process tree changed with no request in flight (seaborn: ${s.later.seaborn})`);
    if (states.at(-1) !== s.later.seaborn) states.push(s.later.seaborn!);
    if (s.later.seaborn !== "pending" && s.later.seaborn !== "loading") {
      assert.deepEqual(sorted(descendants(box.pid!)), tree, "the tree changed as the load ended");
      return { states, samples };
    }
    await pause(25);
  }
  assert.fail(`the later seaborn warm-up never ended: ${states.join(" -> ")}`);
}

test("seaborn is loaded after the first run, with the process tree unchanged throughout; a run that imports it then finds it loaded", async () => {
  const box = await Sandbox.start();
  own.push(box);
  assert.deepEqual((await box.status()).later, { seaborn: "pending" }, "nothing is loaded for later before a run has been answered");
  const first = await box.run({ code: HAS_SEABORN });
  assert.equal(first.status, "no-figure", first.traceback ?? first.notes.join(" | "));
  assert.equal(first.stdout, "False\nseaborn\n", "the first run's child was forked before the load, and can still import seaborn");
  const { states } = await watchTreeThroughLoad(box);
  assert.equal(states.at(-1), "loaded", states.join(" -> "));
  const tree = descendants(box.pid!).length;
  const next = await box.run({ code: HAS_SEABORN });
  assert.equal(next.stdout, "True\nseaborn\n", "a run that names seaborn is given a child forked after the load");
  assert.equal(descendants(box.pid!).length, tree, "the old spare was replaced inside the request, one for one");
  const later = await box.run({ code: HAS_SEABORN });
  assert.equal(later.stdout, "True\nseaborn\n", "and so is every run after it");
});

test("after the load, the one spare forked before it goes to a run that does not name seaborn; the runs after it have seaborn loaded", async () => {
  const box = await Sandbox.start({ namespaces: false });
  own.push(box);
  await box.run({ code: "print('first')" });
  await watchTreeThroughLoad(box);
  const spare = runChildren(box.pid!);
  assert.equal(spare.length, 1, "one spare waits");
  // names no module: "sea" + "born" is not the word the parent looks for
  const probe = "import sys\nprint(('sea' + 'born') in sys.modules)\n";
  const a = await box.run({ code: probe });
  assert.equal(a.stdout, "False\n", "the old spare ran it: forked before the load");
  assert.notDeepEqual(runChildren(box.pid!), spare, "a new spare, forked inside that request, waits now");
  assert.equal(runChildren(box.pid!).length, 1);
  const b = await box.run({ code: probe });
  assert.equal(b.stdout, "True\n", "the new spare was forked after the load");
});
