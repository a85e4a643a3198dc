// Several runs at once: the warm parent forks and supervises each on its own, so graphite()'s
// chart A and chart B overlap. Each run keeps its own clock, caps, files and cancel.
// Overlap is asserted from state (what each run holds on disk while both run, as the supervisor
// reports it), order from the snippets' own CLOCK_MONOTONIC readings (one clock for every process on
// the machine), and any timing figure as a ratio measured side by side in bench/.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { Sandbox } from "../../src/lib/sandbox";
import type { SandboxRun } from "../../src/lib/schema/sandbox";

const open: Sandbox[] = [];
after(async () => {
  for (const sb of open) await sb.close();
});
async function start(opts: Parameters<typeof Sandbox.start>[0] = {}): Promise<Sandbox> {
  const sb = await Sandbox.start(opts);
  open.push(sb);
  return sb;
}
let shared: Promise<Sandbox> | null = null;
const allLayers = () => (shared ??= start());

/** A snippet that prints its own start and end on the machine-wide monotonic clock. */
const timed = (body: string) => `import time\nt0 = time.monotonic()\n${body}\nprint("span", t0, time.monotonic())\n`;
function span(r: SandboxRun): [number, number] {
  const m = /span ([\d.]+) ([\d.]+)/.exec(r.stdout);
  assert.ok(m, `the run printed no span (status ${r.status}; ${r.notes.join(" | ")}; ${r.stderr})`);
  return [Number(m[1]), Number(m[2])];
}
const chart = (w: number, h: number, name: string) => `import matplotlib.pyplot as plt
fig, ax = plt.subplots(figsize=(${w}, ${h}), dpi=50)
ax.plot([1, 2, 3], [3, 1, 2])
fig.savefig("${name}")`;

// How long the pair takes against one run is a speed: bench/sandbox.bench.ts prints that ratio.
// Overlap is shown by state, not by clocks: each snippet first writes a 1 MB mark into its own run
// dir and then waits; the supervisor's status (what each run executing now holds on disk) shows
// both marks at the same moment only if both snippets are running at once, however slow the machine.
test("two runs started together overlap: each runs while the other runs", async () => {
  const sb = await allLayers();
  assert.equal(sb.concurrency, 2);
  const solo = await sb.run({ code: timed("time.sleep(0.1)") });
  assert.equal(solo.status, "no-figure");
  const MARK = 1024 * 1024;
  const code = `import time\nopen("mark.bin", "wb").write(b"m" * ${MARK})\ntime.sleep(600)\n`;
  const stop = new AbortController();
  const runs = [sb.run({ code, signal: stop.signal, timeoutMs: 600_000 }), sb.run({ code, signal: stop.signal, timeoutMs: 600_000 })];
  let both = false;
  for (const end = Date.now() + 240_000; Date.now() < end && !both; ) {
    const s = await sb.status();
    const marked = (s.runs ?? []).filter((r) => r.diskBytes !== null && r.diskBytes >= MARK);
    if ((s.runs ?? []).some((r) => r.diskBytes === null)) assert.fail("this host cannot measure a run's disk, so the overlap cannot be seen by state");
    both = marked.length === 2;
    if (!both) await new Promise((r) => setTimeout(r, 20));
  }
  stop.abort();
  const [a, b] = await Promise.all(runs);
  assert.ok(both, "the two runs were never seen running at the same moment (each holding its mark while the other held its own)");
  for (const r of [a, b]) {
    assert.equal(r.status, "killed", r.notes.join(" | "));
    assert.ok(
      r.notes.some((n) => /cancelled by the caller/.test(n)),
      r.notes.join(" | "),
    );
  }
});

test("one run's timeout does not touch the run beside it", async () => {
  const sb = await allLayers();
  const [slow, ok] = await Promise.all([
    sb.run({ code: "import time\ntime.sleep(60)", timeoutMs: 700 }),
    sb.run({ code: timed(`time.sleep(1.5)\n${chart(4, 3, "b.png")}`) }),
  ]);
  assert.equal(slow.status, "timeout");
  assert.ok(
    slow.notes.some((n) => /wall-clock limit of 700 ms was reached/.test(n)),
    slow.notes.join(" | "),
  );
  assert.equal(ok.status, "ok", ok.notes.join(" | ") + ok.stderr);
  assert.deepEqual(ok.notes, []);
  assert.equal(ok.pngs.length, 1);
  const [s0, s1] = span(ok);
  assert.ok(s1 - s0 >= 1.5, "the chart run slept its full 1.5 s");
});

test("one run's output flood is killed while the run beside it finishes cleanly", async () => {
  const sb = await allLayers();
  const [flood, ok] = await Promise.all([
    sb.run({ code: "import sys\nwhile True:\n    sys.stderr.write('x' * 65536)" }),
    sb.run({ code: timed(`time.sleep(0.8)\n${chart(4, 3, "b.png")}`) }),
  ]);
  assert.equal(flood.status, "killed");
  assert.ok(
    flood.notes.some((n) => /stderr flood: more than 8 MB; stopped/.test(n)),
    flood.notes.join(" | "),
  );
  assert.equal(ok.status, "ok", ok.notes.join(" | ") + ok.stderr);
  assert.deepEqual(ok.notes, []);
  assert.equal(ok.stderr, "");
});

