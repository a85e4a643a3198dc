// The pure half of `duellab export`: nbconvert's page in, one offline page out.
import { test } from "node:test";
import assert from "node:assert/strict";
import { makeOffline, notebookHints, RENDERER_SENTINEL } from "../../src/lib/export/notebook-html";

const STATE = `<script type="application/vnd.jupyter.widget-state+json">\n{"version_major": 2, "version_minor": 0, "state": {"m1": {}, "m2": {}}}\n</script>`;
const VIEW = `<script type="application/vnd.jupyter.widget-view+json">\n{"model_id": "m1", "version_major": 2, "version_minor": 0}\n</script>`;
const LOADER = `<script>\n(function() { var widgetRendererSrc = '${RENDERER_SENTINEL}'; document.addEventListener('DOMContentLoaded', function(){}); }());\n</script>`;
const page = (head: string, body: string) => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;

test("the widget loader is replaced by the inlined renderer, and the counts come from the page", () => {
  const r = makeOffline(page(LOADER, VIEW + VIEW + STATE), "window.RENDERED = 1;");
  assert.equal(r.widgetModels, 2);
  assert.equal(r.widgetViews, 2);
  assert.ok(r.html.includes("window.RENDERED = 1;"));
  assert.ok(!r.html.includes(RENDERER_SENTINEL), "nbconvert's URL-based loader is gone");
  assert.deepEqual(r.removed, []);
});

test("a renderer that contains </script cannot end the inline script early", () => {
  const r = makeOffline(page(LOADER, STATE), 'var s = "</script><b>x</b>";');
  assert.ok(r.html.includes('var s = "<\\/script><b>x</b>";'));
  assert.equal((r.html.match(/<\/script>/g) ?? []).length, 2, "the renderer's and the state's own closing tags only");
});

test("replacement text with $ patterns is inserted verbatim", () => {
  const r = makeOffline(page(LOADER, STATE), "var a = '$&$1$$';");
  assert.ok(r.html.includes("var a = '$&$1$$';"));
});

test("remote scripts, module loaders and stylesheets are removed and listed; local ones stay", () => {
  const head = [
    `<script src="https://cdnjs.cloudflare.com/ajax/libs/require.js/2.1.10/require.min.js"></script>`,
    `<script src="//cdn.example.org/x.js"></script>`,
    `<script src="local.js"></script>`,
    `<script type="module">const m = (await import("https://cdnjs.cloudflare.com/ajax/libs/mermaid/11.10.0/mermaid.esm.min.mjs")).default;</script>`,
    `<link rel="stylesheet" href="https://fonts.example.org/a.css">`,
    `<link rel="icon" href="data:,">`,
  ].join("\n");
  const r = makeOffline(page(head, "<p>hi</p>"), null);
  assert.deepEqual(r.removed, [
    "https://cdnjs.cloudflare.com/ajax/libs/require.js/2.1.10/require.min.js",
    "//cdn.example.org/x.js",
    "https://cdnjs.cloudflare.com/ajax/libs/mermaid/11.10.0/mermaid.esm.min.mjs",
    "https://fonts.example.org/a.css",
  ]);
  assert.ok(r.html.includes(`<script src="local.js"></script>`));
  assert.ok(r.html.includes(`<link rel="icon" href="data:,">`));
  assert.ok(
    r.html.includes(
      "<!-- duellab export: removed a script from https://cdnjs.cloudflare.com/ajax/libs/require.js/2.1.10/require.min.js (this file works offline) -->",
    ),
  );
  assert.deepEqual(r.notes, [], "no math, no diagram, no widget outputs: nothing the reader misses");
});

