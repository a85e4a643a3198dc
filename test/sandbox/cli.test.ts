// `duellab sandbox run|doctor`: exit 0 whatever the snippet did, non-zero only when the sandbox
// itself failed; bad arguments get one sentence saying what to do.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { parseRunArgs } from "../../src/lib/cli/sandbox";
import { duellabMany } from "../support/cli";

const CLI = path.resolve(__dirname, "../../src/lib/cli/index.ts");
function duellab(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(
    process.execPath,
    ["--import", "tsx", "-e", `require(${JSON.stringify(CLI)}).main(${JSON.stringify(args)}).then((c) => process.exit(c))`],
    { encoding: "utf8", env: { ...process.env, ...env } },
  );
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test("run arguments: snippet, --csv, --timeout-ms, --json, --png-dir, --no-static", () => {
  assert.deepEqual(parseRunArgs(["a.py", "--csv", "d.csv", "--timeout-ms", "5000", "--json"]), {
    snippet: "a.py",
    csv: "d.csv",
    timeoutMs: 5000,
    json: true,
    pngDir: null,
    staticCheck: true,
  });
  assert.deepEqual(parseRunArgs(["--no-static", "a.py", "--png-dir", "out"]), {
    snippet: "a.py",
    csv: null,
    timeoutMs: null,
    json: false,
    pngDir: "out",
    staticCheck: false,
  });
  assert.deepEqual(parseRunArgs([]), { error: "give the Python snippet to run, e.g. duellab sandbox run chart.py --csv data.csv" });
  assert.deepEqual(parseRunArgs(["a.py", "--timeout-ms", "soon"]), { error: '--timeout-ms needs a whole number of milliseconds (at least 100), got "soon"' });
  assert.deepEqual(parseRunArgs(["a.py", "--csv"]), { error: "--csv needs a value" });
  assert.deepEqual(parseRunArgs(["a.py", "b.py"]), { error: 'one snippet at a time (got "a.py" and "b.py")' });
});

test("a crashing snippet still exits 0 and prints the run as JSON; PNGs can be written out", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-cli-"));
  fs.writeFileSync(path.join(dir, "crash.py"), 'import pandas as pd\npd.read_csv("data.csv")["nope"]\n');
  fs.writeFileSync(path.join(dir, "ok.py"), 'import pandas as pd\npd.read_csv("data.csv").plot()\n');
  fs.writeFileSync(path.join(dir, "d.csv"), "a,b\n1,2\n2,3\n");
  const crash = duellab(["sandbox", "run", path.join(dir, "crash.py"), "--csv", path.join(dir, "d.csv"), "--json"]);
  assert.equal(crash.code, 0, crash.err);
  const run = JSON.parse(crash.out);
  assert.equal(run.status, "error");
  assert.match(run.traceback, /KeyError: 'nope'/);
  const ok = duellab(["sandbox", "run", path.join(dir, "ok.py"), "--csv", path.join(dir, "d.csv"), "--png-dir", path.join(dir, "out")]);
  assert.equal(ok.code, 0, ok.err);
  assert.match(ok.out, /^status: ok/);
  assert.match(ok.out, /png 1: 640×480, bit depth 8, colour type 6/);
  assert.ok(
    fs
      .readFileSync(path.join(dir, "out", "chart-1.png"))
      .subarray(1, 4)
      .toString() === "PNG",
  );
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a sandbox that cannot start exits 1 with a sentence saying what to do", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-cli-"));
  fs.writeFileSync(path.join(dir, "s.py"), "print(1)\n");
  const r = duellab(["sandbox", "run", path.join(dir, "s.py")], { DUELLAB_PYTHON: "/nonexistent/python" });
  assert.equal(r.code, 1);
  assert.match(r.err, /no Python at \/nonexistent\/python; run `npx duellab setup` \(in a checkout of duellab: `npm run setup`\) or set DUELLAB_PYTHON/);
  fs.rmSync(dir, { recursive: true, force: true });
});

