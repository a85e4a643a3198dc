// The pure half of `npx duellab setup`: where the cache folder is on each platform, which pinned
// requirements the sandbox's private Python gets, and the two Jupyter settings files it merges.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cacheDir, sandboxRequirements, withDebuggerOff, withSaveState, SandboxPythonRecord } from "../../../src/lib/setup/places";

test("cache folder: ~/Library/Caches on macOS, XDG_CACHE_HOME or ~/.cache elsewhere, DUELLAB_CACHE_DIR over both", () => {
  assert.equal(cacheDir("darwin", {}, "/Users/ada"), "/Users/ada/Library/Caches/duellab");
  assert.equal(cacheDir("darwin", { XDG_CACHE_HOME: "/x" }, "/Users/ada"), "/Users/ada/Library/Caches/duellab");
  assert.equal(cacheDir("linux", {}, "/home/ada"), "/home/ada/.cache/duellab");
  assert.equal(cacheDir("linux", { XDG_CACHE_HOME: "/var/cache/ada" }, "/home/ada"), "/var/cache/ada/duellab");
  assert.equal(
    cacheDir("linux", { XDG_CACHE_HOME: "relative/cache" }, "/home/ada"),
    "/home/ada/.cache/duellab",
    "a relative XDG_CACHE_HOME is ignored, as the spec says",
  );
  assert.equal(cacheDir("linux", { DUELLAB_CACHE_DIR: "/tmp/dl", XDG_CACHE_HOME: "/x" }, "/home/ada"), "/tmp/dl");
});

test("the sandbox's requirements are the pinned lines of its distributions, seaborn added when unpinned", () => {
  const text = "jupyterlab==4.6.4\nmatplotlib==3.11.2  # charts\npandas==3.0.6\nnumpy==2.4.6\n\n# comment\nnbclient==0.11.0\n";
  assert.deepEqual(sandboxRequirements(text), ["matplotlib==3.11.2", "pandas==3.0.6", "numpy==2.4.6", "seaborn"]);
  const withSeaborn = text + "seaborn==0.13.2\nscipy==1.16.0\n";
  assert.deepEqual(sandboxRequirements(withSeaborn), ["matplotlib==3.11.2", "pandas==3.0.6", "numpy==2.4.6", "seaborn==0.13.2", "scipy==1.16.0"]);
  assert.deepEqual(sandboxRequirements(""), ["pandas", "matplotlib", "seaborn"], "with no pins the modules themselves are asked for");
});

test("saveState is merged into overrides.json keeping the user's other settings; null when already on", () => {
  const user = { "@jupyterlab/apputils-extension:themes": { theme: "JupyterLab Dark" }, "@jupyter-widgets/jupyterlab-manager:plugin": { other: 1 } };
  assert.deepEqual(withSaveState(user), {
    "@jupyterlab/apputils-extension:themes": { theme: "JupyterLab Dark" },
    "@jupyter-widgets/jupyterlab-manager:plugin": { other: 1, saveState: true },
  });
  assert.equal(withSaveState({ "@jupyter-widgets/jupyterlab-manager:plugin": { saveState: true } }), null);
  assert.deepEqual(withSaveState({}), { "@jupyter-widgets/jupyterlab-manager:plugin": { saveState: true } });
});

test("the debugger switch is merged into page_config.json keeping other disabled extensions; null when already off", () => {
  assert.deepEqual(withDebuggerOff({ disabledExtensions: { "@x/y": true }, other: 2 }), {
    disabledExtensions: { "@x/y": true, "@jupyterlab/debugger-extension": true },
    other: 2,
  });
  assert.equal(withDebuggerOff({ disabledExtensions: { "@jupyterlab/debugger-extension": true } }), null);
});

test("a record of the sandbox Python is checked at the boundary", () => {
  assert.ok(SandboxPythonRecord.safeParse({ python: "/p/bin/python", source: "private-env", recordedAt: "2026-01-01T00:00:00Z" }).success);
  assert.ok(!SandboxPythonRecord.safeParse({ python: "", source: "private-env", recordedAt: "x" }).success, "an empty path is no record");
  assert.ok(!SandboxPythonRecord.safeParse({ python: "/p", source: "somewhere", recordedAt: "x" }).success, "an unknown source is no record");
});
