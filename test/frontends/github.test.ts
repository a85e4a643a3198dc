// A GitHub-like view of the saved example notebooks: every text/html output through a sanitizer
// that follows GitHub's rules (hast-util-sanitize's default schema: no style, no <svg>, no script,
// no data: image sources), images drawn from image/png outputs, no JavaScript. GitHub's notebook
// renderer is not public; the MIME choice follows nbconvert's (text/html, then image/png, then
// text/plain). Read in real Chromium: each duellab output shows its picture and its numbers, each
// under its own label; and where a viewer strips every image, the numbers and a sentence saying so.
import { test } from "node:test";
import assert from "node:assert/strict";
import { githubSanitize } from "../support/github-view";
import { NAMED_VALUES_IN } from "../support/named-values";
import { frontendSession } from "./support/reader";
import { executed, readNotebook, type Source } from "./support/executed";
import { expected } from "./support/expect";
import { byPriority, outputsHtml, PLAIN_DRAWERS, writePage } from "./support/page-of";

const session = frontendSession();

const PRIORITY = ["text/html", "image/png", "text/plain"];

async function githubPage(file: string, images: boolean): Promise<string> {
  const nb = readNotebook(file);
  // Sanitize each HTML output first (synchronously drawn below from the cleaned copies).
  const clean = new Map<string, string>();
  for (const c of nb.cells)
    for (const o of c.outputs ?? []) {
      const h = o.data?.["text/html"];
      if (h === undefined) continue;
      // nbformat may store a text as a list of lines.
      const html = Array.isArray(h) ? h.join("") : String(h);
      clean.set(html, await githubSanitize(html));
    }
  const choose = images ? byPriority(PRIORITY) : byPriority(PRIORITY.filter((m) => m !== "image/png"));
  const body = outputsHtml(nb, choose, {
    ...PLAIN_DRAWERS,
    html: (h) => {
      const s = clean.get(h) ?? "";
      return images ? s : s.replace(/<img[^>]*>/g, "");
    },
  });
  return writePage("github.html", "", body);
}

/** Every named value of the page, as (label, value), in reading order. */
async function rows(page: import("playwright-core").Page): Promise<[string, string][]> {
  return (await page.evaluate(`${NAMED_VALUES_IN}(document)`)) as [string, string][];
}

for (const source of ["weave", "graphite", "beyond"] as Source[]) {
  for (const images of [true, false]) {
    test(`GitHub-like view, ${source}, ${images ? "images shown" : "every image stripped"}: the numbers under their labels${images ? " and the pictures" : ", and a sentence saying the picture is missing"}`, {
      timeout: 10 * 60_000,
    }, async (t) => {
      const browser = await session.browser(t);
      if (!browser) return;
      const file = executed()[source];
      const want = expected(file);
      const context = await browser.newContext({ javaScriptEnabled: false });
      await context.route(/^https?:/, (r) => r.abort());
      const page = await context.newPage();
      await page.goto(`file://${await githubPage(file, images)}`);
      const seen = await rows(page);
      let at = 0;
      for (const w of want) {
        for (const row of w.rows) {
          const i = seen.findIndex((r, j) => j >= at && r[0] === row[0] && r[1] === row[1]);
          assert.ok(i >= 0, `${source}: ${w.kind} ${w.model} shows "${row[0]}" = "${row[1]}" in order`);
          at = i + 1;
        }
      }
      const pictures = await page.locator("img").evaluateAll((els) => els.filter((i) => (i as HTMLImageElement).naturalWidth === 1200).length);
      const text = await page.locator("body").innerText();
      if (images) assert.equal(pictures, want.filter((w) => w.kind !== "none").length, "each output's picture is drawn");
      else {
        assert.equal(pictures, 0);
        assert.equal(
          (text.match(/this viewer shows no images\. Its numbers follow\./g) ?? []).length,
          want.filter((w) => w.kind !== "none").length,
          "each missing picture is said",
        );
      }
      assert.doesNotMatch(text, /Click to show javascript error|Error displaying widget|&lt;|<div/);
      await context.close();
    });
  }
}