test("doctor lists every layer with on/OFF and says what is missing", () => {
  const r = duellab(["sandbox", "doctor"], { DUELLAB_SANDBOX_OFF: "seccomp" });
  assert.equal(r.code, 0, r.err);
  for (const layer of ["namespaces", "landlock", "seccomp", "rlimits", "filecap", "cleanenv", "supervisor"]) assert.match(r.out, new RegExp(`\\b${layer}\\b`));
  assert.match(r.out, /OFF {2}seccomp +turned off by the caller/);
  assert.match(r.out, /missing here: seccomp; see sandbox\/README\.md/);
});

test("doctor with DUELLAB_SANDBOX_OFF=all: the portable core on, every host layer off with its fallback; a bad name is refused", () => {
  const r = duellab(["sandbox", "doctor"], { DUELLAB_SANDBOX_OFF: "all" });
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /portable core \(POSIX[^\n]*\n {2}on {3}rlimits[^\n]*measured by probing RLIMIT_AS/);
  for (const layer of ["filecap", "cleanenv", "supervisor"]) assert.match(r.out, new RegExp(`on {3}${layer}\\b`));
  for (const layer of ["namespaces", "landlock", "seccomp", "pdeathsig", "subreaper", "pidfd"])
    assert.match(r.out, new RegExp(`OFF {2}${layer} +turned off by the caller`));
  assert.match(r.out, /OFF {2}pidfd +.*portable fallback: SIGCHLD wakes the zygote/);
  assert.match(r.out, /not for this operating system: seatbelt\./);
  const bad = duellab(["sandbox", "doctor"], { DUELLAB_SANDBOX_OFF: "landlok" });
  assert.equal(bad.code, 1);
  assert.match(bad.err, /DUELLAB_SANDBOX_OFF names "landlok", which is not a layer; use a comma-separated list of namespaces, landlock, seccomp/);
});

test("sandbox, sandbox run and sandbox doctor: --help prints the usage and exits 0; an unknown option gets one sentence and exits 2", () => {
  const r = duellabMany([
    ["sandbox", "--help"],
    ["sandbox", "run", "--help"],
    ["sandbox", "doctor", "-h"],
    ["sandbox", "run", "a.py", "--bogus"],
    ["sandbox", "doctor", "--bogus"],
    ["sandbox", "sideways"],
  ]);
  const [top, run, doctor] = r;
  for (const h of [top!, run!, doctor!]) {
    assert.equal(h.code, 0, h.err);
    assert.equal(h.err, "");
  }
  assert.match(top!.out, /^usage: duellab sandbox run snippet\.py .*\n {7}duellab sandbox doctor\n$/);
  assert.match(run!.out, /^usage: duellab sandbox run snippet\.py --csv data\.csv \[--timeout-ms N\]/);
  assert.match(doctor!.out, /^usage: duellab sandbox doctor\n/);
  assert.equal(r[3]!.code, 2);
  assert.equal(r[3]!.err.split("\n")[0], "duellab sandbox run: unknown option --bogus; `duellab sandbox run --help` lists the options.");
  assert.equal(r[4]!.code, 2);
  assert.equal(r[4]!.err.split("\n")[0], "duellab sandbox doctor: unknown option --bogus; `duellab sandbox doctor --help` lists the options.");
  assert.equal(r[5]!.code, 2);
  assert.equal(r[5]!.err.split("\n")[0], 'duellab sandbox: unknown subcommand "sideways"; the subcommands are run and doctor.');
  assert.deepEqual(parseRunArgs(["a.py", "--bogus"]), { error: "unknown option --bogus" });
  assert.deepEqual(parseRunArgs(["a.py", "--json=yes"]), { error: "--json is a switch and takes no value" });
  assert.deepEqual(parseRunArgs(["a.py", "--csv=d.csv"]), { snippet: "a.py", csv: "d.csv", timeoutMs: null, json: false, pngDir: null, staticCheck: true });
});
