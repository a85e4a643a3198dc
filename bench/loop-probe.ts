// What the kernel's thread was doing during its loop's longest holds in a bench step: a timer every
// RESOLUTION_MS (as monitorEventLoopDelay's) reads, at each tick, the thread's own scheduler
// counters from Linux (/proc/self/task/<pid>/schedstat: nanoseconds on a core, nanoseconds runnable
// but waiting for one). A tick that comes late names a hold; the counters' deltas over it split the
// hold into the thread's own work (JS, the collector, native code on this thread), the time it was
// ready to run but no core was free (the machine, not us), and the rest (asleep in the kernel: I/O,
// a page fault, a lock). The collector's pauses that fall in the hold (gc-pauses.ts's entries) say
// how much of the work was the collector. Where schedstat does not exist (not Linux), the thread's
// CPU time is process.cpuUsage()'s (every thread of the process: an upper bound) and the wait is
// "n/a". I/O shell (a timer and /proc).
import fs from "node:fs";
import { performance } from "node:perf_hooks";

const RESOLUTION_MS = 5;

/** One hold: the loop was late by `lateMs` at this tick; over the tick's interval the thread ran `cpuMs` and waited `waitMs` for a core. */
export interface Hold {
  /** performance.now() at the start of the interval */
  at: number;
  wallMs: number;
  lateMs: number;
  cpuMs: number;
  /** null: not measurable here */
  waitMs: number | null;
  /** the collector's pauses inside the interval (filled by the caller from gc entries) */
  gcMs: number;
}

const statPath = `/proc/self/task/${process.pid}/schedstat`;

/** [ns on a core, ns waiting for one], or null where Linux's schedstat is missing. */
function sched(): [number, number] | null {
  try {
    const [run, wait] = fs.readFileSync(statPath, "latin1").split(" ");
    return [Number(run), Number(wait)];
  } catch {
    return null;
  }
}

/** Start ticking; the function returned stops and gives the `keep` latest-ticking holds, longest first. */
export function watchHolds(keep = 5): () => Hold[] {
  const holds: Hold[] = [];
  let lastT = performance.now();
  let lastS = sched();
  // process.cpuUsage() only where schedstat is missing: it reads every thread's usage, which costs
  // more than a timer every 5 ms should (it showed in the profiles)
  const usage = () => (lastS ? { user: 0, system: 0 } : process.cpuUsage());
  let lastCpu = usage();
  const tick = () => {
    const t = performance.now();
    const s = sched();
    const cpu = usage();
    const wallMs = t - lastT;
    const lateMs = wallMs - RESOLUTION_MS;
    if (lateMs > 10) {
      const cpuMs = s && lastS ? (s[0] - lastS[0]) / 1e6 : (cpu.user + cpu.system - lastCpu.user - lastCpu.system) / 1000;
      const waitMs = s && lastS ? (s[1] - lastS[1]) / 1e6 : null;
      holds.push({ at: lastT, wallMs, lateMs, cpuMs, waitMs, gcMs: 0 });
      holds.sort((a, b) => b.lateMs - a.lateMs);
      holds.length = Math.min(holds.length, keep);
    }
    lastT = t;
    lastS = s;
    lastCpu = cpu;
  };
  const timer = setInterval(tick, RESOLUTION_MS);
  return () => {
    clearInterval(timer);
    return holds;
  };
}

/** The collector's time inside each hold, from gc entries (startTime/duration on performance.now()'s clock). */
export function addGc(holds: Hold[], gc: { startTime: number; duration: number }[]): Hold[] {
  for (const h of holds) {
    const end = h.at + h.wallMs;
    h.gcMs = gc.reduce((s, e) => s + Math.max(0, Math.min(end, e.startTime + e.duration) - Math.max(h.at, e.startTime)), 0);
  }
  return holds;
}

const f = (x: number) => x.toFixed(1);

/** One line per hold: late by, and its interval split into own work (of which GC), waiting for a core, and the rest. */
export function holdLines(holds: Hold[]): string[] {
  return holds.map((h) => {
    const wait = h.waitMs === null ? "waiting for a core n/a" : `waiting for a core ${f(h.waitMs)} ms`;
    const rest = h.waitMs === null ? "" : `, neither ${f(Math.max(0, h.wallMs - h.cpuMs - h.waitMs))} ms`;
    return `late ${f(h.lateMs)} ms (tick interval ${f(h.wallMs)} ms): on a core ${f(h.cpuMs)} ms (GC ${f(h.gcMs)} ms), ${wait}${rest}`;
  });
}
