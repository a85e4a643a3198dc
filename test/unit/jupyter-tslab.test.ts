// The bridge checks the tslab internals it relies on and, when they differ, says which tslab it needs.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { inTslabKernel, locateTslab } from "../../src/lib/jupyter/tslab";

function withFakeTslab(exports: object, fn: () => void): void {
  const file = path.join("/nonexistent/tslab-fake/node_modules/tslab/dist/jupyter.js");
  const argv = process.argv;
  require.cache[file] = { exports } as NodeJS.Module;
  process.argv = [...argv, "--config-path", "/nonexistent/kernel.json"];
  try {
    fn();
  } finally {
    delete require.cache[file];
    process.argv = argv;
  }
}

test("no tslab loaded: not a kernel, and locating it names the expected version", () => {
  assert.equal(inTslabKernel(), false);
  assert.throws(
    () => locateTslab(),
    /^Error: duellab's widget bridge needs tslab 1\.0\.22, but the running kernel's tslab \(not loaded\) was not found in this process; install tslab 1\.0\.22 and restart the kernel\.$/,
  );
});

test("a tslab without the shell handler the bridge wraps is refused in one sentence", () => {
  withFakeTslab({ lastWriteDisplayData: () => undefined, ZmqServer: class {} }, () => {
    assert.equal(inTslabKernel(), true);
    assert.throws(
      () => locateTslab(),
      /needs tslab 1\.0\.22, but the running kernel's tslab \(unknown\) has no ZmqServer\.prototype\.handleShellMessage; install tslab 1\.0\.22/,
    );
  });
});

test("a tslab that never executed a cell is not a kernel", () => {
  withFakeTslab(
    {
      lastWriteDisplayData: null,
      ZmqServer: class {
        handleShellMessage() {}
      },
    },
    () => {
      assert.equal(inTslabKernel(), false);
      assert.throws(() => locateTslab(), /has no lastWriteDisplayData/);
    },
  );
});
