// The static sheet of each kind of result: the numbers a reader sees where no widget can live are
// recomputed from the result's raw counts, every number travels with its own label, and nothing a
// model or user wrote becomes markup.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import type { GraphiteResult } from "../../../src/lib/schema/graphite";
import type { WeaveResult } from "../../../src/lib/schema/weave";
import { sheetOf } from "../../../src/lib/snapshot/sheet-of";
import { graphiteSheet } from "../../../src/lib/snapshot/sheet-graphite";
import { multiWeaveSheet, STATIC_GROUP_LIMIT, weaveSheet } from "../../../src/lib/snapshot/sheet-weave";
import { plainHtml } from "../../../src/lib/snapshot/plain-html";
import { labelledRows } from "../../support/github-view";
import { multiFixture } from "../multi/fixture";

const fixture = <T>(name: string): T => JSON.parse(fs.readFileSync(path.join(__dirname, "../../fixtures/results", `${name}.json`), "utf8")) as T;

test("weave: the headline is recomputed from raw counts, not read from the stored percent", () => {
  const r = fixture<WeaveResult>("weave-12x12");
  const c = r.consensus;
  r.consensus.consensusByNodes = 99.9;
  const sheet = weaveSheet(r);
  const stats = Object.fromEntries(sheet.stats.map((s) => [s.label, s.value]));
  const d = c.sharedPairs + c.aOnly + c.bOnly;
  assert.equal(stats["consensus by nodes"], `${(Math.round((c.sharedPairs / d) * 1000) / 10).toFixed(1)}%`);
  assert.equal(stats["claims linked at all"], `${(Math.round((c.linkedClaims / c.totalClaims) * 1000) / 10).toFixed(1)}%`);
  assert.equal(stats.shared, String(c.sharedPairs));
  assert.equal(stats["A only"], String(c.aOnly));
  assert.equal(stats["B only"], String(c.bOnly));
  assert.equal(stats[c.contradictions === 1 ? "contradiction" : "contradictions"], String(c.contradictions));
  assert.ok(
    sheet.notes.some((n) => /reports 99\.9% but its raw counts give/.test(n.text)),
    "a stored number that disagrees is named",
  );
  const html = plainHtml(sheet);
  assert.deepEqual(
    labelledRows(html).slice(0, 6),
    sheet.stats.map((s) => [s.label, s.value]),
  );
  assert.ok(!html.includes(">99.9%<"), "the wrong stored number is never shown as the headline");
});

test("weave: a lexical fallback is said in the notes, and panels carry their own counts", () => {
  const sheet = weaveSheet(fixture<WeaveResult>("weave-lexical"));
  assert.ok(sheet.notes.some((n) => n.text === "lexical fallback — edges are word overlap, not judged" && n.tone === "red"));
  if (sheet.body.kind !== "panels") throw new Error("panels expected");
  assert.deepEqual(
    sheet.body.panels.map((p) => p.key),
    ["a", "b", "both"],
  );
  for (const p of sheet.body.panels) assert.match(p.caption, new RegExp(`^${p.panel.stats.nodes} claims? · ${p.panel.stats.drawnEdges} edges?`));
});

test("N-model weave: rings, matrix cells recomputed per pair, every phrasing of a shared group", () => {
  const r = multiFixture(8, 12) as WeaveResult & { multi: NonNullable<WeaveResult["multi"]> };
  const m = r.multi;
  const sheet = multiWeaveSheet(r);
  const stats = Object.fromEntries(sheet.stats.map((s) => [s.label, s.value]));
  assert.equal(stats["groups made by all 8"], String(m.distribution.all));
  assert.equal(stats["made by one model"], String(m.distribution.one));
  if (sheet.body.kind !== "groups") throw new Error("groups expected");
  const g = sheet.body.grid;
  assert.equal(g.rows.length, 8);
  assert.equal(g.rows.flatMap((row) => row.cells.filter((c) => c !== "—")).length, 56, "8 × 8 matrix minus the diagonal");
  const pw = m.pairwise.find((p) => p.x === m.models[0] && p.y === m.models[1])!;
  const c = pw.consensus;
  assert.equal(g.rows[0]!.cells[1], `${(Math.round((c.sharedPairs / (c.sharedPairs + c.aOnly + c.bOnly)) * 1000) / 10).toFixed(1)}%`);
  const html = plainHtml(sheet);
  for (const t of Object.values(m.groups.find((x) => x.size === 8)!.texts)) assert.ok(html.includes(t), "core phrasing shown");
});

