// The helpers of a graphite run (the sandbox's Python processes, the checking and CSV-reading
// worker threads) can run at a lower CPU priority than the kernel's own thread. On a machine with
// fewer cores than runnable threads the kernel's thread was measured ready to run but waiting for a
// core for 25–45 ms at a time while its own work in that stretch was under 6 ms
// (bench/loop-probe.ts). A higher nice value for the helpers did not shorten those holds
// (bench/graphite-check.bench.ts --batch-only --nice-ab=K): Linux's autogroup schedules each
// session as one group, and nice only orders threads within a group. The cause was a session per
// sandbox run; the sandbox is now one session (sandbox/README.md, "One session, one scheduling
// group"). Nice still orders the kernel's thread against its own checking workers, but it has a
// cost when cores are short: a check niced below other work is likelier to reach its time limit.
// So it is off unless DUELLAB_HELPER_NICE asks for it. Linux applies nice per
// thread, so every thread of a process and of its descendants is set; processes forked later
// inherit it. Never throws: a host that refuses leaves the priority as it was. I/O shell.
import fs from "node:fs";
import os from "node:os";

/** The nice value helpers run at unless DUELLAB_HELPER_NICE says otherwise: 0, the kernel's own (see above). */
export const HELPER_NICE = 0;

/** The nice value for helpers: DUELLAB_HELPER_NICE (a whole number 0–19), else HELPER_NICE. */
export function helperNice(env: NodeJS.ProcessEnv = process.env): number {
  const v = env.DUELLAB_HELPER_NICE;
  if (v === undefined || v.trim() === "") return HELPER_NICE;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 && n <= 19 ? n : HELPER_NICE;
}

/** Set one thread's (or, off Linux, one process's) nice value; false when the host refused. */
export function niceThread(id: number, nice: number): boolean {
  try {
    os.setPriority(id, nice);
    return true;
  } catch {
    return false;
  }
}

/** This thread's id (Linux), or null where it cannot be read: a worker sets its own priority with it. */
export function ownThreadId(): number | null {
  try {
    const id = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
    return Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}

/** Every thread of `pid` and of its descendants (Linux, /proc), or just `pid` elsewhere: how many were set. */
export function niceTree(pid: number, nice: number): number {
  if (process.platform !== "linux") return niceThread(pid, nice) ? 1 : 0;
  let set = 0;
  const seen = new Set<number>();
  const visit = (p: number) => {
    if (seen.has(p)) return;
    seen.add(p);
    let tids: string[];
    try {
      tids = fs.readdirSync(`/proc/${p}/task`);
    } catch {
      return; // gone meanwhile
    }
    for (const t of tids) {
      if (niceThread(Number(t), nice)) set++;
      let children = "";
      try {
        children = fs.readFileSync(`/proc/${p}/task/${t}/children`, "latin1");
      } catch {
        // no children file (an older kernel): this process alone
      }
      for (const c of children.split(" ").filter(Boolean)) visit(Number(c));
    }
  };
  visit(pid);
  return set;
}

/**
 * A worker thread's script (worker-script.ts's { file, eval }) that first sets its own thread's
 * nice value, then runs as given (unchanged for 0). Where the thread's id cannot be read (not
 * Linux) the worker runs as it would.
 */
export function niceWorkerScript(s: { file: string; eval: boolean }, nice: number): { file: string; eval: boolean } {
  if (nice === 0) return s; // as the thread that starts it
  const own =
    `try { require("node:os").setPriority(Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop()), ${Number(nice)}); } ` +
    "catch { /* this host does not say: as given */ }\n";
  return { file: own + (s.eval ? s.file : `require(${JSON.stringify(s.file)});`), eval: true };
}