test("no cross-talk: concurrent runs see only their own files and get only their own PNGs", async () => {
  const sb = await allLayers();
  // Both write a file and a PNG, wait until the other has surely done the same, then look.
  const look = (tag: string, w: number, h: number) => `import os, time
open("${tag}.txt", "w").write("${tag}")
${chart(w, h, `${tag}.png`)}
time.sleep(0.8)
print("files", sorted(os.listdir(".")))
try:
    print("parent", sorted(os.listdir("..")))
except OSError as e:
    print("parent refused", type(e).__name__)
`;
  const [a, b] = await Promise.all([
    sb.run({ code: look("alpha", 3, 2), files: { "data.csv": "x\n1\n" }, staticCheck: false }),
    sb.run({ code: look("beta", 5, 4), files: { "data.csv": "x\n2\n" }, staticCheck: false }),
  ]);
  assert.equal(a.status, "ok", a.notes.join(" | ") + a.stderr);
  assert.equal(b.status, "ok", b.notes.join(" | ") + b.stderr);
  assert.match(a.stdout, /files \['alpha\.png', 'alpha\.txt', 'data\.csv'\]/);
  assert.match(b.stdout, /files \['beta\.png', 'beta\.txt', 'data\.csv'\]/);
  if (sb.host.landlock.on) {
    assert.match(a.stdout, /parent refused PermissionError/);
    assert.match(b.stdout, /parent refused PermissionError/);
  }
  assert.deepEqual(
    a.pngs.map((p) => [p.width, p.height]),
    [[150, 100]],
  );
  assert.deepEqual(
    b.pngs.map((p) => [p.width, p.height]),
    [[250, 200]],
  );
  assert.equal(a.figures.length, 1);
  assert.equal(b.figures.length, 1);
  assert.deepEqual(a.figures[0]!.figsizeIn, [3, 2]);
  assert.deepEqual(b.figures[0]!.figsizeIn, [5, 4]);
});

test("cancelling one run kills it and leaves the run beside it to finish", async () => {
  const sb = await allLayers();
  const ac = new AbortController();
  const pa = sb.run({ code: timed("time.sleep(30)"), signal: ac.signal });
  const pb = sb.run({ code: timed(`time.sleep(1.2)\n${chart(4, 3, "b.png")}`) });
  setTimeout(() => ac.abort(), 400);
  const [a, b] = await Promise.all([pa, pb]);
  assert.equal(a.status, "killed");
  assert.ok(
    a.notes.some((n) => /cancelled by the caller; the process tree was killed/.test(n)),
    a.notes.join(" | "),
  );
  assert.ok(a.durationMs < b.durationMs, `the cancelled run (${a.durationMs} ms) should end before the 1.2 s chart run (${b.durationMs} ms)`);
  assert.equal(b.status, "ok", b.notes.join(" | ") + b.stderr);
  assert.deepEqual(b.notes, []);
  const [s0, s1] = span(b);
  assert.ok(s1 - s0 >= 1.2);
});

test("a run ending sweeps its own leftover processes, never those of the run beside it", async () => {
  // seccomp off so snippets may fork (as on a host without it); the supervisor is what sweeps.
  const sb = await start({ namespaces: false, off: ["seccomp"] });
  // A leaves an orphan behind and ends at once. B's own orphan (its child's child, reparented to
  // the warm parent) must survive A's sweep and report back 1.5 s later.
  const a = `import os, time
if os.fork() == 0:
    time.sleep(30)
    os._exit(0)
print("left one behind")`;
  const b = timed(`import os, sys
if os.fork() == 0:
    if os.fork() == 0:
        time.sleep(1.5)
        os.write(1, b"orphan of B survived\\n")
        os._exit(0)
    os._exit(0)
os.wait()
time.sleep(2.2)`);
  const [ra, rb] = await Promise.all([sb.run({ code: a, staticCheck: false }), sb.run({ code: b, staticCheck: false })]);
  assert.equal(ra.status, "no-figure", ra.notes.join(" | ") + ra.stderr);
  // with the subreaper the orphan is found and counted; on the portable core (DUELLAB_SANDBOX_OFF=all)
  // it is killed with A's process group, and B's orphan, in B's group, must still survive
  const swept = sb.host.subreaper.on
    ? /killed 1 process\(es\) the snippet left running after it ended/
    : /killed the processes the snippet left running in its process group/;
  assert.ok(
    ra.notes.some((n) => swept.test(n)),
    ra.notes.join(" | "),
  );
  assert.match(rb.stdout, /orphan of B survived/, `B: ${rb.status}; ${rb.notes.join(" | ")}; ${rb.stderr}`);
  assert.ok(ra.durationMs < rb.durationMs, "A had ended (and swept) while B was still running");
});

test("concurrency 1 runs one at a time; a bad concurrency is refused with what to do", async () => {
  const sb = await start({ namespaces: false, concurrency: 1 });
  assert.equal(sb.concurrency, 1);
  const code = timed("time.sleep(0.5)");
  const [a, b] = await Promise.all([sb.run({ code }), sb.run({ code })]);
  const [a0, a1] = span(a),
    [b0, b1] = span(b);
  assert.ok(a1 <= b0 || b1 <= a0, `with concurrency 1 the runs overlapped: A ${a0}-${a1}, B ${b0}-${b1}`);
  await assert.rejects(Sandbox.start({ concurrency: 0 }), /concurrency must be a whole number from 1 to 16 \(got 0\); use 1 to run snippets one at a time\./);
});