test("hostile text is escaped; long group lists are capped and counted", () => {
  const r = multiFixture(3, 12, 0) as WeaveResult & { multi: NonNullable<WeaveResult["multi"]> };
  r.question = `<img src=x onerror=alert(1)> & "quotes"`;
  r.multi.groups[0]!.texts.a = "<script>alert(1)</script>";
  r.multi.groups[0]!.size = 2;
  const html = plainHtml(multiWeaveSheet(r));
  assert.ok(!html.includes("<img src=x"));
  assert.ok(!html.includes("<script>alert(1)"));
  assert.ok(html.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
  const many = multiFixture(8, 12, 60) as WeaveResult & { multi: NonNullable<WeaveResult["multi"]> };
  many.multi.groups = Array.from({ length: STATIC_GROUP_LIMIT + 5 }, (_, i) => ({ ...many.multi.groups[0]!, id: `g${i}`, size: 3 }));
  assert.match(plainHtml(multiWeaveSheet(many)), /5 more groups are in the result\./);
});

test("graphite: who ships, both scores, each chart's status, faithfulness and checks, the layers really on", () => {
  const r = fixture<GraphiteResult>("graphite-charts");
  const sheet = graphiteSheet(r);
  const stats = Object.fromEntries(sheet.stats.map((s) => [s.label, s.value]));
  const j = r.judge!;
  assert.equal(stats["the judge would ship"], j.ship === "neither" ? "neither chart" : `Chart ${j.ship.toUpperCase()} (${r.slots[j.ship]!.model})`);
  assert.equal(stats["A: insight · clarity (each 1–10)"], `${j.scores.a.insight} · ${j.scores.a.clarity}`);
  assert.equal(stats["B: insight · clarity (each 1–10)"], `${j.scores.b.insight} · ${j.scores.b.clarity}`);
  if (sheet.body.kind !== "charts") throw new Error("charts expected");
  for (const face of sheet.body.charts) {
    const c = r.charts[face.side];
    assert.equal(face.faithfulness, c.faithfulness.verdict);
    assert.equal(face.png?.base64, c.run.pngs[0]?.base64);
    assert.equal(face.checks.length, Math.min(c.faithfulness.checks.length, 6) + (c.faithfulness.checks.length > 6 ? 1 : 0));
  }
  const layers = Object.entries(r.charts.a.run.layers)
    .filter(([, l]) => l.on)
    .map(([k]) => k);
  assert.ok(
    sheet.notes.some((n) => n.text.includes(layers.join(", "))),
    "the sandbox layers really on are named",
  );
  const rows = labelledRows(plainHtml(sheet));
  assert.ok(rows.some(([k, v]) => k === "faithful to the data?" && v === r.charts.a.faithfulness.verdict));
  assert.ok(rows.some(([k, v]) => k === "insight (1–10)" && v === String(j.scores.a.insight)));
});

test("graphite: a crashed chart says what stopped it and that it drew no figure", () => {
  const r = fixture<GraphiteResult>("graphite-crash");
  const sheet = graphiteSheet(r);
  if (sheet.body.kind !== "charts") throw new Error("charts expected");
  const crashed = sheet.body.charts.find((c) => !c.png)!;
  assert.match(crashed.noFigure ?? "", /^No figure: /);
  const tb = r.charts[crashed.side].run.traceback?.trim().split("\n").pop();
  if (tb)
    assert.ok(
      crashed.problems.some((p) => p.text === tb),
      "the traceback's last line is shown",
    );
});

test("anything that is not a duellab result has no sheet", () => {
  assert.equal(sheetOf(null), null);
  assert.equal(sheetOf({ kind: "other" }), null);
  assert.equal(sheetOf("weave"), null);
});
