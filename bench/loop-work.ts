// The kernel's loop's longest stretch of its own work during a bench step, read from a CPU profile
// taken in this process (node:inspector): consecutive samples of JavaScript or garbage collection
// with no idle sample between them, and the functions most seen in it. Beside the event-loop delay,
// which on a machine busier than its cores also counts the time the process waited for a core while
// its loop was free, this names what held the loop. I/O shell (the inspector session).
import { Session } from "node:inspector/promises";

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
}

const IDLE = new Set(["(idle)", "(program)"]);

/** Start sampling every `intervalUs`; the function returned stops and reads the profile. */
export async function watchLoopWork(intervalUs = 500): Promise<() => Promise<LoopWork>> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: intervalUs });
  await session.post("Profiler.start");
  return async () => {
    const { profile } = (await session.post("Profiler.stop")) as { profile: Profile };
    session.disconnect();
    return longestStretch(profile);
  };
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
  return { longestMs: best.ms, what };
}
