// The pure parts behind the views and exports, in Node: the settled layout and label placement,
// the static no-JavaScript snapshot, safe inlining, the page builder and the Python highlighter.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { WeaveResult } from "../../src/lib/schema/weave";
import { GraphiteResult } from "../../src/lib/schema/graphite";
import { placeLabels, shortLabel } from "../../src/lib/graph/labels";
import { PANEL_SIZE, settledLayout } from "../../src/lib/graph/layout";
import { edgeStyle, edgeWidth } from "../../src/lib/graph/paint";
import { staticHtml } from "../../src/lib/snapshot/static-view";
import { buildHtmlPage, exportHtml, scriptSafeJs, scriptSafeJson, stateForResult } from "../../src/lib/export/html";
import { tokenize } from "../../src/widget/render/graphite/highlight";
import { fixture } from "./views.support";

test("fixtures validate against the result schemas", () => {
  for (const n of ["weave-12x12", "weave-lexical"]) assert.equal(WeaveResult.safeParse(fixture(n)).success, true, n);
  for (const n of ["graphite-charts", "graphite-crash"]) assert.equal(GraphiteResult.safeParse(fixture(n)).success, true, n);
});

test("settled layout: deterministic, every circle inside the panel, labels never collide or leave it", () => {
  const r = fixture("weave-12x12");
  for (const k of ["a", "b", "both"]) {
    const one = settledLayout(r.panels[k], k).nodes.map((n) => [n.id, n.x, n.y]);
    const two = settledLayout(r.panels[k], k).nodes.map((n) => [n.id, n.x, n.y]);
    assert.deepEqual(one, two, `panel ${k} is deterministic`);
    const layout = settledLayout(r.panels[k], k);
    for (const n of layout.nodes) {
      assert.ok(n.x! - n.r >= 0 && n.x! + n.r <= PANEL_SIZE && n.y! - n.r >= 0 && n.y! + n.r <= PANEL_SIZE, `${k}/${n.id} inside`);
    }
    const boxes = [...placeLabels(layout.nodes).values()];
    assert.ok(boxes.length >= 5, `panel ${k} labels ${boxes.length} claims`);
    for (const b of boxes) assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= PANEL_SIZE && b.y + b.height <= PANEL_SIZE);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!,
          b = boxes[j]!;
        assert.ok(!(a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height), `${a.id} and ${b.id} overlap`);
      }
  }
});

test("Both panel: consensus nodes sit in the core, unique claims on the ring around it", () => {
  const layout = settledLayout(fixture("weave-12x12").panels.both, "both");
  const c = PANEL_SIZE / 2;
  const dist = (n: { x?: number; y?: number }) => Math.hypot(n.x! - c, n.y! - c);
  const shared = layout.nodes.filter((n) => n.shared).map(dist);
  const unique = layout.nodes.filter((n) => !n.shared).map(dist);
  assert.ok(Math.max(...shared) < Math.min(...unique), `core max ${Math.max(...shared).toFixed(0)} < ring min ${Math.min(...unique).toFixed(0)}`);
});

test("edges: width grows with strength, contradictions dashed red, lexical edges dotted", () => {
  assert.ok(edgeWidth(0) < edgeWidth(0.5) && edgeWidth(0.5) < edgeWidth(1));
  assert.equal(edgeWidth(Number.NaN), edgeWidth(0.5));
  const e = (relation: "agree" | "contradict", sourceKind: "judge" | "lexical") => edgeStyle({ source: "x", target: "y", relation, strength: 1, sourceKind });
  assert.deepEqual(
    [e("agree", "judge").dash, e("contradict", "judge").dash, e("agree", "lexical").dash, e("contradict", "lexical").dash],
    [null, "6 4", "1.5 3", "1.5 3"],
  );
  assert.equal(e("contradict", "judge").stroke, "#d1495b");
  assert.equal(shortLabel("Microservices add operational overhead a small team cannot absorb."), "Microservices add operational…");
  assert.equal(shortLabel("short claim"), "short claim");
});

test("static view of a weave result: the numbers recomputed from raw counts, the lexical fallback said", () => {
  const r = fixture("weave-12x12");
  r.consensus.consensusByNodes = 99.9; // a wrong reported number must not reach the headline
  const html = staticHtml(r);
  assert.match(html, /<li><b>consensus by nodes<\/b>: 41\.2%<\/li>/);
  assert.doesNotMatch(html, />99\.9%</);
  assert.doesNotMatch(html, /<script|<style|\sstyle=|<svg/);
  assert.match(staticHtml(fixture("weave-lexical")), /lexical fallback — edges are word overlap, not judged/);
});

