// The sandbox's processes can run below the kernel's thread (src/lib/sandbox/priority.ts): a
// snippet sees the kernel's own nice value by default, or the nice value the caller gave, with or
// without bubblewrap; the kernel's own priority is left as it was.
import { test } from "node:test";
import assert from "node:assert/strict";
import os from "node:os";
import { Sandbox } from "../../src/lib/sandbox";

// the default is what this test checks, whatever the shell running it says
delete process.env.DUELLAB_HELPER_NICE;
const code = "import os\nprint(os.getpriority(os.PRIO_PROCESS, 0))\n";

for (const namespaces of [true, false])
  test(`a snippet runs at the helpers' nice value (${namespaces ? "bubblewrap" : "plain"})`, { skip: process.platform !== "linux" }, async () => {
    const before = os.getPriority();
    for (const [nice, want] of [
      [undefined, String(before)],
      [15, "15"],
    ] as const) {
      const sb = await Sandbox.start({ namespaces, ...(nice === undefined ? {} : { nice }) });
      try {
        const run = await sb.run({ code });
        assert.equal(run.stdout.trim(), want, `nice ${nice ?? "default"}: ${run.status} ${run.traceback ?? ""}`);
      } finally {
        await sb.close();
      }
    }
    assert.equal(os.getPriority(), before);
  });
