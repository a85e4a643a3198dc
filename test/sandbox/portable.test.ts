// The portable core: with DUELLAB_SANDBOX_OFF=all every host layer (Linux namespaces, Landlock,
// seccomp, pidfd, PR_SET_PDEATHSIG, the subreaper and /proc; macOS Seatbelt) is off, and
// processes, limits and the wall-clock kill rest on POSIX alone (fork, sessions and process
// groups, rlimits, waitpid, pipes) - as on a Mac or a thin container. Checked here: results say
// which layers were on, charts are captured, the wall clock and the memory limit still hold, a
// run's process group is killed, runs overlap, nothing outlives a killed parent, and (under
// strace, where installed) not one Linux-only system call or /proc read is made.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { Sandbox } from "../../src/lib/sandbox";
import { defaultPython } from "../../src/lib/sandbox/paths";
import { descendants, runChildren } from "./support";

const open: Sandbox[] = [];
after(async () => {
  for (const sb of open) await sb.close();
});
let shared: Promise<Sandbox> | null = null;
const portable = () => (shared ??= Sandbox.start({ off: ["all"] }).then((sb) => (open.push(sb), sb)));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
async function waitGone(pids: number[], ms: number): Promise<number[]> {
  const end = Date.now() + ms;
  while (Date.now() < end && pids.some(alive)) await new Promise((r) => setTimeout(r, 100));
  return pids.filter(alive);
}

const HOST_LAYERS = ["namespaces", "landlock", "seccomp", "pidfd", "pdeathsig", "subreaper", "seatbelt"];

test("all off: every host layer is reported off with why, the portable core on, and a chart is captured", async () => {
  const sb = await portable();
  assert.equal(sb.underBwrap, false);
  const r = await sb.run({ code: "import matplotlib.pyplot as plt\nplt.plot([1, 3, 2])\nplt.savefig('c.png')\nprint('drawn')" });
  assert.equal(r.status, "ok", r.traceback ?? r.notes.join(" | "));
  assert.equal(r.pngs.length, 1);
  assert.equal(r.figures[0]!.lines, 1);
  assert.equal(r.stdout, "drawn\n");
  for (const k of HOST_LAYERS) {
    assert.equal(r.layers[k]?.on, false, `${k} must be off: ${JSON.stringify(r.layers[k])}`);
    if (k !== "seatbelt") assert.match(r.layers[k]!.detail, /turned off by the caller/, k);
  }
  for (const k of ["rlimits", "filecap", "cleanenv", "supervisor"]) assert.equal(r.layers[k]?.on, true, `${k}: ${JSON.stringify(r.layers[k])}`);
  assert.match(r.layers.rlimits!.detail, /measured by probing RLIMIT_AS/);
  assert.match(r.layers.pidfd!.detail, /portable fallback: SIGCHLD wakes the zygote/);
  assert.match(r.layers.pdeathsig!.detail, /lifeline pipe/);
  assert.match(r.layers.subreaper!.detail, /process group is killed/);
});

test("all off: the wall clock kills the run's whole process group, forks included", async () => {
  const sb = await portable();
  const r = await sb.run({
    code: "import os, sys, time\npid = os.fork()\nif pid == 0:\n    time.sleep(60)\n    os._exit(0)\nsys.stderr.write(f'child {pid}\\n'); sys.stderr.flush()\ntime.sleep(60)",
    timeoutMs: 800,
    staticCheck: false,
  });
  assert.equal(r.status, "timeout", r.notes.join(" | "));
  const child = Number(/child (\d+)/.exec(r.stderr)?.[1]);
  assert.ok(child > 0, `the snippet forked no child: ${r.stderr}`);
  assert.deepEqual(await waitGone([child], 3000), [], "the forked child outlived the wall-clock kill");
});

test("all off: a process left in the group after the run ends is killed, and the note says so", async () => {
  const sb = await portable();
  const r = await sb.run({ code: "import os, sys, time\nif os.fork() == 0:\n    time.sleep(60)\n    os._exit(0)\nprint('left one')", staticCheck: false });
  assert.equal(r.status, "no-figure", r.notes.join(" | "));
  assert.ok(
    r.notes.some((n) => /killed the processes the snippet left running in its process group/.test(n)),
    r.notes.join(" | "),
  );
  assert.ok(runChildren(sb.pid!).length <= 1, "only the spare child may remain under the zygote");
});

test("all off: the memory limit holds (address space found without /proc)", async () => {
  const sb = await portable();
  const r = await sb.run({ code: "x = bytearray(3 * 1024 ** 3)\nprint('allocated')", staticCheck: false });
  assert.equal(r.status, "killed", `${r.status}: ${r.notes.join(" | ")}`);
  assert.ok(
    r.notes.some((n) => /memory limit/.test(n)),
    r.notes.join(" | "),
  );
  assert.ok(!r.stdout.includes("allocated"));
});

