// Helpers for the sandbox tests: the snippet header format and a process-tree census.
import fs from "node:fs";

export interface Header {
  title: string;
  status: string[];
  traceback: RegExp | null;
  absent: string[];
  stdout: RegExp | null;
  note: RegExp | null;
  pngs: number | null;
  noFile: string[];
  coveredBy: string[];
  timeoutMs: number | null;
  staticOn: boolean;
  checks: string[];
  violation: { rule: string; line: number } | null;
  figure: { axes?: number; colors?: number; legends?: number } | null;
  /** With `check: rival-completes`: the rival chart starts once the snippet holds this many MB
   * of disk (as the sandbox's own accounting reports it), or has ended. */
  rivalAfterDiskMb: number | null;
  /** Where the technique was published (required for the corpus's newer classes). */
  sources: string[];
}

/** Reads the `# key: value` lines at the top of a corpus snippet. */
export function parseHeader(code: string): Header {
  const h: Header = {
    title: "",
    status: [],
    traceback: null,
    absent: [],
    stdout: null,
    note: null,
    pngs: null,
    noFile: [],
    coveredBy: [],
    timeoutMs: null,
    staticOn: false,
    checks: [],
    violation: null,
    figure: null,
    rivalAfterDiskMb: null,
    sources: [],
  };
  for (const line of code.split("\n")) {
    if (!line.startsWith("#")) break;
    const m = /^#\s*([a-z-]+):\s*(.*)$/.exec(line);
    if (!m) {
      if (!h.title) h.title = line.replace(/^#\s*/, "").trim();
      continue;
    }
    const [, k, v] = m as unknown as [string, string, string];
    if (k === "expect-status") h.status = v.split("|").map((s) => s.trim());
    else if (k === "expect-traceback") h.traceback = new RegExp(v);
    else if (k === "expect-absent") h.absent = v.split("|");
    else if (k === "expect-stdout") h.stdout = new RegExp(v);
    else if (k === "expect-note") h.note = new RegExp(v);
    else if (k === "expect-pngs") h.pngs = Number(v);
    else if (k === "expect-no-file") h.noFile.push(v.trim());
    else if (k === "covered-by") h.coveredBy = v.split(/\s+/).filter(Boolean);
    else if (k === "timeout-ms") h.timeoutMs = Number(v);
    else if (k === "static") h.staticOn = v.trim() === "on";
    else if (k === "check") h.checks = v.split(/\s+/).filter(Boolean);
    else if (k === "rival-after-disk-mb") h.rivalAfterDiskMb = Number(v);
    else if (k === "source") h.sources.push(v.trim());
    else if (k === "expect-violation") {
      const [rule, ln] = v.trim().split("@");
      h.violation = { rule: rule!, line: Number(ln) };
    } else if (k === "expect-figure") {
      h.figure = {};
      for (const kv of v.trim().split(/\s+/)) {
        const [a, b] = kv.split("=");
        (h.figure as any)[a!] = Number(b);
      }
    } else throw new Error(`unknown corpus header "${k}"`);
  }
  if (!h.status.length) throw new Error(`corpus snippet without expect-status: ${h.title}`);
  return h;
}

/** What a process's scheduling and limits are, from /proc: nice, CPUs allowed, and its limits. */
export function schedulingOf(pid: number): { nice: number; cpus: string; limits: string } | null {
  try {
    const st = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const rest = st.slice(st.lastIndexOf(")") + 2).split(" ");
    const cpus = /^Cpus_allowed_list:\s*(\S+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? "?";
    return { nice: Number(rest[16]), cpus, limits: fs.readFileSync(`/proc/${pid}/limits`, "utf8") };
  } catch {
    return null; // gone
  }
}

/** Pids of every live (non-zombie) descendant of pid, from /proc. */
export function descendants(pid: number): number[] {
  const kids = new Map<number, number[]>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const st = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const rest = st.slice(st.lastIndexOf(")") + 2).split(" ");
      if (rest[0] === "Z") continue;
      const ppid = Number(rest[1]);
      kids.set(ppid, [...(kids.get(ppid) ?? []), Number(name)]);
    } catch {
      /* gone */
    }
  }
  const out: number[] = [];
  const stack = [pid];
  while (stack.length)
    for (const k of kids.get(stack.pop()!) ?? []) {
      out.push(k);
      stack.push(k);
    }
  return out;
}

function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
}

/** The sandbox's zygote (sandbox/zygote.py, the process every run is forked from) under the
 * sandbox process pid, or null. Its children have its command line too (fork keeps it): the
 * zygote is the one whose parent does not. */
export function zygoteOf(pid: number): number | null {
  const all = descendants(pid);
  const parentOf = (p: number) => {
    try {
      const st = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      return Number(st.slice(st.lastIndexOf(")") + 2).split(" ")[1]);
    } catch {
      return -1;
    }
  };
  return all.find((p) => cmdline(p).includes("zygote.py") && !cmdline(parentOf(p)).includes("zygote.py")) ?? null;
}

/** The run children under a sandbox: the spare and the runs in flight, forked by its zygote. */
export function runChildren(pid: number): number[] {
  const z = zygoteOf(pid);
  return z === null ? [] : descendants(z);
}

/** A clean chart that also lists its run dir, to prove a previous run left nothing behind. */
export const REFERENCE_SNIPPET = `import os
import pandas as pd
import matplotlib.pyplot as plt
print("files:", sorted(os.listdir(".")))
df = pd.read_csv("data.csv", parse_dates=["date"])
fig, ax = plt.subplots()
ax.plot(df["date"], df["value"])
fig.savefig("chart.png")
`;
