// The no-JavaScript snapshot of an N-model weave: the numbers it shows come from the result, every
// model's phrasing is there, and nothing a model or user wrote is HTML.
import { test } from "node:test";
import assert from "node:assert/strict";
import { staticMultiWeave, STATIC_GROUP_LIMIT } from "../../../src/lib/snapshot/static-multi-weave";
import { multiFixture } from "./fixture";

test("rings, matrix cells and phrasings of the 8 × 12 fixture", () => {
  const r = multiFixture(8, 12) as Parameters<typeof staticMultiWeave>[0];
  const html = staticMultiWeave(r);
  const m = r.multi;
  assert.ok(html.includes(`<b style="font-size:18px">${m.distribution.all}</b><br><span style="font-size:11px;color:#57606a">made by all 8</span>`));
  assert.equal((html.match(/<td style="padding:3px 6px;text-align:center;background/g) ?? []).length, 56, "8 × 8 matrix minus the diagonal");
  assert.ok(html.includes(`${m.matrix[0]![1]!.toFixed(1)}%`));
  for (const t of Object.values(m.groups.find((g) => g.size === 8)!.texts)) assert.ok(html.includes(t), "core phrasing shown");
  assert.ok(!/<script|<style/i.test(html), "inline styles only, no script");
});

test("hostile text is escaped, long group lists are capped and counted", () => {
  const r = multiFixture(3, 12, 0) as Parameters<typeof staticMultiWeave>[0];
  r.question = `<img src=x onerror=alert(1)> & "quotes"`;
  r.multi.groups[0]!.texts.a = "<script>alert(1)</script>";
  const html = staticMultiWeave(r);
  assert.ok(!html.includes("<img src=x"));
  assert.ok(!html.includes("<script>alert(1)"));
  assert.ok(html.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
  const many = multiFixture(8, 12, 60) as Parameters<typeof staticMultiWeave>[0];
  many.multi.groups = Array.from({ length: STATIC_GROUP_LIMIT + 5 }, (_, i) => ({ ...many.multi.groups[0]!, id: `g${i}` }));
  assert.match(staticMultiWeave(many), /5 more groups are in the result\./);
});
