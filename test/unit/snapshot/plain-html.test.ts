// The text fallback survives a GitHub-like sanitizer (hast-util-sanitize's default schema)
// unchanged in what it says: no style, no svg, no script to lose, and every number still beside
// its own label, for each kind of result.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { sheetOf } from "../../../src/lib/snapshot/sheet-of";
import { plainHtml } from "../../../src/lib/snapshot/plain-html";
import { githubSanitize, labelledRows, tagNames } from "../../support/github-view";
import { multiFixture } from "../multi/fixture";

const fixture = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(__dirname, "../../fixtures/results", `${name}.json`), "utf8"));
const RESULTS: [string, unknown][] = [
  ["weave-12x12", fixture("weave-12x12")],
  ["weave-lexical", fixture("weave-lexical")],
  ["graphite-charts", fixture("graphite-charts")],
  ["graphite-crash", fixture("graphite-crash")],
  ["multi 4 × 10", multiFixture(4, 10)],
];
// What GitHub's sanitizer keeps (and so what the fallback is allowed to use).
const ALLOWED = new Set(["div", "p", "b", "table", "thead", "tbody", "tr", "th", "td", "ul", "ol", "li", "details", "summary", "img"]);

for (const [name, result] of RESULTS) {
  test(`${name}: only tags a sanitizer keeps, no style, no svg, no script`, () => {
    const html = plainHtml(sheetOf(result)!, { modelId: "m-1" });
    for (const t of tagNames(html)) assert.ok(ALLOWED.has(t), `<${t}> is not in the sanitizer-proof set`);
    assert.doesNotMatch(html, /\sstyle=|<style|<svg|<script|\son[a-z]+=/i);
  });

  test(`${name}: after the GitHub-like sanitizer, every label keeps its own number`, async () => {
    const sheet = sheetOf(result)!;
    const html = plainHtml(sheet, { modelId: "m-1" });
    const clean = await githubSanitize(html);
    const before = labelledRows(html);
    assert.ok(before.length >= sheet.stats.length, "the headline numbers are table rows");
    assert.deepEqual(labelledRows(clean), before);
    for (const s of sheet.stats)
      assert.ok(
        before.some(([k, v]) => k === s.label && v === s.value),
        `${s.label} = ${s.value}`,
      );
    // What the sanitizer removed is only what duellab's own pages use to hide a fallback.
    assert.equal(clean.replace(/\s+/g, " ").length > 0.9 * html.replace(/\s(class|data-[a-z-]+)="[^"]*"/g, "").replace(/\s+/g, " ").length, true);
  });
}

test("an embedded picture is kept by sanitizers that allow data images and named in words for those that do not", async () => {
  const sheet = sheetOf(fixture("weave-12x12"))!;
  const html = plainHtml(sheet, { picture: { base64: "iVBORw0KGgo=", width: 1200, height: 600 } });
  assert.match(
    html,
    /<img src="data:image\/png;base64,iVBORw0KGgo=" width="1200" height="600" alt="Picture of the settled weave \(consensus by nodes: \d+\.\d%;/,
  );
  const clean = await githubSanitize(html);
  // GitHub's rules drop a data: src; the alt text, with the numbers, stays.
  assert.doesNotMatch(clean, /src="data:/);
  assert.match(clean, /alt="Picture of the settled weave \(consensus by nodes: \d+\.\d%;[^"]*the same numbers are in the table\."/);
});

test("without a picture, the text says why instead of leaving a gap", () => {
  const html = plainHtml(sheetOf(fixture("graphite-charts"))!, { noPicture: "no font to draw its text with was found." });
  assert.match(html, /<p>No picture of the settled view: no font to draw its text with was found\.<\/p>/);
});
