// Where seccomp holds, the whole sandbox is one session and each run leads its own process group
// inside it (sandbox/server.py, sandbox/child.py). Linux schedules each session as one group
// (autogroup), so a session per run weighed every run as much as the whole kernel, and the
// kernel's thread waited 50-90 ms at a time for a core during a batch
// (bench/graphite-check.bench.ts). Checked with and without bubblewrap: runs started together
// share one session that is not the kernel's, each leads its own group (what the wall clock's
// killpg and the sweep rely on), and, where Linux shows it, both sit in one scheduling group that
// is not the kernel's. On the portable core (no seccomp to keep a run out of another's group) each
// run leads a session of its own, as before.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { Sandbox } from "../../src/lib/sandbox";
import type { SandboxRun } from "../../src/lib/schema/sandbox";

const open: Sandbox[] = [];
after(async () => {
  for (const sb of open) await sb.close();
});

const code = `import os
def autogroup():
    try:
        return open("/proc/self/autogroup").read().split()[0]
    except OSError:
        return "n/a"
print("ids", os.getpid(), os.getpgid(0), os.getsid(0), autogroup())
`;

interface Ids {
  pid: number;
  pgid: number;
  sid: number;
  autogroup: string;
}
function ids(r: SandboxRun): Ids {
  const m = /ids (\d+) (\d+) (\d+) (\S+)/.exec(r.stdout);
  assert.ok(m, `the run printed no ids (status ${r.status}; ${r.traceback ?? r.notes.join(" | ")})`);
  return { pid: Number(m[1]), pgid: Number(m[2]), sid: Number(m[3]), autogroup: m[4]! };
}
/** This process's (the kernel's) scheduling group and session id, where /proc shows them. */
function own(): { autogroup: string; sid: number | null } {
  const read = (f: string) => {
    try {
      return fs.readFileSync(f, "utf8");
    } catch {
      return null;
    }
  };
  const stat = read("/proc/self/stat");
  return {
    autogroup: read("/proc/self/autogroup")?.split(/\s+/)[0] ?? "n/a",
    sid: stat === null ? null : Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[3]),
  };
}

const modes = [
  ["bubblewrap", {}],
  ["no namespaces", { namespaces: false }],
] as const;

async function twoRuns(opts: Parameters<typeof Sandbox.start>[0]): Promise<[Ids, Ids, SandboxRun, Sandbox]> {
  const sb = await Sandbox.start(opts);
  open.push(sb);
  const [a, b] = await Promise.all([sb.run({ code }), sb.run({ code })]);
  return [ids(a), ids(b), a, sb];
}

test("the portable core: each run leads a session and a process group of its own", async () => {
  const [x, y, a] = await twoRuns({ off: ["all"] });
  assert.equal(a.layers.seccomp?.on, false);
  for (const r of [x, y]) {
    assert.equal(r.pgid, r.pid, `a run leads its own process group: ${JSON.stringify(r)}`);
    assert.equal(r.sid, r.pid, `without seccomp a run leads its own session: ${JSON.stringify(r)}`);
  }
});

for (const [name, opts] of modes)
  test(`${name}: two runs share the sandbox's one session, each leading its own process group`, async (t) => {
    const [x, y, a, sb] = await twoRuns(opts);
    if (a.layers.seccomp?.on !== true) return t.skip(`seccomp is off on this host (${a.layers.seccomp?.detail}): each run leads its own session`);
    for (const r of [x, y]) {
      assert.equal(r.pgid, r.pid, `a run leads its own process group: ${JSON.stringify(r)}`);
      assert.notEqual(r.sid, r.pid, `a run does not lead a session of its own: ${JSON.stringify(r)}`);
    }
    assert.equal(x.sid, y.sid, "both runs are in the sandbox's one session");
    const mine = own();
    // process ids compare only outside bubblewrap's pid namespace
    if (!sb.underBwrap && mine.sid !== null) assert.notEqual(x.sid, mine.sid, "the sandbox's session is not the kernel's");
    // Where the kernel shows scheduling groups, both runs share one, and it is not the kernel's.
    if (x.autogroup !== "n/a" && mine.autogroup !== "n/a") {
      assert.equal(x.autogroup, y.autogroup, "both runs are scheduled as one group");
      assert.notEqual(x.autogroup, mine.autogroup, "the sandbox is scheduled apart from the kernel");
    }
  });
