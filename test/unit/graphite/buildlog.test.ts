// The dataset's two secrets must really be in the data, not just in the write-up.
import { test } from "node:test";
import assert from "node:assert/strict";
import { buildLogCsv, buildLogRows, BUILDLOG_COLUMNS, CACHE_CUTOVER, STACKS } from "../../../src/lib/graphite/buildlog";
import { readCsv } from "../../../src/lib/graphite/csv";

const rows = buildLogRows();
const mean = (a: number[]) => a.reduce((s, x) => s + x, 0) / a.length;

test("215 working days from 2024-09-02, Monday to Friday only, one row each, columns in contract order", () => {
  const csv = readCsv(buildLogCsv());
  assert.deepEqual(csv.columns, [...BUILDLOG_COLUMNS]);
  assert.equal(csv.columns.join(","), "date,weekday,shipped,stack,tools,build_seconds,tests_run,tests_failed,lines_changed,cache_enabled");
  assert.equal(csv.rowCount, 215);
  assert.equal(rows[0]!.date, "2024-09-02");
  assert.equal(new Set(rows.map((r) => r.date)).size, 215);
  for (const r of rows) {
    const dow = new Date(`${r.date}T00:00:00Z`).getUTCDay();
    assert.ok(dow >= 1 && dow <= 5, `${r.date} is a weekend day`);
    assert.equal(r.weekday, ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][dow]);
    assert.ok((STACKS as readonly string[]).includes(r.stack));
  }
});

test("deterministic: two calls give the same bytes", () => {
  assert.equal(buildLogCsv(), buildLogCsv());
});

test("cache_enabled is 0 before 2025-01-15 and 1 from it", () => {
  for (const r of rows) assert.equal(r.cache_enabled, r.date >= CACHE_CUTOVER ? 1 : 0, r.date);
  assert.ok(
    rows.some((r) => r.date === CACHE_CUTOVER),
    "the cut-over day is a working day in the data",
  );
});

test("step change: every stack builds faster after the cut-over (means drop by at least 35%, ranges do not overlap)", () => {
  for (const s of STACKS) {
    const pre = rows.filter((r) => r.stack === s && r.date < CACHE_CUTOVER).map((r) => r.build_seconds);
    const post = rows.filter((r) => r.stack === s && r.date >= CACHE_CUTOVER).map((r) => r.build_seconds);
    assert.ok(pre.length >= 10 && post.length >= 10, `${s}: ${pre.length} before, ${post.length} after`);
    assert.ok(mean(post) < 0.65 * mean(pre), `${s}: ${mean(pre).toFixed(0)} -> ${mean(post).toFixed(0)}`);
    assert.ok(Math.max(...post) < Math.min(...pre), `${s}: slowest cached ${Math.max(...post)} vs fastest uncached ${Math.min(...pre)}`);
  }
});

test("Swift is 2-4x slower than the other stacks, before and after the cut-over", () => {
  for (const cached of [false, true]) {
    const sel = rows.filter((r) => r.date >= CACHE_CUTOVER === cached);
    const swift = mean(sel.filter((r) => r.stack === "Swift").map((r) => r.build_seconds));
    const rest = mean(sel.filter((r) => r.stack !== "Swift").map((r) => r.build_seconds));
    const ratio = swift / rest;
    assert.ok(ratio >= 2 && ratio <= 4, `cached=${cached}: Swift/rest = ${ratio.toFixed(2)}`);
    for (const s of STACKS.filter((x) => x !== "Swift")) {
      const other = mean(sel.filter((r) => r.stack === s).map((r) => r.build_seconds));
      assert.ok(swift > 1.8 * other, `cached=${cached}: Swift ${swift.toFixed(0)} vs ${s} ${other.toFixed(0)}`);
    }
  }
});

test("the other columns are plausible: tests failed never exceed tests run, lines changed positive", () => {
  for (const r of rows) {
    assert.ok(r.tests_failed >= 0 && r.tests_failed <= r.tests_run);
    assert.ok(r.lines_changed > 0);
    assert.ok(!r.shipped.includes(",") && !r.tools.includes(","), "no field needs quoting");
  }
});
