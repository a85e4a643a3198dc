import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseBatchArgs, parseReportArgs } from "../../../src/lib/cli/batch";
import { duellabMany } from "../../support/cli";
import { meanEstimate } from "../../../src/lib/batch/aggregate";

test("duellab batch: arguments, defaults per kind, and one sentence for each mistake", () => {
  const w = parseBatchArgs(["weave", "--tasks", "t.csv", "--results", "r.jsonl", "--b", "ollama:llama3.2", "--concurrency", "8"]);
  assert.ok(!("error" in w));
  if ("error" in w) return;
  assert.deepEqual(w.slots.a, { provider: "demo", model: "atlas" });
  assert.deepEqual(w.slots.b, { provider: "ollama", model: "llama3.2" });
  assert.equal(w.concurrency, 8);
  const g = parseBatchArgs(["graphite", "--tasks", "t.jsonl", "--results", "r.jsonl"]);
  assert.ok(!("error" in g) && g.slots.a.model === "analyst");
  assert.deepEqual(parseBatchArgs(["sideways"]), { error: 'the first argument is weave, graphite or report (got "sideways")' });
  assert.match((parseBatchArgs(["weave", "--results", "r.jsonl"]) as { error: string }).error, /--tasks is required/);
  assert.match((parseBatchArgs(["weave", "--tasks", "t.csv"]) as { error: string }).error, /--results is required/);
  assert.match(
    (parseBatchArgs(["weave", "--tasks", "t.csv", "--results", "r", "--concurrency", "many"]) as { error: string }).error,
    /--concurrency takes a whole number, got "many"/,
  );
  assert.match((parseBatchArgs(["weave", "--tasks", "t.csv", "--results", "r", "--a", "atlas"]) as { error: string }).error, /--a takes provider:model/);
  assert.match((parseBatchArgs(["weave", "--bogus", "x"]) as { error: string }).error, /unknown option --bogus/);
});

test("a small-sample interval says it understates the uncertainty", () => {
  const few = meanEstimate([40, 42, 44].map((value, i) => ({ key: String(i), value })));
  assert.match(few.method, /with fewer than 10 runs a bootstrap interval understates the uncertainty/);
  const many = meanEstimate(Array.from({ length: 12 }, (_, i) => ({ key: String(i), value: 40 + i })));
  assert.doesNotMatch(many.method, /understates/);
});

test("`duellab batch [weave|report] --help` prints the usage and exits 0; an unknown option gets one sentence, exits 2 and writes nothing", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-batch-cli-"));
  const results = path.join(dir, "r.jsonl");
  const r = duellabMany([
    ["batch", "--help"],
    ["batch", "weave", "--help"],
    ["batch", "report", "-h"],
    ["batch", "weave", "--tasks", "t.csv", "--results", results, "--bogus", "x"],
    ["batch", "report", results, "-o", path.join(dir, "out.html"), "--bogus"],
    ["batch", "report", results],
    ["batch"],
  ]);
  for (const help of r.slice(0, 3)) {
    assert.equal(help.code, 0, help.err);
    assert.match(help.out, /^usage: duellab batch weave\|graphite --tasks /);
    assert.equal(help.err, "");
  }
  assert.equal(r[3]!.code, 2);
  assert.equal(r[3]!.err.split("\n")[0], "duellab batch: unknown option --bogus; `duellab batch --help` lists the options.");
  assert.equal(r[4]!.code, 2);
  assert.equal(r[4]!.err.split("\n")[0], "duellab batch report: unknown option --bogus; `duellab batch report --help` lists the options.");
  assert.equal(r[5]!.err.split("\n")[0], "duellab batch report: give the results file and -o out.html.");
  assert.equal(r[6]!.code, 2, "no arguments: the usage, and a non-zero exit as before");
  assert.deepEqual(fs.readdirSync(dir), [], "nothing written");
  assert.deepEqual(parseReportArgs(["r.jsonl", "--output=o.html"]), { results: "r.jsonl", output: "o.html" });
  assert.deepEqual(parseReportArgs(["r.jsonl", "-o"]), { error: "-o needs the HTML file to write, e.g. -o report.html" });
  fs.rmSync(dir, { recursive: true, force: true });
});
