// Quarto's HTML page for a notebook, emulated from its code (quarto-cli src/core/jupyter/widgets.ts
// and display-data.ts; Quarto itself is not installable here): require.js 2.3.6 and jQuery from
// cdnjs, html-manager's embed-amd.js from jsDelivr (current quarto-cli; releases before it, and
// many rendered pages in the wild, load it from unpkg: both are tried), the saved widget state
// after the body, and for
// each output the first of widget state, widget view, javascript, text/html, markdown, svg, png,
// jpeg, text/plain it has — the widget view outranks everything, with no check of the state. In
// real Chromium: online, every duellab output is the live widget and its static views step back;
// offline, the static views, never a placeholder.
import { test } from "node:test";
import assert from "node:assert/strict";
import { executed, readNotebook, type Source } from "./support/executed";
import { assertLiveWidgets, assertStaticViews, expected } from "./support/expect";
import { byPriority, outputsHtml, PLAIN_DRAWERS, writePage } from "./support/page-of";
import { foreignErrors, frontendSession, openFile, read, widgetsDrawn } from "./support/reader";

const session = frontendSession({ cdn: true });

const WIDGET_VIEW = "application/vnd.jupyter.widget-view+json";
const WIDGET_STATE = "application/vnd.jupyter.widget-state+json";
const QUARTO_HTML_PRIORITY = [
  WIDGET_STATE,
  WIDGET_VIEW,
  "application/javascript",
  "text/html",
  "text/markdown",
  "image/svg+xml",
  "image/png",
  "image/jpeg",
  "text/plain",
];

/** Where Quarto's page loads html-manager from: current quarto-cli, and its earlier releases. */
const HTML_MANAGER_FROM = {
  jsdelivr: "https://cdn.jsdelivr.net/npm/@jupyter-widgets/html-manager@*/dist/embed-amd.js",
  unpkg: "https://unpkg.com/@jupyter-widgets/html-manager@*/dist/embed-amd.js",
} as const;

function quartoPage(file: string, from: keyof typeof HTML_MANAGER_FROM): string {
  const nb = readNotebook(file);
  const head = [
    '<script src="https://cdnjs.cloudflare.com/ajax/libs/require.js/2.3.6/require.min.js" crossorigin="anonymous"></script>',
    '<script src="https://cdnjs.cloudflare.com/ajax/libs/jquery/3.5.1/jquery.min.js" crossorigin="anonymous"></script>',
    "<script type=\"application/javascript\">define('jquery', [],function() {return window.jQuery;})</script>",
    `<script src="${HTML_MANAGER_FROM[from]}" crossorigin="anonymous"></script>`,
  ].join("\n");
  const body = outputsHtml(nb, byPriority(QUARTO_HTML_PRIORITY), {
    ...PLAIN_DRAWERS,
    widget: (v) => `<script type="${WIDGET_VIEW}">\n${JSON.stringify(v)}\n</script>`,
  })
    .replaceAll('<div class="output">', '<div class="cell-output cell-output-display">')
    .concat(nb.metadata.widgets?.[WIDGET_STATE] ? `\n<script type=${WIDGET_STATE}>\n${JSON.stringify(nb.metadata.widgets[WIDGET_STATE])}\n</script>` : "");
  return writePage(`quarto-${from}.html`, head, `<main class="content">${body}</main>`);
}

for (const source of ["weave", "graphite", "beyond"] as Source[]) {
  test(`Quarto's page (emulated), ${source}: live widgets online, static views offline`, { timeout: 10 * 60_000 }, async (t) => {
    const browser = await session.browser(t);
    if (!browser) return;
    const file = executed()[source];
    const want = expected(file);
    for (const from of ["jsdelivr", "unpkg"] as const) {
      const online = await openFile(browser, quartoPage(file, from), session.cdn);
      await widgetsDrawn(online.page, want.length);
      assertLiveWidgets(await read(online.page), want, `quarto/${source}/online/html-manager from ${from}`);
      assert.deepEqual(foreignErrors(online.errors), []);
      await online.close();
    }
    const offline = await openFile(browser, quartoPage(file, "jsdelivr"), null);
    const reading = await read(offline.page);
    assert.deepEqual(reading.live, []);
    assertStaticViews(reading, want, `quarto/${source}/offline`);
    await offline.close();
  });
}
