// The faithfulness check, off the kernel's event loop: a small pool of worker threads
// (faith-worker.ts), started when graphite() starts (warm) or on first use, and kept (referenced
// only while a check runs, so they never hold a script open). Checks wait in a queue here and go to
// a free, loaded worker; a check's time limit counts from the moment the worker has the CSV read and
// starts the check (not while a worker loads or a check waits). A check that runs past its limit
// is stopped (its worker ended, a new one started for the next) and reads "unchecked: took too
// long"; a worker that fails gives "unchecked" with the reason. Never throws, never blocks. I/O shell.
import os from "node:os";
import { Worker } from "node:worker_threads";
import type { Faithfulness } from "../schema/graphite";
import type { FigureMeasure } from "../schema/sandbox";
import type { CsvData } from "./csv";
import { TABLES_KEPT, type FaithMessage, type FaithRequest } from "./faith-answer";
import { helperNice, niceWorkerScript } from "../sandbox/priority";
import { besideMe, workerScript } from "./worker-script";

/** What the pool needs of a CSV: its text (each worker reads it again), name, size and encoding. */
export type FaithCsv = Pick<CsvData, "text" | "name" | "bytes" | "encoding">;

/** How long one chart's check may take before it is stopped and reported unchecked. */
export const FAITH_TIMEOUT_MS = 5_000;

export interface FaithPoolOptions {
  /** Workers at most (default 2, the two charts of a run checked together, but one core fewer than the machine has). */
  size?: number;
  timeoutMs?: number;
  /** The worker's script (default faith-worker beside this file); tests pass one that holds a check. */
  script?: string;
  workerData?: unknown;
  /** The workers' nice value (default DUELLAB_HELPER_NICE, else as the kernel; ../sandbox/priority.ts). */
  nice?: number;
}

/** "unchecked", with one check saying why nothing was compared. */
export function uncheckedBecause(detail: string): Faithfulness {
  return { verdict: "unchecked", checks: [{ check: "plotted data", status: "unchecked", detail }] };
}

const defaultScript = () => besideMe(__dirname, __filename, "faith-worker");

interface Job {
  csv: FaithCsv;
  figures: FigureMeasure[];
  resolve: (f: Faithfulness) => void;
  /** Read the CSV and build its readings only, in a worker that has not read it yet. */
  prepare?: boolean;
}

interface Slot {
  worker: Worker;
  /** The worker has loaded its modules (it said "ready"). */
  ready: boolean;
  /**
   * The CSVs this worker holds (by key, oldest first): the last TABLES_KEPT it was sent, as the
   * worker keeps them. A CSV it forgot is sent again; so is one whose read failed.
   */
  seen: Set<number>;
  job: { id: number; key: number; resolve: (f: Faithfulness) => void; timer: NodeJS.Timeout | null; prepare?: boolean } | null;
}

export class FaithPool {
  private readonly size: number;
  private readonly timeoutMs: number;
  private readonly script: string;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  /** A key per CSV text (the last few): the same data read again is the same key. */
  private readonly keys = new Map<string, number>();
  private nextKey = 1;
  private nextId = 1;
  private closed = false;

  constructor(private readonly o: FaithPoolOptions = {}) {
    // One core is left to the kernel's own thread: on two cores the charts are checked one by one.
    this.size = Math.max(1, o.size ?? Math.min(2, (os.availableParallelism?.() ?? os.cpus().length) - 1));
    this.timeoutMs = o.timeoutMs ?? FAITH_TIMEOUT_MS;
    this.script = o.script ?? defaultScript();
  }

  /** The check of one chart's figures against the CSV, run in a worker. */
  check(csv: FaithCsv, figures: FigureMeasure[]): Promise<Faithfulness> {
    return new Promise<Faithfulness>((resolve) => {
      if (this.closed) return resolve(uncheckedBecause("the check was not run: graphite's checker was shut down."));
      this.queue.push({ csv, figures, resolve });
      this.pump();
    });
  }

  /** Start the workers now (graphite() does as it starts), so the first check does not wait for them. */
  warm(): void {
    if (this.closed) return;
    while (this.slots.length < this.size) this.start();
    this.pump();
  }

  /**
   * Have each worker read the CSV and build the readings every check of it uses, now: graphite()
   * asks as it starts, so this happens while the models answer and no chart's check pays for it.
   */
  prepare(csv: FaithCsv): void {
    if (this.closed) return;
    this.warm();
    for (let i = 0; i < this.size; i++) this.queue.push({ csv, figures: [], resolve: () => undefined, prepare: true });
    this.pump();
  }

  /** Checks waiting for a worker, and checks running. */
  get pending(): { queued: number; running: number } {
    return { queued: this.queue.filter((j) => !j.prepare).length, running: this.slots.filter((s) => s.job && !s.job.prepare).length };
  }

