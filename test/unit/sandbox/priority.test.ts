// The helpers of a graphite run can run below the kernel's thread (src/lib/sandbox/priority.ts): the
// nice value is read from DUELLAB_HELPER_NICE or defaults to 0 (as the kernel), a worker started with
// niceWorkerScript runs at it (the kernel's own thread does not), and niceTree sets a process and
// its descendants. Linux only where the thread's id or /proc is needed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { Worker } from "node:worker_threads";
import { HELPER_NICE, helperNice, niceTree, niceWorkerScript, ownThreadId } from "../../../src/lib/sandbox/priority";

const linux = process.platform === "linux";

test("the helpers' nice value: DUELLAB_HELPER_NICE when it is a whole number 0–19, else 0", () => {
  assert.equal(HELPER_NICE, 0);
  assert.equal(helperNice({}), 0);
  assert.equal(helperNice({ DUELLAB_HELPER_NICE: "10" }), 10);
  assert.equal(helperNice({ DUELLAB_HELPER_NICE: "0" }), 0);
  assert.equal(helperNice({ DUELLAB_HELPER_NICE: "19" }), 19);
  for (const bad of ["", "-5", "20", "3.5", "low"]) assert.equal(helperNice({ DUELLAB_HELPER_NICE: bad }), 0, bad);
});

test("a worker started with niceWorkerScript runs at the nice value; the kernel's thread is left as it was", { skip: !linux }, async () => {
  const before = os.getPriority();
  const code = `const { parentPort } = require("node:worker_threads"); const tid = Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop()); parentPort.postMessage(require("node:os").getPriority(tid));`;
  const s = niceWorkerScript({ file: code, eval: true }, 7);
  assert.deepEqual(niceWorkerScript({ file: "x.js", eval: false }, 0), { file: "x.js", eval: false }, "0: the script as given");
  const w = new Worker(s.file, { eval: s.eval });
  const got = await new Promise((resolve, reject) => w.once("message", resolve).once("error", reject));
  await w.terminate();
  assert.equal(got, 7);
  assert.equal(os.getPriority(), before);
  assert.equal(ownThreadId(), process.pid, "the main thread's id is the process's");
});

test("niceTree sets a process and the process it started", { skip: !linux }, async () => {
  const child = spawn("sh", ["-c", "sleep 30; true"], { stdio: "ignore" });
  const kids = () => fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "latin1").split(" ").filter(Boolean).map(Number);
  try {
    // the shell has started its sleep (waited for, however slow the machine)
    while (kids().length === 0) await new Promise((r) => setTimeout(r, 10));
    const set = niceTree(child.pid!, 5);
    assert.ok(set >= 2, `${set} threads set`);
    assert.equal(os.getPriority(child.pid!), 5);
    assert.equal(os.getPriority(kids()[0]!), 5);
  } finally {
    for (const k of kids()) process.kill(k, "SIGKILL");
    child.kill("SIGKILL");
  }
});
