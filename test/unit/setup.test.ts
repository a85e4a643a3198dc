// `npm run setup` on a machine that lacks a prerequisite ends with one sentence saying what to
// install, never a stack trace. Each case runs the real setup script in a scratch checkout with a
// fake python3 on PATH that fails the way a real machine would.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "../..");

function scratch(fakePython: string | null): { dir: string; run: () => { status: number | null; stderr: string } } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-setup-"));
  fs.mkdirSync(path.join(dir, "scripts"));
  fs.mkdirSync(path.join(dir, "binder"));
  fs.mkdirSync(path.join(dir, "bin"));
  fs.copyFileSync(path.join(root, "scripts/setup.mjs"), path.join(dir, "scripts/setup.mjs"));
  fs.copyFileSync(path.join(root, "binder/requirements.txt"), path.join(dir, "binder/requirements.txt"));
  if (fakePython) {
    fs.writeFileSync(path.join(dir, "bin/python3"), fakePython, { mode: 0o755 });
  }
  const run = () => {
    const env: NodeJS.ProcessEnv = { PATH: path.join(dir, "bin"), HOME: dir };
    const r = spawnSync(process.execPath, [path.join(dir, "scripts/setup.mjs")], { encoding: "utf8", env, cwd: dir });
    return { status: r.status, stderr: r.stderr };
  };
  return { dir, run };
}

/** What the user reads: the last non-empty line, which must be the whole message. */
function sentence(stderr: string): string {
  const lines = stderr
    .trim()
    .split("\n")
    .filter((l) => l.trim());
  return lines[lines.length - 1] ?? "";
}

function assertOneSentence(stderr: string): void {
  assert.doesNotMatch(stderr, /\n\s+at .+\(.+:\d+:\d+\)/, "no stack trace");
  assert.doesNotMatch(stderr, /Error:/, "no raw error object");
}

test("no python3 on PATH: one sentence naming what to install", () => {
  const { run } = scratch(null);
  const r = run();
  assert.equal(r.status, 1);
  assertOneSentence(r.stderr);
  assert.match(sentence(r.stderr), /^duellab setup: no python3 was found on PATH: install Python 3\.10\+ .*apt-get install python3 python3-venv.*PYTHON=/);
});

test("a Python that is too old: says which version it found and what is needed", () => {
  const { run } = scratch(`#!/bin/sh\necho "3 8"\n`);
  const r = run();
  assert.equal(r.status, 1);
  assertOneSentence(r.stderr);
  assert.match(sentence(r.stderr), /python3 is Python 3\.8; duellab needs Python 3\.10 or newer/);
});

test("an old python3 first on PATH does not hide a newer python3.12 beside it (as on a Mac whose system python3 is 3.9)", () => {
  const { dir, run } = scratch(`#!/bin/sh\necho "3 9"\n`);
  const newer = `#!/bin/sh
case "$*" in
  *sys.version_info*) echo "3 12" ;;
  *"-m venv"*) echo "ensurepip is not available" >&2; exit 1 ;;
esac
`;
  fs.writeFileSync(path.join(dir, "bin/python3.12"), newer, { mode: 0o755 });
  const r = run();
  assert.equal(r.status, 1);
  assertOneSentence(r.stderr);
  assert.match(sentence(r.stderr), /^duellab setup: `python3\.12 -m venv` failed /, "the 3.12 was chosen, not the 3.9");
});

test("no venv module: one sentence saying to install it", () => {
  const fake = `#!/bin/sh
case "$*" in
  *sys.version_info*) echo "3 11" ;;
  *"-m venv"*) echo "Error: Command '-m venv' returned non-zero exit status 1. ensurepip is not available" >&2; exit 1 ;;
esac
`;
  const { dir, run } = scratch(fake);
  const r = run();
  assert.equal(r.status, 1);
  assertOneSentence(r.stderr.replace(/Error: Command/, "Command"));
  assert.match(
    sentence(r.stderr),
    /`python3 -m venv` failed .*install the venv module \(Debian\/Ubuntu: `apt-get install python3-venv`\) and run this again\./,
  );
  assert.equal(fs.existsSync(path.join(dir, ".venv")), false, "a half-made .venv is removed");
});

test("pip failing: one sentence naming pip's error and what to do", () => {
  // A python3 whose venv works, but whose pip cannot reach any index.
  const venvPython = `#!/bin/sh
echo "ERROR: Could not find a version that satisfies the requirement jupyterlab==4.6.4 (from versions: none)" >&2
exit 1
`;
  const fake = `#!/bin/sh
case "$*" in
  *sys.version_info*) echo "3 11" ;;
  *"-m venv"*) /bin/mkdir -p "$3/bin"; /bin/cat > "$3/bin/python" <<'EOF'
${venvPython}EOF
    /bin/chmod +x "$3/bin/python" ;;
esac
`;
  const { run } = scratch(fake);
  const r = run();
  assert.equal(r.status, 1);
  assertOneSentence(r.stderr);
  assert.match(
    sentence(r.stderr),
    /pip could not install the Python side into \.venv \(ERROR: Could not find a version that satisfies the requirement jupyterlab==4\.6\.4.*\): check your network or package index, then run `npm run setup` again\./,
  );
});
