// VS Code's notebook widgets, emulated from the real loader's code (microsoft/vscode-jupyter
// src/notebooks/controllers/ipywidgets/scriptSourceProvider/cdnWidgetScriptSourceProvider.ts; VS
// Code itself cannot run here). With a live kernel, VS Code asks jsDelivr (then unpkg) for
// `<module>@<version>/dist/index.js` (a leading ^ dropped, .js added for jsDelivr), checks the URL
// exists, and hands it to require.js as the module's path; the widget manager then requires the
// module by name. Here: that lookup against the loopback CDN for the version styles a saved state
// can hold, then a page that registers the found URL the same way and renders the saved widgets.
// A saved notebook without a kernel restores no widget state and falls back to the next MIME type:
// the summary line, the picture, the static HTML (trusted workspace) — read, not run.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { executed, readNotebook, ROOT } from "./support/executed";
import { assertLiveWidgets, expected } from "./support/expect";
import { byPriority, outputsHtml, PLAIN_DRAWERS, writePage } from "./support/page-of";
import { foreignErrors, frontendSession, openFile, read, widgetsDrawn } from "./support/reader";
import { WIDGET_VERSION } from "../../src/lib/schema/widget";

const session = frontendSession({ cdn: true });

const JSDELIVR = "https://cdn.jsdelivr.net/npm/";
const UNPKG = "https://unpkg.com/";

/** VS Code's moduleNameToCDNUrl, restated (the rule under test is the CDN's answer to it). */
function vscodeUrl(cdnBase: string, moduleName: string, moduleVersion: string): string {
  let packageName = moduleName;
  let fileName = "index";
  let index = moduleName.indexOf("/");
  if (index !== -1 && moduleName[0] === "@") index = moduleName.indexOf("/", index + 1);
  if (index !== -1) {
    fileName = moduleName.slice(index + 1);
    packageName = moduleName.slice(0, index);
  }
  let version = moduleVersion;
  if (cdnBase === JSDELIVR) {
    if (version.startsWith("^")) version = version.slice(1);
    if (!fileName.endsWith(".js")) fileName = `${fileName}.js`;
  }
  return `${cdnBase}${packageName}@${version}/dist/${fileName}`;
}

/** What the loopback CDN answers for a public CDN URL (VS Code's httpClient.exists). */
async function exists(url: string): Promise<{ ok: boolean; body: string }> {
  const u = new URL(url);
  const r = await fetch(`${session.cdn.url}${u.pathname}`, { headers: { "x-cdn-host": u.hostname } });
  return { ok: r.ok, body: r.ok ? await r.text() : "" };
}

test("VS Code's widget script lookup finds duellab's AMD module on both CDNs, for the exact and the ^ version", async () => {
  for (const version of [WIDGET_VERSION, `^${WIDGET_VERSION}`]) {
    for (const base of [JSDELIVR, UNPKG]) {
      const url = vscodeUrl(base, "duellab", version);
      const r = await exists(url);
      assert.ok(r.ok, `${url} is served`);
      assert.match(
        r.body.slice(0, 400),
        /define\(\["@jupyter-widgets\/base"\], function/,
        `${url} is an AMD module taking @jupyter-widgets/base from the page`,
      );
    }
  }
});

test("a page that loads the module from VS Code's URL renders every saved duellab widget", { timeout: 10 * 60_000 }, async (t) => {
  const browser = await session.browser(t);
  if (!browser) return;
  for (const source of ["weave", "graphite"] as const) {
    const file = executed()[source];
    const nb = readNotebook(file);
    const want = expected(file);
    const state = nb.metadata.widgets?.["application/vnd.jupyter.widget-state+json"];
    const version = Object.values(state?.state ?? {})[0]?.model_module_version ?? WIDGET_VERSION;
    const url = vscodeUrl(JSDELIVR, "duellab", version).replace(/\.js$/, "");
    // As VS Code's webview registers a found script: a require.js path for the module name.
    const head = [
      `<script src="file://${path.join(ROOT, "node_modules/requirejs/require.js")}"></script>`,
      `<script>requirejs.config({ paths: { duellab: ${JSON.stringify(url)} } });</script>`,
      `<script src="https://unpkg.com/@jupyter-widgets/html-manager@*/dist/embed-amd.js"></script>`,
    ].join("\n");
    const body = outputsHtml(nb, byPriority(["application/vnd.jupyter.widget-view+json", "text/html", "image/png", "text/plain"]), {
      ...PLAIN_DRAWERS,
      widget: (v) => `<script type="application/vnd.jupyter.widget-view+json">${JSON.stringify(v)}</script>`,
    });
    const page = writePage("vscode.html", head, `${body}<script type="application/vnd.jupyter.widget-state+json">${JSON.stringify(state)}</script>`);
    const o = await openFile(browser, page, session.cdn);
    await widgetsDrawn(o.page, want.length);
    assertLiveWidgets(await read(o.page), want, `vscode/${source}`);
    assert.deepEqual(foreignErrors(o.errors), []);
    assert.ok(session.cdn.log.some((l) => l.host === "cdn.jsdelivr.net" && l.path === `/npm/duellab@${version.replace(/^\^/, "")}/dist/index.js`));
    await o.close();
  }
});
