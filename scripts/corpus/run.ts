// Runs the real-chart corpus through graphite's sandbox and faithfulness check and writes one JSON
// per snippet and per twin (record.ts) under <out>/results/, plus <out>/meta.json and
// <out>/snippets.json. A measuring tool, not a test: CI never runs it. Not pure: the I/O shell.
//
//   node --import tsx scripts/corpus/run.ts --seaborn <seaborn git dir> --csv <csv dir> \
//     --src <duellab checkout> --out <dir> [--only <regex>] [--twins <n per snippet>]
//
// extract.py (run by the checkout's .venv Python) gives the snippets and twins. Each data set in
// turn: every snippet, then its twins, run in the checkout's sandbox (2 at a time) with the CSV as
// data.csv, as graphite hands a model's code over; then, with the sandbox idle, each run's figures
// checked in one child process per CSV (check-child.ts) with a 5 s limit per check.
import { fork, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FigureMeasure } from "../../src/lib/schema/sandbox";
import type { Faithfulness } from "../../src/lib/schema/graphite";
import type { Extracted, Meta, Result, Snippet, Twin } from "./record";
import { seriesHashes } from "./series-hash";

type SandboxModule = typeof import("../../src/lib/sandbox/sandbox");
type CsvModule = typeof import("../../src/lib/graphite/csv");
type Sandbox = Awaited<ReturnType<SandboxModule["Sandbox"]["start"]>>;

const CHECK_LIMIT_MS = 5_000;
const RUN_TIMEOUT_MS = 60_000;

function args(): Record<string, string> {
  const out: Record<string, string> = {};
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i += 2) {
    if (!a[i]!.startsWith("--") || a[i + 1] === undefined) throw new Error(`usage: see scripts/corpus/README.md (bad argument ${a[i]})`);
    out[a[i]!.slice(2)] = a[i + 1]!;
  }
  for (const need of ["seaborn", "csv", "src", "out"]) if (!out[need]) throw new Error(`--${need} is required (see scripts/corpus/README.md)`);
  return out;
}

const git = (dir: string, ...a: string[]) => spawnSync("git", ["-C", dir, ...a], { encoding: "utf8" }).stdout.trim();
const load1 = () => Number(fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]);

/** One sandbox run: what the record keeps, and the figures for the check. */
interface Ran {
  record: Pick<Result, "run" | "series" | "dataHash" | "stableHash">;
  figures: FigureMeasure[];
}

async function runOne(sb: Sandbox, code: string, csvText: string): Promise<Ran> {
  try {
    const r = await sb.run({ code, files: { "data.csv": csvText }, timeoutMs: RUN_TIMEOUT_MS });
    const error = r.status === "ok" ? null : (r.traceback?.trim().split("\n").pop() ?? r.violations.map((v) => v.detail).join("; ")) || r.status;
    const h = seriesHashes(r.figures);
    return {
      record: { run: { status: r.status, durationMs: r.durationMs, error }, series: h.count, dataHash: h.all, stableHash: h.stable },
      figures: r.figures,
    };
  } catch (e) {
    return { record: { run: { status: "harness error", durationMs: null, error: String(e) }, series: 0, dataHash: null, stableHash: null }, figures: [] };
  }
}

/** The checks of one CSV's charts, in a child process; a check past the limit ends the child (a new one is started for the next). */
class Checker {
  private child: ReturnType<typeof fork> | null = null;
  constructor(
    private readonly src: string,
    private readonly csv: string,
    private readonly cpuProf: string | null = null,
  ) {}

  private async start(): Promise<ReturnType<typeof fork>> {
    const child = fork(path.join(__dirname, "check-child.ts"), [this.src], {
      execArgv: ["--import", "tsx", ...(this.cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${this.cpuProf}`] : [])],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    await new Promise<void>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (c) => reject(new Error(`check child exited (${c}) before it was ready`)));
      child.on("message", (m: { loaded?: boolean; ready?: boolean }) => {
        if (m.loaded) child.send({ csv: this.csv });
        if (m.ready) {
          child.removeAllListeners("exit");
          child.removeAllListeners("message");
          resolve();
        }
      });
    });
    return child;
  }

  async check(id: string, figures: FigureMeasure[]): Promise<{ faith: Faithfulness; ms: number | null; timedOut: boolean }> {
    this.child ??= await this.start();
    const child = this.child;
    return new Promise((resolve) => {
      const done = (v: { faith: Faithfulness; ms: number | null; timedOut: boolean }) => {
        clearTimeout(timer);
        child.removeAllListeners("message");
        child.removeAllListeners("exit");
        resolve(v);
      };
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        this.child = null;
        done({
          faith: { verdict: "unchecked", checks: [{ check: "plotted data", status: "unchecked", detail: "took too long (stopped at the 5 s limit)" }] },
          ms: null,
          timedOut: true,
        });
      }, CHECK_LIMIT_MS);
      child.on("message", (m: { id: string; faith: Faithfulness; ms: number }) => {
        if (m.id === id) done({ faith: m.faith, ms: m.ms, timedOut: false });
      });
      child.once("exit", (c) => {
        this.child = null;
        done({
          faith: { verdict: "unchecked", checks: [{ check: "plotted data", status: "unchecked", detail: `the check's process died (${c})` }] },
          ms: null,
          timedOut: false,
        });
      });
      child.send({ id, figures });
    });
  }

  close(): void {
    // a profiled child must exit on its own to write its profile: closing the channel ends it
    if (this.cpuProf) this.child?.disconnect();
    else this.child?.kill();
    this.child = null;
  }
}

