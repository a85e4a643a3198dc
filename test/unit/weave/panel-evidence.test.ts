// The static picture draws a claim not found in its answer as the live view does: its node dashed,
// its title saying which answer it is not in, and the legend naming the dashed ring. Runs the
// inventing and the faithful demo judge on the loopback demo server; reads the panels' SVG.
import { test } from "node:test";
import assert from "node:assert/strict";
import { weave } from "../../../src/lib/weave/run";
import { DEMO_QUESTIONS } from "../../../src/lib/demo/questions";
import { panelSvg } from "../../../src/lib/snapshot/panel-svg";
import { weaveSheet } from "../../../src/lib/snapshot/sheet-weave";

const slot = (model: string) => ({ provider: "demo" as const, model, apiKey: "sk-test" });
const run = (judge: string) => weave({ question: DEMO_QUESTIONS[0]!, a: slot("atlas"), b: slot("beacon"), judge: slot(judge), display: false });
const dashed = (svg: string) =>
  [...svg.matchAll(/<circle [^>]*stroke-dasharray="3 2"[^>]*><title>([^<]*)<\/title>/g)].map((m) => m[1]!.replaceAll("&#39;", "'"));

test("the inventing judge's claim is dashed in the A, B and Both panels and named in the legend", async () => {
  const r = await run("judge-inventor");
  const a = dashed(panelSvg(r.panels.a, "a", { evidence: r.evidence }));
  const b = dashed(panelSvg(r.panels.b, "b", { evidence: r.evidence }));
  assert.equal(a.length, 1, "one of A's claims is not in A's answer");
  assert.match(a[0]!, /\(not found in A's answer\)$/);
  assert.equal(b.length, 1);
  assert.match(b[0]!, /\(not found in B's answer\)$/);
  const both = dashed(panelSvg(r.panels.both, "both", { evidence: r.evidence }));
  assert.ok(both.length >= 1 && both.every((t) => /not found in (A|B)/.test(t)), both.join(" | "));
  // without the evidence (a result saved before it existed) nothing is dashed
  assert.deepEqual(dashed(panelSvg(r.panels.a, "a")), []);
  const sheet = weaveSheet(r);
  assert.ok(sheet.body.kind === "panels" && /dashed ring: claim not found in its answer/.test(sheet.body.legend));
});

test("the faithful judge: no node dashed, no dashed ring in the legend", async () => {
  const r = await run("judge");
  for (const k of ["a", "b", "both"] as const) assert.deepEqual(dashed(panelSvg(r.panels[k], k, { evidence: r.evidence })), []);
  const sheet = weaveSheet(r);
  assert.ok(sheet.body.kind === "panels" && !/dashed ring/.test(sheet.body.legend));
});
