// The kernel's loop's longest stretch of its own work during a bench step, read from a CPU profile
// taken in this process (node:inspector): consecutive samples of JavaScript or garbage collection
// with no idle sample between them, and the functions most seen in it. Beside the event-loop delay,
// which on a machine busier than its cores also counts the time the process waited for a core while
// its loop was free, this names what held the loop. Given the loop's longest holds (loop-probe.ts,
// on performance.now()'s clock), it also names what the samples inside each were: our functions,
// the collector, native work ("(program)") and idle samples (the thread not running JS: waiting
// for a core or for I/O). I/O shell (the inspector session).
import { Session } from "node:inspector/promises";
import { performance } from "node:perf_hooks";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The longest stretch (ms, sample to sample) and its three most sampled functions of ours. */
export interface LoopWork {
  longestMs: number;
  what: string;
  /** For each window asked for (ms on performance.now()'s clock): its samples' top contributors. */
  inWindows: string[];
}

const IDLE = new Set(["(idle)", "(program)"]);

/** Start sampling every `intervalUs`; the function returned stops and reads the profile. */
export async function watchLoopWork(intervalUs = 500): Promise<(windows?: { from: number; to: number }[]) => Promise<LoopWork>> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: intervalUs });
  await session.post("Profiler.start");
  return async (windows = []) => {
    // The profile's timestamps are µs of the monotonic clock (as process.hrtime); performance.now()
    // is the same clock from the process's origin: one pair read together converts between them.
    const hrUs = Number(process.hrtime.bigint() / 1000n);
    const nowMs = performance.now();
    const { profile } = (await session.post("Profiler.stop")) as { profile: Profile };
    session.disconnect();
    const toUs = (ms: number) => hrUs - (nowMs - ms) * 1000;
    return { ...longestStretch(profile), inWindows: windows.map((w) => inWindow(profile, toUs(w.from), toUs(w.to))) };
  };
}

/** The innermost frame of our own code (src/) in a sample, else the sample's own function. */
function namer(p: Profile): (id: number) => string {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  return (id: number): string => {
    for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) {
      const f = byId.get(x)!.callFrame;
      if (f.url.includes("/src/")) return `${f.functionName || "(anonymous)"} (${f.url.split("/src/")[1]})`;
    }
    const f = byId.get(id)!.callFrame;
    return f.functionName ? `${f.functionName}${f.url ? ` (${f.url.split("/").slice(-2).join("/")})` : ""}` : "(anonymous)";
  };
}

/** The samples between two timestamps (µs): the top five names by share, and how many samples. */
function inWindow(p: Profile, fromUs: number, toUs: number): string {
  const name = namer(p);
  const counts = new Map<string, number>();
  let t = p.startTime;
  let n = 0;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i]!;
    if (t < fromUs || t > toUs) continue;
    const k = name(p.samples[i]!);
    counts.set(k, (counts.get(k) ?? 0) + 1);
    n++;
  }
  if (n === 0) return "no sample in it (the thread did not run)";
  const top = [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([k, c]) => `${k} ${Math.round((100 * c) / n)}%`)
    .join(", ");
  return `${n} samples: ${top}`;
}

function longestStretch(p: Profile): LoopWork {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  let best = { ms: 0, from: 0, to: 0 };
  let start = -1;
  let ms = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const busy = !IDLE.has(byId.get(p.samples[i]!)!.callFrame.functionName);
    if (busy) {
      if (start < 0) {
        start = i;
        ms = 0;
      } else ms += p.timeDeltas[i]! / 1000;
      if (ms > best.ms) best = { ms, from: start, to: i };
    } else start = -1;
  }
  // the innermost frame of our own code (src/) in each sample of the stretch, else the sample's own
  const ours = (id: number): string => {
    for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) {
      const f = byId.get(x)!.callFrame;
      if (f.url.includes("/src/")) return `${f.functionName || "(anonymous)"} (${f.url.split("/src/")[1]})`;
    }
    return byId.get(id)!.callFrame.functionName || "(anonymous)";
  };
  const counts = new Map<string, number>();
  for (let i = best.from; i <= best.to && best.ms > 0; i++) {
    const k = ours(p.samples[i]!);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const total = best.to - best.from + 1;
  const what = [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([k, n]) => `${k} ${Math.round((100 * n) / total)}%`)
    .join(", ");
  return { longestMs: best.ms, what, inWindows: [] };
}