/** Runs `tasks` at most `n` at a time. */
async function pool<T>(items: readonly T[], n: number, task: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

const twinId = (s: Snippet, t: Twin) => `${s.id}~${t.kind}-${t.column.replace(/[^A-Za-z0-9_]+/g, "_")}`;
const fileOf = (id: string) => `${id.replace(/[/\\]/g, "_")}.json`;

async function main(): Promise<void> {
  const a = args();
  const src = path.resolve(a.src!);
  const out = path.resolve(a.out!);
  const only = a.only ? new RegExp(a.only) : null;
  const started = Date.now();
  fs.mkdirSync(path.join(out, "results"), { recursive: true });

  // the snippets, from the seaborn checkout, with the checkout's Python (its pandas builds the twins' frames)
  const venvPython = path.join(src, ".venv/bin/python");
  const python = fs.existsSync(venvPython) ? venvPython : "python3";
  const ex = spawnSync(python, [path.join(__dirname, "extract.py"), a.seaborn!, a.csv!, a.twins ?? "1"], { encoding: "utf8", maxBuffer: 256 << 20 });
  if (ex.status !== 0) throw new Error(`extract.py failed: ${ex.stderr}`);
  fs.writeFileSync(path.join(out, "snippets.json"), ex.stdout);
  const extracted = JSON.parse(ex.stdout) as Extracted;
  const snippets = extracted.snippets.filter((s) => !only || only.test(s.id));

  const { readCsv } = (await import(pathToFileURL(path.join(src, "src/lib/graphite/csv.ts")).href)) as CsvModule;
  const { Sandbox } = (await import(pathToFileURL(path.join(src, "src/lib/sandbox/sandbox.ts")).href)) as SandboxModule;
  const sb = await Sandbox.start({ concurrency: 2 });
  const loads: number[] = [];
  const byCsv = new Map<string, Snippet[]>();
  for (const s of snippets) byCsv.set(s.csv, [...(byCsv.get(s.csv) ?? []), s]);
  let done = 0;
  const total = snippets.reduce((n, s) => n + 1 + s.twins.length, 0);
  try {
    for (const [csv, group] of byCsv) {
      // the text graphite hands the sandbox as data.csv: its reader's (BOM removed, a Latin-1 file as UTF-8)
      const csvText = readCsv({ path: csv }).text;
      // every run of this CSV first, so the checks below are timed with the sandbox idle
      const runs: Array<{ result: Omit<Result, "verdict" | "checks" | "checkMs" | "timedOut">; figures: FigureMeasure[] }> = [];
      await pool(group, 2, async (s) => {
        const orig = await runOne(sb, s.code, csvText);
        runs.push({
          result: { id: s.id, of: null, source: s.source, dataset: s.dataset, kind: "correct", twin: null, drawsOtherData: "n/a", ...orig.record },
          figures: orig.figures,
        });
        done++;
        for (const t of s.twins) {
          const base = {
            id: twinId(s, t),
            of: s.id,
            source: s.source,
            dataset: s.dataset,
            kind: "twin" as const,
            twin: { kind: t.kind, column: t.column, line: t.line },
          };
          if (orig.record.run.status !== "ok") {
            runs.push({
              result: {
                ...base,
                run: { status: "not run: its snippet did not run", durationMs: null, error: null },
                series: 0,
                dataHash: null,
                stableHash: null,
                drawsOtherData: "n/a",
              },
              figures: [],
            });
            done++;
            continue;
          }
          const tw = await runOne(sb, t.code, csvText);
          const other =
            tw.record.run.status !== "ok"
              ? "n/a"
              : tw.record.stableHash !== orig.record.stableHash
                ? "yes"
                : tw.record.dataHash !== orig.record.dataHash
                  ? "bootstrap only"
                  : "same";
          runs.push({ result: { ...base, ...tw.record, drawsOtherData: other }, figures: tw.figures });
          done++;
        }
        process.stderr.write(`\rran ${done}/${total} (${path.basename(csv)})        `);
      });
      loads.push(load1());
      const checker = new Checker(src, csv, a["cpu-prof"] ? path.resolve(a["cpu-prof"]) : null);
      try {
        for (const r of runs) {
          const checked = r.result.run.status === "ok" ? await checker.check(r.result.id, r.figures) : null;
          const rec: Result = {
            ...r.result,
            verdict: checked?.faith.verdict ?? null,
            checks: checked?.faith.checks ?? [],
            checkMs: checked?.ms ?? null,
            timedOut: checked?.timedOut ?? false,
          };
          fs.writeFileSync(path.join(out, "results", fileOf(rec.id)), JSON.stringify(rec, null, 1));
        }
      } finally {
        checker.close();
      }
    }
  } finally {
    await sb.close();
  }
  const meta: Meta = {
    src,
    srcCommit: git(src, "rev-parse", "HEAD"),
    seaborn: a.seaborn!,
    seabornCommit: git(a.seaborn!, "rev-parse", "HEAD"),
    csvDir: a.csv!,
    only: a.only ?? null,
    skipped: Object.fromEntries(Object.entries(extracted.skipped).map(([k, v]) => [k, v.length])),
    startedAt: new Date(started).toISOString(),
    finishedAt: new Date().toISOString(),
    wallSeconds: Math.round((Date.now() - started) / 1000),
    loadDuringChecks: loads,
  };
  fs.writeFileSync(path.join(out, "meta.json"), JSON.stringify(meta, null, 1));
  process.stderr.write(`\ndone: ${total} runs in ${meta.wallSeconds} s (${os.cpus().length} cores); node scripts/corpus/summary.ts ${out}\n`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