test("notes say what the reader will see differently", () => {
  const head = `<script src="https://cdnjs.cloudflare.com/ajax/libs/mathjax/2.7.7/latest.js"> </script><script type="module">await import("https://x.org/mermaid.esm.min.mjs")</script>`;
  const body = `<div class="jp-Mermaid"><pre class="mermaid">graph TD</pre></div><img src="https://example.org/a.png"><img src="data:image/png;base64,AA==">`;
  const r = makeOffline(page(head, body), null, { math: true, widgetOutputs: 2 });
  assert.deepEqual(r.notes, [
    "the notebook has 2 widget output(s) but no saved widget state, so they show their text fallback; re-run it with nbclient, or in JupyterLab with widget state saving on, then export again",
    "LaTeX in markdown cells is shown as its source text: MathJax is not bundled in the offline file",
    "Mermaid diagrams are shown as their source text: mermaid.js is not bundled in the offline file",
    "1 image(s) in the notebook link to the web and will not show offline",
  ]);
  const quiet = makeOffline(page(head, "<p>no diagram</p>"), null, { math: false, widgetOutputs: 0 });
  assert.deepEqual(quiet.notes, []);
});

test("widget state without a loader naming our renderer is refused with a sentence", () => {
  assert.throws(() => makeOffline(page("", VIEW + STATE), "x"), /holds widget state but no widget loader that names our renderer/);
  assert.throws(() => makeOffline(page(LOADER, `<script type="application/vnd.jupyter.widget-state+json">{oops</script>`), "x"), /not valid JSON/);
});

test("notebookHints finds math in markdown only, and counts widget outputs", () => {
  const nb = {
    cells: [
      { cell_type: "markdown", source: ["The mean is $\\mu$."] },
      {
        cell_type: "code",
        source: "const price = '$5 and $6';",
        outputs: [
          { output_type: "display_data", data: { "application/vnd.jupyter.widget-view+json": { model_id: "m" }, "text/plain": "w" } },
          { output_type: "stream", text: "x" },
        ],
      },
    ],
  };
  assert.deepEqual(notebookHints(nb), { math: true, widgetOutputs: 1 });
  assert.deepEqual(notebookHints({ cells: [{ cell_type: "markdown", source: "Costs $5 per seat" }] }), { math: false, widgetOutputs: 0 });
  assert.deepEqual(notebookHints({ cells: [{ cell_type: "markdown", source: "\\begin{align} x \\end{align}" }] }).math, true);
  assert.deepEqual(notebookHints(null), { math: false, widgetOutputs: 0 });
});

test("the inlined renderer is not rewritten, even where its strings look like remote tags", () => {
  const renderer = `var t = '<link rel="stylesheet" href="https://cdn.example.org/x.css"><img src="https://example.org/a.png">';`;
  const r = makeOffline(page(LOADER, STATE), renderer);
  assert.ok(r.html.includes(renderer), "the renderer text is inlined verbatim");
  assert.deepEqual(r.removed, []);
  assert.deepEqual(r.notes, []);
});

test("a page without a level-one heading gets its title as one (screen readers only); one with a heading is left alone", () => {
  const nb = (body: string) => `<!DOCTYPE html><html lang="en"><head><title>run &amp; report</title></head><body><main>${body}</main></body></html>`;
  const r = makeOffline(nb("<p>hi</p><script>var s = '<h1>';</script>"), null);
  assert.match(r.html, /<main>\n<h1 style="position:absolute;[^"]*">run &amp; report<\/h1><p>hi<\/p>/);
  const kept = makeOffline(nb(`<h1 id="Title">Title</h1>`), null);
  assert.equal((kept.html.match(/<h1/g) ?? []).length, 1);
});

test("the page's light-theme code colours and prompts are replaced by readable ones, last in <head>", () => {
  const r = makeOffline(
    `<!DOCTYPE html><html lang="en"><head><title>t</title><style>:root{--jp-mirror-editor-comment-color:#408080}</style></head><body><main><h1>t</h1></main></body></html>`,
    null,
  );
  assert.match(
    r.html,
    /<style data-duellab-a11y>body\[data-jp-theme-light="true"\] \{ [^}]*--jp-mirror-editor-comment-color: #3b6e6e;[^}]*\}<\/style>\n<\/head>/,
  );
});
