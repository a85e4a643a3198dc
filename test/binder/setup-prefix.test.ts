// setup.mjs --prefix (Binder's postBuild uses it): bad input stops at once with one sentence, and
// never touches this checkout. The working path is covered by binder.test.ts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
const setup = (...args: string[]) => spawnSync(process.execPath, [path.join(root, "scripts/setup.mjs"), ...args], { encoding: "utf8", cwd: root });

test("a prefix with no Python is refused", () => {
  const r = setup("--prefix", path.join(os.tmpdir(), "duellab-no-such-env"));
  assert.equal(r.status, 1);
  assert.match(r.stderr, /duellab-no-such-env has no bin\/python: give --prefix the sys\.prefix of the Python environment to install into\./);
});

test("--prefix without a directory says how to call it", () => {
  const r = setup("--prefix");
  assert.equal(r.status, 1);
  assert.match(r.stderr, /--prefix needs the environment's directory, e\.g\. `node scripts\/setup\.mjs --prefix/);
});

test("an environment without the requirements names what is missing and how to install it", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-bare-env-"));
  try {
    const v = spawnSync(process.env.PYTHON || "python3", ["-m", "venv", "--without-pip", dir], { encoding: "utf8" });
    assert.equal(v.status, 0, v.stderr);
    const r = setup("--prefix", dir);
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      /lacks jupyterlab: install binder\/requirements\.txt into it first \(`.*\/bin\/python -m pip install -r binder\/requirements\.txt`\)/,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a checkout whose .venv is a real directory is not replaced by a link", (t) => {
  const venv = path.join(root, ".venv");
  if (!fs.existsSync(venv) || fs.lstatSync(venv).isSymbolicLink()) return t.skip("this checkout's .venv is not a directory (a Binder image)");
  const r = setup("--prefix", venv);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /\.venv already exists as a directory here; --prefix links \.venv to .* instead: remove \.venv, or run setup without --prefix\./);
  assert.ok(!fs.lstatSync(venv).isSymbolicLink(), ".venv is untouched");
});