test("all off: two runs overlap, and one's timeout leaves the other alone", async () => {
  const sb = await portable();
  const timed = (body: string) => `import time\nt0 = time.monotonic()\n${body}\nprint("span", t0, time.monotonic())\n`;
  const [slow, a, b] = await Promise.all([
    sb.run({ code: "import time\ntime.sleep(60)", timeoutMs: 700 }),
    sb.run({ code: timed("time.sleep(1.0)") }),
    sb.run({ code: timed("time.sleep(1.0)") }),
  ]);
  assert.equal(slow.status, "timeout");
  const spans = [a, b].map((r) => (/span ([\d.]+) ([\d.]+)/.exec(r.stdout) ?? []).slice(1).map(Number));
  assert.ok(
    spans.every((s) => s.length === 2),
    `${a.stdout} ${b.stdout} ${a.notes} ${b.notes}`,
  );
  assert.equal(a.status, "no-figure");
  assert.equal(b.status, "no-figure");
  assert.ok(spans[0]![1]! - spans[0]![0]! >= 1.0 && spans[1]![1]! - spans[1]![0]! >= 1.0, "each slept its full second");
});

test("all off: a SIGKILLed supervisor takes its running snippet down (lifeline pipe, no PR_SET_PDEATHSIG)", async () => {
  const sb = await Sandbox.start({ off: ["all"] });
  open.push(sb);
  const p = sb.run({ code: "import time\ntime.sleep(60)", timeoutMs: 90000 }).catch((e: Error) => e);
  await new Promise((r) => setTimeout(r, 700));
  const tree = descendants(sb.pid!);
  assert.ok(tree.length >= 2, "expected the zygote, the running snippet (and the spare) under the supervisor");
  process.kill(sb.pid!, "SIGKILL");
  assert.match(String(await p), /was killed by SIGKILL during the run/);
  assert.deepEqual(await waitGone(tree, 5000), [], "processes outlived the supervisor");
});

// strace -f of the whole sandbox: the Python half, launched through a wrapper as DUELLAB_PYTHON.
const strace = spawnSync("strace", ["-V"], { encoding: "utf8" }).status === 0;
const FORBIDDEN = /^\d+\s+(?:\S+\s+)?(pidfd_open|pidfd_send_signal|prctl|capset|landlock_\w+|seccomp|unshare|setns)\(/;
// a /proc path given to a call that looks a path up (a read() of source text that mentions /proc is not one)
const PROC_PATH =
  /^\d+\s+(?:open|openat|openat2|stat|lstat|newfstatat|statx|readlink|readlinkat|access|faccessat2?|chdir|execve)\((?:AT_FDCWD, )?"\/proc(\/|")/;
test("all off: under strace, no Linux-only system call and no /proc read at all", {
  skip: !strace && "SKIPPED LOUDLY: strace is not installed (apt-get install strace); the portable path is not proven free of Linux-only calls on this host",
}, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-strace-"));
  const log = path.join(dir, "trace");
  const wrapper = path.join(dir, "python");
  fs.writeFileSync(wrapper, `#!/bin/sh\nexec strace -f -qq -s 200 -o ${log} ${defaultPython()} "$@"\n`, { mode: 0o755 });
  const old = process.env.DUELLAB_PYTHON;
  process.env.DUELLAB_PYTHON = wrapper;
  try {
    const sb = await Sandbox.start({ off: ["all"] });
    const ok = await sb.run({ code: "import pandas as pd, matplotlib.pyplot as plt\npd.Series([1, 3, 2]).plot()\nplt.savefig('c.png')" });
    assert.equal(ok.status, "ok", ok.traceback ?? ok.notes.join(" | "));
    const t = await sb.run({ code: "import os, time\nif os.fork() == 0:\n    time.sleep(30)\ntime.sleep(30)", timeoutMs: 600, staticCheck: false });
    assert.equal(t.status, "timeout");
    await sb.close();
    const lines = fs.readFileSync(log, "utf8").split("\n");
    assert.ok(lines.length > 1000, `the trace looks empty (${lines.length} lines)`);
    assert.ok(
      lines.some((l) => /\bclone3?\(|\bfork\(/.test(l)),
      "the trace shows no fork: it did not follow the sandbox",
    );
    const bad = lines.filter((l) => FORBIDDEN.test(l) || PROC_PATH.test(l) || /clone3?\(.*CLONE_NEW/.test(l));
    assert.deepEqual(bad.slice(0, 10), [], `${bad.length} Linux-only call(s) or /proc access(es) in the portable path`);
  } finally {
    if (old === undefined) delete process.env.DUELLAB_PYTHON;
    else process.env.DUELLAB_PYTHON = old;
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
