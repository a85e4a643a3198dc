// A comparison in a research note: exportFigure writes the picture and the interactive page, and
// the snippets it returns do what they promise in a real MyST build (the iframe on the site, its
// placeholder picture for static exports; the Markdown form an image that links to the page), and
// the page itself renders the comparison offline in Chromium. Quarto's form is read, not run.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { exportFigure } from "../../src/lib/export/figure";
import type { WeaveResult } from "../../src/lib/schema/weave";
import { ROOT } from "./support/executed";
import { frontendSession } from "./support/reader";

const session = frontendSession();

const fixture = (n: string): WeaveResult => JSON.parse(fs.readFileSync(path.join(ROOT, "test/fixtures/results", `${n}.json`), "utf8")) as WeaveResult;

test("exportFigure's MyST and Markdown snippets build into a note that shows the page on the site and the picture elsewhere", {
  timeout: 10 * 60_000,
}, async (t) => {
  const note = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-note-"));
  const r = fixture("weave-12x12");
  const fig = await exportFigure(r, path.join(note, "figures", "weave"), { noteDir: note });
  assert.equal(fs.readFileSync(fig.png).readUInt32BE(16), 1200, "the picture is the 1200-pixel static view");
  assert.ok(fs.statSync(fig.html).size > 10_000, "the interactive page is written");
  assert.match(fig.snippets.markdown, /^\[!\[duellab · weave: consensus by nodes 41\.2%, [^\]]*\]\(figures\/weave\.png\)\]\(figures\/weave\.html\)$/);
  assert.match(
    fig.snippets.quarto,
    /content-visible when-format="html"[\s\S]*<iframe src="figures\/weave\.html"[\s\S]*content-hidden when-format="html"[\s\S]*!\[[^\]]*\]\(figures\/weave\.png\)/,
  );
  fs.writeFileSync(path.join(note, "note.md"), `# A note\n\n${fig.snippets.myst}\n\n${fig.snippets.markdown}\n`);
  fs.writeFileSync(path.join(note, "myst.yml"), "version: 1\nproject:\n  title: note\nsite:\n  template: book-theme\n");
  const b = spawnSync(path.join(ROOT, "node_modules/.bin/myst"), ["build", "--site"], { cwd: note, encoding: "utf8", timeout: 5 * 60_000 });
  assert.match(`${b.stdout}${b.stderr}`, /Built \d+ pages? for project/, `${b.stdout}${b.stderr}`);
  const page = JSON.parse(fs.readFileSync(path.join(note, "_build/site/content/note.json"), "utf8")) as { mdast: unknown };
  const nodes: { type: string; src?: string; url?: string; placeholder?: boolean; children?: unknown[] }[] = [];
  const walk = (n: unknown) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === "object") {
      nodes.push(n as (typeof nodes)[number]);
      Object.values(n).forEach(walk);
    }
  };
  walk(page.mdast);
  const iframe = nodes.find((n) => n.type === "iframe");
  assert.match(iframe?.src ?? "", /weave(-[0-9a-f]+)?\.html$/, "the iframe points at the page");
  const placeholder = nodes.find((n) => n.type === "image" && n.placeholder);
  assert.ok(placeholder?.url, "the static exports' placeholder is the picture");
  // MyST copies the page into the site under a hashed name (weave-<hash>.html).
  const link = nodes.find((n) => n.type === "link" && /weave(-[0-9a-f]+)?\.html$/.test((n as { url?: string }).url ?? ""));
  assert.ok(link && JSON.stringify(link).includes('"type":"image"'), "the Markdown form is an image linking to the page");

  const browser = await session.browser(t);
  if (!browser) return;
  const context = await browser.newContext({ offline: true });
  const p = await context.newPage();
  await p.goto(`file://${fig.html}`);
  await p.locator('[data-panel="both"] circle').first().waitFor();
  assert.equal(await p.locator('[data-panel="both"] circle').count(), r.panels.both.nodes.length, "the page draws the comparison offline");
  await context.close();
});
