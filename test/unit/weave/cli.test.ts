import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseSlotSpec, parseWeaveArgs } from "../../../src/lib/cli/weave";
import { duellabMany } from "../../support/cli";

test("slot specs: provider:model with an optional @baseUrl; a bad one says what to type", () => {
  assert.deepEqual(parseSlotSpec("--a", "ollama:llama3.2"), { provider: "ollama", model: "llama3.2" });
  assert.deepEqual(parseSlotSpec("--b", "custom:m@http://127.0.0.1:8000/v1"), { provider: "custom", model: "m", baseUrl: "http://127.0.0.1:8000/v1" });
  const bad = parseSlotSpec("--judge", "gpt-4o");
  assert.ok("error" in bad);
  assert.match(bad.error, /--judge takes provider:model .* e\.g\. --judge demo:atlas; got "gpt-4o"/);
});

test("arguments default to the demo models; unknown flags and missing values are refused", () => {
  const d = parseWeaveArgs([]);
  assert.ok(!("error" in d));
  assert.deepEqual(
    [d.a, d.b, d.judge],
    [
      { provider: "demo", model: "atlas" },
      { provider: "demo", model: "beacon" },
      { provider: "demo", model: "judge" },
    ],
  );
  const full = parseWeaveArgs(["-q", "Why?", "--judge", "demo:judge-messy", "--max-claims", "6", "--json", "out.json"]);
  assert.ok(!("error" in full));
  assert.equal(full.question, "Why?");
  assert.equal(full.maxClaims, 6);
  assert.equal(full.json, "out.json");
  assert.deepEqual(parseWeaveArgs(["--bogus", "1"]), { error: "unknown option --bogus" });
  assert.deepEqual(parseWeaveArgs(["--a"]), { error: "--a needs a value" });
  assert.deepEqual(parseWeaveArgs(["--max-claims", "many"]), { error: '--max-claims takes a whole number, got "many"' });
});

test("`duellab weave` runs a demo weave and prints the summary line; a bad flag exits 2", () => {
  const root = path.resolve(__dirname, "../../..");
  const cli = (args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "-e", `require("./src/lib/cli/index").main(${JSON.stringify(args)}).then((c) => process.exit(c))`], {
      cwd: root,
      encoding: "utf8",
      timeout: 60_000,
    });
  const ok = cli(["weave", "--judge", "demo:judge"]);
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(
    ok.stdout,
    /^Weave \d+\.\d% consensus · \d+ shared \/ \d+ A-only \/ \d+ B-only · \d+ contradictions? · judge: json · traced A \d+\/\d+, B \d+\/\d+\n$/,
  );
  const bad = cli(["weave", "--judge", "gpt-4o"]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /^duellab weave: --judge takes provider:model/);
});

test("`duellab weave --help` prints the usage and exits 0; an unknown option gets one sentence and exits 2", () => {
  const [help, short, bad, inline] = duellabMany([
    ["weave", "--help"],
    ["weave", "-q", "Why?", "-h"],
    ["weave", "--judge", "demo:judge", "--bogus", "1"],
    ["weave", "--a=demo"],
  ]);
  for (const r of [help!, short!]) {
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^usage: duellab weave \[--question "\.\.\."\] \[--a provider:model\[@baseUrl\]\]/);
    assert.equal(r.err, "");
  }
  assert.equal(bad!.code, 2);
  assert.equal(bad!.out, "");
  assert.equal(bad!.err.split("\n")[0], "duellab weave: unknown option --bogus; `duellab weave --help` lists the options.");
  assert.match(inline!.err, /^duellab weave: --a takes provider:model .*got "demo"\.\n/, "--flag=value is read like --flag value");
  // --help as a value is the value, not a request for help.
  const q = parseWeaveArgs(["-q", "--help"]);
  assert.ok(!("error" in q) && q.question === "--help");
  assert.deepEqual(parseWeaveArgs(["--a=demo:cedar"]).a, { provider: "demo", model: "cedar" });
});