  /** End every worker; checks still waiting or running read "unchecked". */
  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.queue.splice(0)) j.resolve(uncheckedBecause("the check was not run: graphite's checker was shut down."));
    await Promise.all(this.slots.splice(0).map((s) => this.end(s, "the check was stopped: graphite's checker was shut down.")));
  }

  private pump(): void {
    while (this.queue.length) {
      const slot = this.slots.find((s) => s.ready && !s.job);
      if (!slot) {
        if (this.slots.length < this.size) this.start();
        break;
      }
      this.dispatch(slot, this.queue.shift()!);
    }
    // A worker keeps the process alive only while a check runs in it or waits for it to load.
    for (const s of this.slots) {
      // (a table prepared ahead of the checks is not worth waiting for at exit)
      const waiting = this.queue.some((j) => !j.prepare);
      if ((s.job && (!s.job.prepare || waiting)) || (!s.ready && waiting)) s.worker.ref();
      else s.worker.unref();
    }
  }

  private start(): Slot {
    // At DUELLAB_HELPER_NICE when it is set: below the kernel's thread (../sandbox/priority.ts).
    const s = niceWorkerScript(workerScript(this.script), this.o.nice ?? helperNice());
    // Not the parent's flags: under `node --test` they would make the worker a test runner too.
    const worker = new Worker(s.file, { eval: s.eval, execArgv: [], workerData: this.o.workerData });
    const slot: Slot = { worker, ready: false, seen: new Set(), job: null };
    worker.on("message", (m: FaithMessage) => {
      if ("ready" in m) {
        slot.ready = true;
        this.pump();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== m.id) return;
      if ("started" in m) {
        job.timer = setTimeout(() => {
          if (slot.job?.id !== m.id) return;
          void this.end(slot, `took too long: the check was stopped after ${this.timeoutMs / 1000} s, so nothing was compared with the data.`);
        }, this.timeoutMs);
        job.timer.unref();
        return;
      }
      if ("error" in m) slot.seen.delete(job.key);
      this.finish(slot, "faithfulness" in m ? m.faithfulness : uncheckedBecause(`the check could not be completed (${m.error}), so nothing was compared.`));
    });
    const gone = (why: string) => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      if (slot.job) this.finish(slot, uncheckedBecause(`the check could not be completed (${why}), so nothing was compared.`));
      this.pump();
    };
    worker.on("error", (e) => gone(`the checking worker failed: ${e.message}`));
    worker.on("exit", (code) => gone(`the checking worker stopped with exit code ${code}`));
    this.slots.push(slot);
    return slot;
  }

  private dispatch(slot: Slot, job: Job): void {
    let key = this.keys.get(job.csv.text);
    if (key === undefined) {
      key = this.nextKey++;
      this.keys.set(job.csv.text, key);
      while (this.keys.size > 8) this.keys.delete(this.keys.keys().next().value!);
    }
    // a worker that has read this CSV already has its readings built
    if (job.prepare && slot.seen.has(key)) {
      job.resolve(uncheckedBecause("prepared"));
      return;
    }
    const id = this.nextId++;
    const req: FaithRequest = { id, key, figures: job.figures, ...(job.prepare ? { prepare: true } : {}) };
    if (!slot.seen.has(key)) req.csv = { text: job.csv.text, name: job.csv.name, bytes: job.csv.bytes, encoding: job.csv.encoding };
    slot.job = { id, key, resolve: job.resolve, timer: null, prepare: job.prepare };
    try {
      slot.worker.postMessage(req);
      if (req.csv) slot.seen.add(key);
      while (slot.seen.size > TABLES_KEPT) slot.seen.delete(slot.seen.values().next().value!);
    } catch (e) {
      this.finish(slot, uncheckedBecause(`the check could not be sent to its worker (${e instanceof Error ? e.message : String(e)}).`));
    }
  }

  private finish(slot: Slot, f: Faithfulness): void {
    const job = slot.job;
    if (!job) return;
    if (job.timer) clearTimeout(job.timer);
    slot.job = null;
    job.resolve(f);
    this.pump();
  }

  /** Stop a worker (its check answered with `detail`); the next check starts a new one. */
  private async end(slot: Slot, detail: string): Promise<void> {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    this.finish(slot, uncheckedBecause(detail));
    await slot.worker.terminate();
  }
}

let shared: FaithPool | null = null;

/** The kernel's pool. */
function sharedPool(): FaithPool {
  shared ??= new FaithPool();
  return shared;
}

/** Start the kernel's checking workers ahead of the first check (graphite() does as it starts). */
export function warmFaithPool(): void {
  sharedPool().warm();
}

/** Read the CSV in the kernel's checking workers and build its readings ahead of the first chart. */
export function prepareFaithPool(csv: FaithCsv): void {
  sharedPool().prepare(csv);
}

/** The check of one chart, in the kernel's pool. */
export function checkFaithfulnessOffLoop(csv: FaithCsv, figures: FigureMeasure[]): Promise<Faithfulness> {
  return sharedPool().check(csv, figures);
}
