// The zygote (sandbox/zygote.py) is the clean process every run is forked from; the supervisor,
// which holds the requests, forks nothing that runs a snippet. Where no layer stops a run from
// killing its parent (the portable core), a run can kill the zygote: the supervisor must live on,
// fail the runs in flight with a sentence, and serve the next run from a new zygote.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { Sandbox } from "../../src/lib/sandbox";
import { zygoteOf } from "./support";

const open: Sandbox[] = [];
after(async () => {
  for (const sb of open) await sb.close();
});

test("the supervisor forks no run itself: every run's process is a child of the zygote", async () => {
  const sb = await Sandbox.start({ namespaces: false });
  open.push(sb);
  const z = zygoteOf(sb.pid!);
  assert.ok(z, "a zygote runs under the sandbox process");
  const r = await sb.run({ code: "import os\nprint(os.getppid())", staticCheck: false });
  assert.equal(Number(r.stdout.trim()), z, "the run's parent is the zygote");
  const cmd = fs.readFileSync(`/proc/${z}/cmdline`, "utf8").split("\0");
  assert.ok(
    cmd.some((a) => a.endsWith("sandbox/zygote.py")),
    `the zygote is a program of its own (exec'd, not a fork of the supervisor): ${cmd.join(" ")}`,
  );
});

test("portable core: a run that kills the zygote fails with a sentence, the run beside it too, and the next run gets a new zygote", async () => {
  const sb = await Sandbox.start({ off: ["all"] });
  open.push(sb);
  const before = zygoteOf(sb.pid!);
  const beside = sb.run({ code: "import time\ntime.sleep(60)", timeoutMs: 120_000 });
  for (const end = Date.now() + 60_000; (await sb.status()).active < 1 && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
  const killer = await sb.run({ code: "import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\nimport time\ntime.sleep(30)", staticCheck: false });
  const other = await beside;
  for (const r of [killer, other]) {
    assert.equal(r.status, "killed", `${r.status}: ${r.notes.join(" | ")}`);
    assert.ok(
      r.notes.some((n) => /the sandbox's zygote \(the process runs are forked from\) died during the run/.test(n)),
      r.notes.join(" | "),
    );
  }
  const next = await sb.run({ code: "print('served')" });
  assert.equal(next.stdout, "served\n");
  const now = zygoteOf(sb.pid!);
  assert.ok(now && now !== before, "a new zygote serves the next runs");
  assert.ok(sb.alive, "the supervisor lived on");
});
