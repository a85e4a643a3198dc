// The zygote keeps one child forked and confined ahead of the next request. That child must
// still get each request's own limits, and a spare that died while waiting must not cost a run.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { Sandbox } from "../../src/lib/sandbox";
import { runChildren } from "./support";

let sb: Sandbox | null = null;
after(() => sb?.close());

test("a pre-forked child takes the request's own limits (CPU seconds follow each run's timeout)", async () => {
  sb ??= await Sandbox.start({ namespaces: false });
  const a = await sb.run({ code: "print(1)", timeoutMs: 5000 });
  const b = await sb.run({ code: "print(2)", timeoutMs: 20000 });
  assert.match(a.layers.rlimits!.detail, /CPU 7 s/);
  assert.match(b.layers.rlimits!.detail, /CPU 22 s/);
  assert.match(a.layers.supervisor!.detail, /wall clock 5000 ms/);
  assert.equal(a.layers.landlock!.on, sb.host.landlock.on);
  assert.equal(a.layers.seccomp!.on, sb.host.seccomp.on);
});

test("a spare child killed while it waited is replaced: the next run is unaffected", async () => {
  sb ??= await Sandbox.start({ namespaces: false });
  await sb.run({ code: "print('warm')" });
  const waiting = runChildren(sb.pid!);
  assert.equal(waiting.length, 1, `expected exactly one waiting spare child, saw ${waiting.length}`);
  process.kill(waiting[0]!, "SIGKILL");
  await new Promise((r) => setTimeout(r, 100));
  const r = await sb.run({ code: "print('still here')" });
  assert.equal(r.status, "no-figure", r.notes.join(" | ") + r.stderr);
  assert.equal(r.stdout, "still here\n");
  assert.deepEqual(r.notes, []);
  assert.equal(runChildren(sb.pid!).length, 1, "a new spare waits again");
});

test("the first spare is forked before the sandbox says it is ready: from then on, between runs, it is the only child", async () => {
  const fresh = await Sandbox.start({ namespaces: false });
  try {
    const atStart = runChildren(fresh.pid!);
    assert.equal(atStart.length, 1, `expected the spare waiting as soon as start() resolved, saw ${atStart.length} process(es)`);
    const r = await fresh.run({ code: "print('first')" });
    assert.equal(r.stdout, "first\n");
    const after = runChildren(fresh.pid!);
    assert.equal(after.length, 1, "a new spare waits after the first run");
    assert.notDeepEqual(after, atStart, "the first run took the spare forked before ready");
  } finally {
    await fresh.close();
  }
});
