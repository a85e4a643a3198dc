// The shared argument reader of every `duellab` subcommand (src/lib/cli/args.ts), and the promise it
// keeps across all of them: -h/--help prints that subcommand's usage on stdout and exits 0; an
// unknown option exits non-zero with one sentence that says where the options are listed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mistake, walkArgs, wantsHelp, type Flag } from "../../../src/lib/cli/args";
import { COMMANDS } from "../../../src/lib/cli/commands";
import { duellabMany } from "../../support/cli";

const OPTIONS = { out: { type: "string" as const, short: "o", missing: "needs a file, e.g. -o x.html" }, json: { type: "boolean" as const } };

test("options arrive in order as written, in every form parseArgs reads", () => {
  const seen: Flag[] = [];
  const pos: string[] = [];
  const w = walkArgs(
    ["in.ipynb", "-o", "a.html", "--out=b.html", "-oc.html", "--json", "--", "--not-an-option"],
    OPTIONS,
    (f) => void seen.push(f),
    (v) => void pos.push(v),
  );
  assert.deepEqual(w, { help: false, error: null });
  assert.deepEqual(
    seen.map((f) => [f.raw, f.value]),
    [
      ["-o", "a.html"],
      ["--out", "b.html"],
      ["-o", "c.html"],
      ["--json", undefined],
    ],
  );
  assert.deepEqual(pos, ["in.ipynb", "--not-an-option"], "after -- everything is an argument");
});

test("each mistake is one sentence; the first one ends the walk", () => {
  const none = () => null;
  assert.deepEqual(walkArgs(["--bogus", "1"], OPTIONS, none, none), { help: false, error: "unknown option --bogus" });
  assert.deepEqual(walkArgs(["-z"], OPTIONS, none, none), { help: false, error: "unknown option -z" });
  assert.deepEqual(walkArgs(["--out"], OPTIONS, none, none), { help: false, error: "--out needs a file, e.g. -o x.html" });
  assert.deepEqual(walkArgs(["--json=yes"], OPTIONS, none, none), { help: false, error: "--json is a switch and takes no value" });
  assert.deepEqual(walkArgs(["stray"], OPTIONS, none), { help: false, error: "unknown option stray" }, "no positionals wanted: refused as before");
  assert.deepEqual(
    walkArgs(["-o", "x", "--bogus"], OPTIONS, ({ value }) => `bad ${value}`, none),
    { help: false, error: "bad x" },
    "in order: the earlier mistake wins",
  );
  assert.equal(mistake("weave", "unknown option --bogus"), "duellab weave: unknown option --bogus; `duellab weave --help` lists the options.");
  assert.equal(mistake("export", "give the notebook to export"), "duellab export: give the notebook to export.");
});

test("-h/--help anywhere asks for help, but not as another option's value", () => {
  assert.equal(wantsHelp(["--bogus", "--help"], OPTIONS), true);
  assert.equal(wantsHelp(["x", "-h"], OPTIONS), true);
  assert.equal(wantsHelp(["--out", "--help"], OPTIONS), false, "--help is the file name here");
  assert.equal(wantsHelp([], OPTIONS), false);
});

// The subcommands without a test file of their own (weave, batch, sandbox and setup are checked
// in theirs); each help and mistake goes through the real entry point, nothing is run.
test("demo, export and mock-server: --help prints the usage and exits 0; an unknown option gets one sentence", () => {
  const names = ["demo", "export", "mock-server"];
  const r = duellabMany([
    ...names.map((n) => [n, "--help"]),
    ...names.map((n) => [n, "-h"]),
    ...names.map((n) => [n, "--bogus"]),
    ["--help"],
    ["export", "--output"],
    ["mock-server", "--port"],
  ]);
  names.forEach((n, i) => {
    for (const help of [r[i]!, r[i + names.length]!]) {
      assert.equal(help.code, 0, help.err);
      assert.match(help.out, new RegExp(`^usage: duellab ${n} `));
      assert.equal(help.err, "");
    }
    const bad = r[i + 2 * names.length]!;
    assert.equal(bad.code, 2);
    assert.equal(bad.out, "");
    assert.equal(bad.err.split("\n")[0], `duellab ${n}: unknown option --bogus; \`duellab ${n} --help\` lists the options.`);
  });
  const top = r[3 * names.length]!;
  assert.equal(top.code, 0);
  for (const n of Object.keys(COMMANDS)) assert.match(top.out, new RegExp(`duellab ${n} `));
  assert.equal(r[3 * names.length + 1]!.err.split("\n")[0], "duellab export: --output needs a file name, e.g. -o comparison.html.");
  assert.equal(r[3 * names.length + 2]!.err, "duellab mock-server: --port needs a value.\n");
});
