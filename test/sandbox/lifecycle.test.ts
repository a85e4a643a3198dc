// The warm process lives exactly as long as its parent: killing the parent (even with SIGKILL,
// as a crashed kernel would be) takes the sandbox and anything it started down with it.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { spawn } from "node:child_process";
import { Sandbox, sharedSandbox } from "../../src/lib/sandbox";
import { descendants, runChildren } from "./support";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pids still alive once all are gone or `ms` passed (a guard against a hang, not a speed). */
async function waitGone(pids: number[], ms: number): Promise<number[]> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const left = pids.filter(alive);
    if (!left.length) return [];
    await new Promise((r) => setTimeout(r, 100));
  }
  return pids.filter(alive);
}

// "portable": every host layer off (DUELLAB_SANDBOX_OFF=all), so no PR_SET_PDEATHSIG: stdin EOF
// ends the supervisor, its socket's end ends the zygote, and each run's own lifeline pipe ends it.
for (const mode of ["bubblewrap", "plain", "portable"] as const) {
  test(`SIGKILL of the parent process ends the sandbox (${mode})`, async () => {
    const opts = mode === "bubblewrap" ? "{ namespaces: true }" : mode === "plain" ? "{ namespaces: false }" : '{ off: ["all"] }';
    const script = `
      const { Sandbox } = require(${JSON.stringify(path.resolve(__dirname, "../../src/lib/sandbox"))});
      Sandbox.start(${opts}).then(async (sb) => {
        sb.run({ code: "import time\\ntime.sleep(120)", timeoutMs: 100000 }).catch(() => {});
        setTimeout(() => process.stdout.write(String(sb.pid) + "\\n"), 500);
        setInterval(() => {}, 1000);
      });`;
    const child = spawn(process.execPath, ["--import", "tsx", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    const pid = await new Promise<number>((resolve) => child.stdout!.once("data", (d) => resolve(Number(String(d).trim()))));
    // The snippet's process appears when the machine gets to it: wait for it (bounded only as a
    // guard against a hang), rather than trusting the 500 ms before the pid was printed.
    // (the running snippet and the spare forked after it, both children of the zygote)
    for (const end = Date.now() + 30000; runChildren(pid).length < 2 && Date.now() < end; ) await new Promise((r) => setTimeout(r, 100));
    const tree = [pid, ...descendants(pid)];
    assert.ok(runChildren(pid).length >= 2, `expected the supervisor, the zygote and a running snippet, saw ${tree.length} process(es)`);
    child.kill("SIGKILL");
    const left = await waitGone(tree, 30000);
    assert.deepEqual(left, [], "processes outlived their parent");
  });
}

test("close() ends the warm process and a closed sandbox says so", async () => {
  const sb = await Sandbox.start();
  const pid = sb.pid!;
  await sb.close();
  assert.deepEqual(await waitGone([pid], 30000), []);
  await assert.rejects(sb.run({ code: "print(1)" }), /this sandbox has ended \(closed, or its process died\); start a new one/);
});

test("sharedSandbox is one warm process per kernel, restarted if it died", async () => {
  const a = await sharedSandbox();
  const b = await sharedSandbox();
  assert.equal(a, b);
  process.kill(a.pid!, "SIGKILL");
  await waitGone([a.pid!], 30000);
  await new Promise((r) => setTimeout(r, 50));
  const c = await sharedSandbox();
  assert.notEqual(c, a);
  const r = await c.run({ code: "print('back')" });
  assert.equal(r.stdout, "back\n");
  await c.close();
});

test("a sandbox killed mid-run rejects that run with what happened, and the kernel process survives", async () => {
  const sb = await Sandbox.start();
  const p = sb.run({ code: "import time\ntime.sleep(30)", timeoutMs: 60000 });
  setTimeout(() => process.kill(sb.pid!, "SIGKILL"), 300);
  await assert.rejects(p, /the sandbox process was killed by SIGKILL during the run; the next run starts a new one\./);
  await assert.rejects(sb.run({ code: "print(1)" }), /this sandbox has ended/);
});

const envOff = (process.env.DUELLAB_SANDBOX_OFF ?? "").split(",").map((x) => x.trim());
const bwrapOff =
  (envOff.includes("all") || envOff.includes("namespaces")) &&
  `skipped: DUELLAB_SANDBOX_OFF=${process.env.DUELLAB_SANDBOX_OFF} turns bubblewrap off, so it is never tried`;
test("where bubblewrap is present but refused (as in Docker), the sandbox falls back and says why", { skip: bwrapOff }, async () => {
  const fs = await import("node:fs");
  const os = await import("node:os");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-fakebwrap-"));
  fs.writeFileSync(path.join(dir, "bwrap"), "#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n", { mode: 0o755 });
  const oldPath = process.env.PATH;
  process.env.PATH = `${dir}:${oldPath}`;
  try {
    const sb = await Sandbox.start();
    assert.equal(sb.underBwrap, false);
    assert.equal(sb.host.namespaces.on, false);
    assert.match(sb.host.namespaces.detail, /bubblewrap could not start the sandbox here .*No permissions to create new namespace/);
    const r = await sb.run({ code: "print('fine')" });
    assert.equal(r.stdout, "fine\n");
    assert.equal(r.layers.namespaces!.on, false);
    await sb.close();
  } finally {
    process.env.PATH = oldPath;
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
