// One self-contained, interactive HTML file for a result: the standalone view bundle, its CSS
// (inside the bundle) and the result JSON inlined, so it opens offline with no Jupyter. A
// no-script fallback carries the static snapshot.
import fs from "node:fs/promises";
import path from "node:path";
import { runFromResult } from "./stored-run";
import type { ViewKind, WidgetState } from "../schema/widget";
import { esc } from "../snapshot/escape";
import { DARK, LIGHT } from "../theme/palette";
import { staticHtml, staticView } from "../snapshot/static-view";

const ROOT = path.resolve(__dirname, "../../..");

/** The standalone bundle's path: dist/widget/standalone.js at the package root. */
export function standaloneBundlePath(root = ROOT): string {
  return path.join(root, "dist/widget/standalone.js");
}

/** JSON that is safe inside a <script> element: no "</script", no "<!--", no JS line separators. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Script text that cannot close its own <script> element early. */
export function scriptSafeJs(js: string): string {
  return js.replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");
}

function isWidgetState(x: unknown): x is WidgetState {
  const s = x as Partial<WidgetState> | null;
  return !!s && typeof s === "object" && typeof s.view === "string" && "run" in s && "result" in s;
}

export function stateForResult(result: unknown): WidgetState {
  if (isWidgetState(result)) return { ...result, pending: [] };
  const kind = (result as { kind?: unknown } | null)?.kind;
  // The result's kind names its view; the view registry decides what can draw it.
  const view = (typeof kind === "string" && kind ? kind : "run") as ViewKind;
  return { view, run: runFromResult(result), result, pending: [] };
}

/** What the no-script view of an exported page says it is. */
export const NOSCRIPT_LEAD =
  "Static view: this page draws the interactive comparison with JavaScript, which is off; turn it on to hover, drag and open the claims diff, the charts and the exports.";

/** What the page is about, in words: its <title> and its level-one heading. */
export function pageHeading(state: WidgetState): { title: string; h1: string } {
  const r = state.result as { kind?: string; question?: string; title?: string } | null;
  const kind = r?.kind === "batch" ? `batch${r.title ? ` — ${r.title}` : ""}` : (r?.kind ?? state.view);
  return { title: `duellab · ${kind}${r?.question ? ` — ${r.question}` : ""}`, h1: `duellab · ${kind}` };
}

/**
 * The page, as a string. `bundle` is the standalone view's JavaScript. A proper document: a
 * language, a title, one main landmark holding everything, a level-one heading; light, or dark
 * when the reader's system prefers it (the palette's two themes).
 */
export function buildHtmlPage(state: WidgetState, bundle: string, noscript = staticHtml(state.result, NOSCRIPT_LEAD)): string {
  const { title, h1 } = pageHeading(state);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="duellab exportHtml">
<title>${esc(title)}</title>
<style>${pageCss()}</style>
</head>
<body>
<main class="dl-page">
<h1 class="dl-page-title">${esc(h1)}</h1>
<div id="duellab" class="duellab-root"></div>
<noscript>${noscript}</noscript>
</main>
<script type="application/json" id="duellab-state">${scriptSafeJson(state)}</script>
<script>${scriptSafeJs(bundle)}</script>
<script>
(function () {
  var state = JSON.parse(document.getElementById("duellab-state").textContent);
  duellabView.mount(document.getElementById("duellab"), state);
})();
</script>
</body>
</html>
`;
}

/** The page around the view: the palette's page colours, light and (system preference) dark. */
export function pageCss(): string {
  return [
    `body{margin:0;padding:24px;background:${LIGHT.bg};color:${LIGHT.fg};font-family:system-ui,-apple-system,"Segoe UI",Helvetica,Arial,sans-serif}`,
    `.dl-page-title{margin:0 0 12px;font-size:16px;font-weight:650;color:${LIGHT.muted}}`,
    `@media (prefers-color-scheme: dark){body{background:${DARK.bg};color:${DARK.fg}}.dl-page-title{color:${DARK.muted}}}`,
  ].join("");
}

/**
 * Writes one offline HTML file for a result (or a whole widget state) and resolves to its path;
 * without `file`, resolves to the HTML itself.
 */
export async function exportHtml(result: unknown, file?: string): Promise<string> {
  const bundlePath = standaloneBundlePath();
  let bundle: string;
  try {
    bundle = await fs.readFile(bundlePath, "utf8");
  } catch {
    throw new Error(`exportHtml needs the view bundle ${bundlePath}, which is missing: run \`npm run build\` in the duellab checkout.`);
  }
  const state = stateForResult(result);
  const html = buildHtmlPage(state, bundle, await staticView(state.result, NOSCRIPT_LEAD));
  if (!file) return html;
  const out = path.resolve(file);
  await fs.mkdir(path.dirname(out), { recursive: true });
  await fs.writeFile(out, html, "utf8");
  return out;
}
