// `npx duellab setup` given bad input: exit 1 with one sentence saying what to do, nothing written.
// (The working path, against a real fresh Jupyter environment, is test/install/install.test.ts.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "../..");

function setup(args: string[], env: NodeJS.ProcessEnv = {}): { status: number | null; stderr: string; stdout: string } {
  const r = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "-e",
      `require(${JSON.stringify(path.join(root, "src/lib/cli/setup.ts"))}).setupCommand(${JSON.stringify(args)}).then((c) => process.exit(c))`,
    ],
    {
      encoding: "utf8",
      env: { ...process.env, ...env },
      cwd: root,
    },
  );
  return { status: r.status, stderr: r.stderr, stdout: r.stdout };
}

function oneSentence(stderr: string): string {
  const lines = stderr.trim().split("\n");
  assert.equal(lines.length, 1, `one line: ${stderr}`);
  assert.doesNotMatch(stderr, /\n\s+at |Error:/, "no stack trace");
  return lines[0]!;
}

test("--prefix naming a folder with no Python: one sentence, nothing written", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-cli-setup-"));
  const r = setup(["--prefix", dir]);
  assert.equal(r.status, 1);
  assert.match(
    oneSentence(r.stderr),
    /^duellab setup: .*duellab-cli-setup-\w+ has no bin\/python: give --prefix the sys\.prefix of the Python environment that runs your Jupyter\.$/,
  );
  assert.deepEqual(fs.readdirSync(dir), [], "nothing written into it");
});

test("--prefix without a directory, and an unknown option: say how to call it", () => {
  const r = setup(["--prefix"]);
  assert.equal(r.status, 1);
  assert.match(oneSentence(r.stderr), /--prefix needs the environment's directory/);
  const u = setup(["--prefx", "/x"]);
  assert.equal(u.status, 1);
  assert.match(oneSentence(u.stderr), /unknown option --prefx: the only option is --prefix <env>\./);
});

test("no jupyter on PATH: says to activate the environment or name it", () => {
  const r = setup([], { PATH: "/nonexistent" });
  assert.equal(r.status, 1);
  assert.match(
    oneSentence(r.stderr),
    /no `jupyter` on PATH: activate the environment that runs your JupyterLab or Notebook, or name it with `npx duellab setup --prefix <env>`\./,
  );
});

test("an environment without JupyterLab or Notebook: names what to install", () => {
  // A fresh venv (no pip, no system site-packages) has neither front end, whatever the machine has.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-cli-setup-"));
  const made = spawnSync("python3", ["-m", "venv", "--without-pip", dir], { encoding: "utf8" });
  assert.equal(made.status, 0, made.stderr);
  const before = fs.readdirSync(dir).sort();
  const r = setup(["--prefix", dir]);
  assert.equal(r.status, 1);
  assert.match(oneSentence(r.stderr), /has neither JupyterLab nor Notebook 7: install one \(`.+ -m pip install jupyterlab`\) or name another with --prefix\./);
  assert.deepEqual(fs.readdirSync(dir).sort(), before, "nothing written");
});

test("--help prints the usage and exits 0; an unknown short option or a stray argument: one sentence, exit 1", () => {
  for (const flag of ["--help", "-h"]) {
    const h = setup([flag]);
    assert.equal(h.status, 0, h.stderr);
    assert.match(h.stdout, /^usage: duellab setup \[--prefix <env>\]\n/);
    assert.equal(h.stderr, "");
  }
  const u = setup(["-p", "/x"]);
  assert.equal(u.status, 1);
  assert.equal(oneSentence(u.stderr), "duellab setup: unknown option -p: the only option is --prefix <env>.");
  const stray = setup(["/some/env"]);
  assert.equal(stray.status, 1);
  assert.equal(oneSentence(stray.stderr), 'duellab setup: unexpected argument "/some/env": the only option is --prefix <env>.');
  const empty = setup(["--prefix="]);
  assert.equal(empty.status, 1);
  assert.match(oneSentence(empty.stderr), /^duellab setup: --prefix needs the environment's directory/);
});
