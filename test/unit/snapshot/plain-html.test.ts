// The text fallback survives a GitHub-like sanitizer (hast-util-sanitize's default schema)
// unchanged in what it says: no style, no svg, no script to lose, and every number still beside
// its own label, for each kind of result.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { sheetOf } from "../../../src/lib/snapshot/sheet-of";
import { PLAIN_TAGS, plainHtml } from "../../../src/lib/snapshot/plain-html";
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
// What both GitHub's sanitizer and nbconvert's (bleach's short list; anything else it prints as text) keep.
const GITHUB = new Set([
  "a",
  "b",
  "blockquote",
  "br",
  "code",
  "dd",
  "del",
  "details",
  "div",
  "dl",
  "dt",
  "em",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "i",
  "img",
  "ins",
  "kbd",
  "li",
  "ol",
  "p",
  "pre",
  "q",
  "s",
  "samp",
  "span",
  "strike",
  "strong",
  "sub",
  "summary",
  "sup",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "tt",
  "ul",
  "var",
]);
const NBCONVERT = new Set([
  "a",
  "abbr",
  "acronym",
  "b",
  "blockquote",
  "code",
  "em",
  "i",
  "li",
  "ol",
  "strong",
  "ul",
  "div",
  "pre",
  "span",
  "table",
  "tr",
  "td",
]);
const ALLOWED = new Set([...GITHUB].filter((t) => NBCONVERT.has(t)));

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
    assert.ok(before.length >= sheet.stats.length, "the headline numbers are named values");
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

test("the tags the text fallback is made of are the ones both sanitizers keep", () => {
  for (const t of PLAIN_TAGS) assert.ok(ALLOWED.has(t), t);
});

for (const [name, result] of RESULTS)
  test(`${name}: read by an HTML parser, it gains no tag a sanitizer would print as text (a table's implied <tbody>)`, async () => {
    const { fromHtml } = await import("hast-util-from-html");
    const { toHtml } = await import("hast-util-to-html");
    const parsed = toHtml(fromHtml(plainHtml(sheetOf(result)!, { modelId: "m-1" }), { fragment: true }));
    for (const t of tagNames(parsed)) assert.ok(ALLOWED.has(t), `<${t}> appears once parsed and is not in the sanitizer-proof set`);
  });

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
  assert.match(clean, /alt="Picture of the settled weave \(consensus by nodes: \d+\.\d%;[^"]*the same numbers are in the lists below it\."/);
});

test("without a picture, the text says why instead of leaving a gap", () => {
  const html = plainHtml(sheetOf(fixture("graphite-charts"))!, { noPicture: "no font to draw its text with was found." });
  assert.match(html, /<div>No picture of the settled view: no font to draw its text with was found\.<\/div>/);
});
