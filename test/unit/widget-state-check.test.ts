// What a reader gets when a saved widget state holds a result this build cannot draw: one sentence
// naming what does not match and which duellab to install, never a broken view; and the version
// the state names is the package's own.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { compareVersions, resultProblem } from "../../src/widget/render/state-check";
import { WIDGET_READS, WIDGET_VERSION, widgetIdentity, type WidgetState } from "../../src/lib/schema/widget";

const root = path.resolve(__dirname, "../..");
const fixture = (name: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(root, "test/fixtures/results", `${name}.json`), "utf8"));
const done = { title: "Weave", status: "done", stages: [], startedAt: 0, endedAt: 1, error: null, cancellable: false } as unknown as WidgetState["run"];
const state = (result: unknown, run = done): WidgetState => ({ view: "weave", run, result, pending: [] });

test("the saved state names exactly the package's version, and this build reads it", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
  assert.equal(WIDGET_VERSION, pkg.version);
  assert.equal(widgetIdentity()._model_module_version, pkg.version);
  assert.equal(widgetIdentity()._view_module_version, pkg.version);
  assert.equal(WIDGET_READS[0], WIDGET_VERSION);
});

test("a result that matches its schema draws; a running run's partial result is not checked", () => {
  assert.equal(resultProblem(state(fixture("weave-12x12")), WIDGET_VERSION), null);
  assert.equal(resultProblem(state({ kind: "weave", question: "half-way" }, { ...done, status: "running" }), WIDGET_VERSION), null);
  assert.equal(resultProblem(state(null), WIDGET_VERSION), null);
  assert.equal(resultProblem(state({ kind: "something-else" }), WIDGET_VERSION), null, "an unknown kind is the unknown view's to say");
});

test("a result that fails the schema gets one sentence: what, and which version to install", () => {
  const broken = fixture("weave-12x12");
  delete (broken as { consensus?: unknown }).consensus;
  const same = resultProblem(state(broken), WIDGET_VERSION)!;
  assert.match(
    same,
    /^This weave's saved result does not match what duellab \d+\.\d+\.\d+ reads \(consensus: Required\); the static view saved beside the widget shows its numbers\.$/,
  );
  const older = resultProblem(state({ ...broken }), "^0.0.9")!;
  assert.match(older, /it was saved by duellab 0\.0\.9, so install duellab 0\.0\.9 to see it live/);
  const newer = resultProblem(state({ ...broken }), "9.1.0")!;
  assert.match(
    newer,
    /^This weave was saved by duellab 9\.1\.0, newer than the duellab \d+\.\d+\.\d+ drawing it here.*install duellab 9\.1\.0 or later to see it live/,
  );
  for (const s of [same, older, newer]) assert.equal(s.split(/\.\s+[A-Z]/).length, 1, "one sentence");
});

test("versions compare numerically", () => {
  assert.equal(compareVersions("0.10.0", "0.9.9"), 1);
  assert.equal(compareVersions("0.1.0", "0.1.0"), 0);
  assert.equal(compareVersions("1.0.0", "1.0.1"), -1);
  assert.equal(compareVersions("x", "1.0.0"), null);
});