test("static view of graphite results: each chart's verdicts, the BLOCKED rule and the escaped traceback", () => {
  const ok = staticHtml(fixture("graphite-charts"));
  assert.match(ok, /<div><b>Chart A<\/b><\/div>/);
  assert.match(ok, /<li><b>faithful to the data\?<\/b>: faithful<\/li>/);
  const crash = staticHtml(fixture("graphite-crash"));
  assert.match(crash, /BLOCKED import of blocked module &#39;socket&#39; — line 1/);
  assert.match(crash, /KeyError: &#39;build_time&#39;/);
  assert.match(crash, /No figure: crashed/);
  assert.match(staticHtml(null), /no result to show yet/);
  assert.match(staticHtml({ kind: "<b>" }), /a &lt;b&gt; result has no static view/);
});

test("inlining: JSON and script text can never close their <script> early", () => {
  const nasty = { q: "</script><script>alert(1)</script><!-- \u2028 \u2029 -->" };
  const j = scriptSafeJson(nasty);
  assert.doesNotMatch(j, /<\/script|<!--|\u2028|\u2029/i);
  assert.deepEqual(JSON.parse(j), nasty);
  assert.equal(scriptSafeJs('a = "</SCRIPT>"; b = "<!--"'), 'a = "<\\/SCRIPT>"; b = "<\\!--"');
  const page = buildHtmlPage(stateForResult({ ...fixture("weave-12x12"), question: nasty.q }), 'var s = "</script>";');
  assert.equal((page.match(/<\/script>/g) ?? []).length, 3, "only the page's own three scripts close");
  assert.match(page, /<title>duellab · weave — &lt;\/script&gt;/);
});

test("stateForResult: a finished run header rebuilt from the measured stage timings", () => {
  const r = fixture("weave-12x12");
  const s = stateForResult(r);
  assert.equal(s.view, "weave");
  assert.equal(s.run.status, "done");
  assert.deepEqual(
    s.run.stages.map((st) => [st.id, st.endedAt! - st.startedAt!]),
    Object.entries(r.timings.stages),
  );
  const given = { view: "graphite" as const, run: s.run, result: fixture("graphite-charts"), pending: ["repair-a"] };
  assert.deepEqual(stateForResult(given).pending, [], "an exported page has no kernel working on anything");
  assert.equal(stateForResult({ kind: "batch" }).view, "batch", "the kind names the view; the registry decides");
  assert.equal(stateForResult(null).view, "run");
});

test("exportHtml writes one self-contained file and returns its path; without a file, the HTML", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-exp-"));
  try {
    const out = await exportHtml(fixture("graphite-charts"), path.join(dir, "sub", "g.html"));
    assert.equal(out, path.join(dir, "sub", "g.html"));
    const html = fs.readFileSync(out, "utf8");
    assert.match(html, /duellabView/);
    assert.doesNotMatch(html, /<script[^>]+src=|<link[^>]+href=|https?:\/\/cdn/i, "nothing loaded from elsewhere");
    assert.equal(typeof (await exportHtml(fixture("weave-12x12"))), "string");
    assert.match(await exportHtml(fixture("weave-12x12")), /^<!doctype html>/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("Python highlighter: lossless, and strings, comments, keywords, numbers, definitions told apart", () => {
  const code = `@cache\ndef plot(df):\n    # a comment with "quotes"\n    s = f"rolling {n}"  # tail\n    t = '''multi\n# not a comment\n'''\n    return len(df) + 1.5e3 if True else None\nclass Chart: pass\n`;
  const toks = tokenize(code);
  assert.equal(toks.map((t) => t.text).join(""), code, "lossless");
  const of = (type: string) => toks.filter((t) => t.type === type).map((t) => t.text);
  assert.deepEqual(of("decorator"), ["@cache"]);
  assert.deepEqual(of("def"), ["plot", "Chart"]);
  assert.deepEqual(of("comment"), ['# a comment with "quotes"', "# tail"]);
  assert.deepEqual(of("string"), ['f"rolling {n}"', "'''multi\n# not a comment\n'''"]);
  assert.deepEqual(of("number"), ["1.5e3"]);
  assert.deepEqual(of("builtin"), ["len"]);
  assert.deepEqual(of("keyword"), ["def", "return", "if", "True", "else", "None", "class", "pass"]);
  assert.equal(tokenize('x = "unterminated').at(-1)!.type, "string");
});

test("loading the export module does not load d3-force (an ES module older Node 20 cannot require)", () => {
  const { spawnSync } = require("node:child_process") as typeof import("node:child_process");
  const code = `require(${JSON.stringify(path.join(__dirname, "../../src/lib/export/html.ts"))}); process.stdout.write(String(Object.keys(require.cache).some((k) => k.includes("d3-force"))))`;
  const r = spawnSync(process.execPath, ["--import", "tsx", "-e", code], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, "false");
});
