import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseSlotSpec, parseWeaveArgs } from "../../../src/lib/cli/weave";

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
  assert.deepEqual([d.a, d.b, d.judge], [{ provider: "demo", model: "atlas" }, { provider: "demo", model: "beacon" }, { provider: "demo", model: "judge" }]);
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
    spawnSync(process.execPath, ["--import", "tsx", "-e", `require("./src/lib/cli/index").main(${JSON.stringify(args)}).then((c) => process.exit(c))`], { cwd: root, encoding: "utf8", timeout: 60_000 });
  const ok = cli(["weave", "--judge", "demo:judge"]);
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /^Weave \d+\.\d% consensus · \d+ shared \/ \d+ A-only \/ \d+ B-only · \d+ contradictions? · judge: json\n$/);
  const bad = cli(["weave", "--judge", "gpt-4o"]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /^duellab weave: --judge takes provider:model/);
});
