// MyST / Jupyter Book 2: the real `mystmd` (npm) builds a site from the saved example notebooks
// offline. Its content JSON is what the theme renders: every duellab output keeps its picture (an
// image file MyST writes) and its static HTML, and the widget's own output keeps its summary line.
// The theme itself cannot be fetched offline (mystmd downloads it); how it draws an output is read
// from myst-theme's code (packages/jupyter: outputs whose types are all "safe" — text/plain and
// images — are drawn directly, others by JupyterLab's rendermime, which has no widget manager: a
// widget view is dropped, text/html outranks image/png) and emulated here in real Chromium.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { executed, ROOT, type Source } from "./support/executed";
import { expected } from "./support/expect";
import { frontendSession, read } from "./support/reader";

const session = frontendSession();

interface MystOutput {
  type: "output";
  jupyter_data: { output_type: string; data?: Record<string, { content?: string; path?: string; content_type: string }>; text?: string };
}

function mystBuild(files: string[]): { dir: string; outputs: MystOutput[][] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-myst-"));
  for (const f of files) fs.copyFileSync(f, path.join(dir, path.basename(f)));
  fs.writeFileSync(path.join(dir, "myst.yml"), "version: 1\nproject:\n  title: duellab research note\nsite:\n  template: book-theme\n");
  const r = spawnSync(path.join(ROOT, "node_modules/.bin/myst"), ["build", "--site"], { cwd: dir, encoding: "utf8", timeout: 5 * 60_000 });
  // Offline, the build of the content succeeds and only the theme download fails (said, not thrown).
  assert.match(`${r.stdout}${r.stderr}`, /Built \d+ pages? for project/, `myst did not build the content: ${r.stdout}${r.stderr}`);
  const content = path.join(dir, "_build/site/content");
  const pages = fs.readdirSync(content).filter((f) => f.endsWith(".json"));
  assert.equal(pages.length, files.length);
  const outputs = pages.map((p) => {
    const found: MystOutput[] = [];
    const walk = (n: unknown) => {
      if (Array.isArray(n)) n.forEach(walk);
      else if (n && typeof n === "object") {
        if ((n as { type?: string }).type === "output") found.push(n as MystOutput);
        Object.values(n).forEach(walk);
      }
    };
    walk((JSON.parse(fs.readFileSync(path.join(content, p), "utf8")) as { mdast: unknown }).mdast);
    return found;
  });
  return { dir, outputs };
}

/** myst-theme's choice for one output, as its code makes it (see the header). */
function themeDraws(o: MystOutput, publicDir: string): string {
  const j = o.jupyter_data;
  if (j.output_type === "stream") return `<pre>${(j.text ?? "").replace(/</g, "&lt;")}</pre>`;
  const data = j.data ?? {};
  const html = data["text/html"];
  const png = data["image/png"];
  const plain = data["text/plain"];
  if (html?.content) return html.content;
  if (png?.path) return `<img src="file://${path.join(publicDir, png.path)}" alt="${(plain?.content ?? "").replace(/"/g, "&quot;")}">`;
  return plain?.content ? `<pre>${plain.content.replace(/</g, "&lt;")}</pre>` : "";
}

test("mystmd keeps every duellab output's picture and static HTML, and the theme shows them with the right numbers", { timeout: 15 * 60_000 }, async (t) => {
  const sources: Source[] = ["weave", "graphite", "beyond"];
  const files = sources.map((s) => executed()[s]);
  const { dir, outputs } = mystBuild(files);
  const publicDir = path.join(dir, "_build/site/public");
  const all = outputs.flat();
  const fallbacks = all.filter((o) => o.jupyter_data.data?.["application/vnd.duellab.fallback+json"]);
  const pictures = fallbacks.filter((o) => o.jupyter_data.data?.["image/png"]?.path);
  const texts = fallbacks.filter((o) => o.jupyter_data.data?.["text/html"]?.content);
  const want = files.flatMap((f) => expected(f));
  assert.equal(texts.length, want.length, "every duellab output's static HTML is kept");
  assert.equal(pictures.length, want.filter((w) => w.kind !== "none").length, "every picture is kept as an image file");
  for (const p of pictures) {
    const png = fs.readFileSync(path.join(publicDir, p.jupyter_data.data!["image/png"]!.path!));
    assert.equal(png.readUInt32BE(16), 1200, "the picture MyST wrote is the 1200-pixel PNG");
  }
  const widgets = all.filter((o) => o.jupyter_data.data?.["application/vnd.jupyter.widget-view+json"]);
  for (const w of widgets) assert.ok(w.jupyter_data.data?.["text/plain"]?.content, "the widget's own output keeps its summary line");

  const browser = await session.browser(t);
  if (!browser) return;
  const page = path.join(dir, "theme.html");
  fs.writeFileSync(
    page,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>note</title></head><body>${all.map((o) => `<figure>${themeDraws(o, publicDir)}</figure>`).join("\n")}</body></html>`,
  );
  const context = await browser.newContext();
  await context.route(/^https?:/, (r) => r.abort());
  const p = await context.newPage();
  await p.goto(`file://${page}`);
  const reading = await read(p);
  // MyST orders its pages by file name, not in the order they were given: compare as sets.
  assert.deepEqual(reading.fallbacks.map((f) => f.model).sort(), want.map((w) => w.model).sort());
  assert.equal(reading.pictures, pictures.length, "each picture is drawn");
  for (const w of want)
    for (const row of w.rows)
      assert.ok(
        reading.fallbacks.find((f) => f.model === w.model)?.rows.some(([k, v]) => k === row[0] && v === row[1]),
        `${w.model}: ${row[0]} = ${row[1]}`,
      );
  await context.close();
});
