// Turns nbconvert's HTML for a notebook into one self-contained offline file: the widget loader
// nbconvert writes (which fetches a renderer by URL) is replaced by our renderer inlined, and every
// script or stylesheet the page would fetch from the network is removed and listed. Pure: text in,
// text out.

import { notebookCss } from "../theme/palette.js";

/** What we pass nbconvert as `HTMLExporter.widget_renderer_url`, so its loader script is findable. */
export const RENDERER_SENTINEL = "duellab-inline-renderer:dist/widget/html-manager.js";

export interface OfflineHtml {
  html: string;
  /** Widget views in the page (`application/vnd.jupyter.widget-view+json` tags). */
  widgetViews: number;
  /** Widget models in the saved state; 0 when the notebook saved no widget state. */
  widgetModels: number;
  /** URLs of scripts and stylesheets removed because they would be fetched from the network. */
  removed: string[];
  /** One sentence each: what the reader of the file will see differently because of that. */
  notes: string[];
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const LINK = /<link\b[^>]*>/gi;
const REMOTE = /^(?:https?:)?\/\//i;

function attr(tag: string, name: string): string | null {
  const m = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3] ?? "") : null;
}

/** Inline script text must not end the script element early. */
function scriptSafe(js: string): string {
  return js.replace(/<\/(script)/gi, "<\\/$1");
}

function countModels(html: string): number {
  let n = 0;
  for (const m of html.matchAll(SCRIPT)) {
    if (attr(m[1] ?? "", "type") !== "application/vnd.jupyter.widget-state+json") continue;
    try {
      const parsed = JSON.parse(m[2] ?? "") as { state?: Record<string, unknown> };
      n += Object.keys(parsed.state ?? {}).length;
    } catch {
      throw new Error("the widget state nbconvert wrote into the page is not valid JSON; re-save the notebook and export again");
    }
  }
  return n;
}

export interface NotebookHints {
  /** A markdown cell holds TeX math, which MathJax would have typeset. */
  math: boolean;
  /** Outputs that display a widget (nbconvert shows their text fallback when no state was saved). */
  widgetOutputs: number;
}

/** What the notebook itself says about what the reader would miss offline. */
export function notebookHints(notebook: unknown): NotebookHints {
  const cells = (notebook as { cells?: unknown } | null)?.cells;
  const markdown = Array.isArray(cells) ? cells.filter((c) => (c as { cell_type?: unknown })?.cell_type === "markdown") : [];
  const math = markdown.some((c) => {
    const src = (c as { source?: unknown }).source;
    const text = Array.isArray(src) ? src.join("") : typeof src === "string" ? src : "";
    return /\$[^$\n]+\$|\\\(|\\\[|\\begin\{/.test(text);
  });
  const outputs = Array.isArray(cells) ? cells.flatMap((c) => ((c as { outputs?: unknown }).outputs as unknown[] | undefined) ?? []) : [];
  const widgetOutputs = outputs.filter((o) => {
    const data = (o as { data?: Record<string, unknown> } | null)?.data;
    return !!data && typeof data === "object" && "application/vnd.jupyter.widget-view+json" in data;
  }).length;
  return { math, widgetOutputs };
}

/**
 * `renderer` is the offline widget renderer's script text; it may be null only for a notebook
 * without saved widget state (nbconvert then writes no widget loader).
 */
export function makeOffline(html: string, renderer: string | null, hints: NotebookHints = { math: false, widgetOutputs: 0 }): OfflineHtml {
  const removed: string[] = [];
  const notes: string[] = [];
  let loaders = 0;
  const widgetModels = countModels(html);
  const widgetViews = [...html.matchAll(SCRIPT)].filter((m) => attr(m[1] ?? "", "type") === "application/vnd.jupyter.widget-view+json").length;

  // Stylesheets and images first, on nbconvert's page alone: the renderer inlined below is
  // minified JavaScript whose strings may look like tags.
  const stylesheetsRemoved: string[] = [];
  const page = html.replace(LINK, (tag: string) => {
    const href = attr(tag, "href");
    if (href !== null && REMOTE.test(href)) {
      stylesheetsRemoved.push(href);
      return `<!-- duellab export: removed a stylesheet from ${href.replace(/--/g, "- -")} (this file works offline) -->`;
    }
    return tag;
  });
  const remoteImages = [...page.matchAll(/<img\b[^>]*>/gi)].filter((m) => REMOTE.test(attr(m[0], "src") ?? "")).length;
  const mermaidDiagrams = /class="[^"]*\bjp-Mermaid\b/.test(page);

  const out = page.replace(SCRIPT, (whole: string, attrs: string, body: string) => {
    if (body.includes(RENDERER_SENTINEL)) {
      loaders++;
      if (renderer === null) {
        throw new Error("internal: the page has a widget loader but no renderer script was given");
      }
      return `<script>\n/* duellab offline widget renderer (@jupyter-widgets/html-manager + the duellab widget), inlined by \`duellab export\` */\n${scriptSafe(renderer)}\n</script>`;
    }
    const src = attr(attrs, "src");
    if (src !== null && REMOTE.test(src)) {
      removed.push(src);
      return `<!-- duellab export: removed a script from ${src.replace(/--/g, "- -")} (this file works offline) -->`;
    }
    // nbconvert's Mermaid loader imports mermaid.js from a CDN when the page has a diagram.
    const remoteImport = /\bimport\(\s*["']((?:https?:)?\/\/[^"']+)["']\s*\)/i.exec(body);
    if (remoteImport?.[1]) {
      removed.push(remoteImport[1]);
      return `<!-- duellab export: removed a loader for ${remoteImport[1].replace(/--/g, "- -")} (this file works offline) -->`;
    }
    return whole;
  });

  removed.push(...stylesheetsRemoved);
  const withH1 = withReadableColours(withHeading(out));

  if (widgetModels > 0 && loaders === 0) {
    throw new Error(
      "nbconvert's HTML holds widget state but no widget loader that names our renderer; this nbconvert template is not supported (use nbconvert 7 with its lab template)",
    );
  }
  if (hints.widgetOutputs > 0 && widgetModels === 0) {
    notes.push(
      `the notebook has ${hints.widgetOutputs} widget output(s) but no saved widget state, so they show their text fallback; re-run it with nbclient, or in JupyterLab with widget state saving on, then export again`,
    );
  }
  if (hints.math && removed.some((u) => /mathjax/i.test(u))) {
    notes.push("LaTeX in markdown cells is shown as its source text: MathJax is not bundled in the offline file");
  }
  if (removed.some((u) => /mermaid/i.test(u)) && mermaidDiagrams) {
    notes.push("Mermaid diagrams are shown as their source text: mermaid.js is not bundled in the offline file");
  }
  if (remoteImages > 0) {
    notes.push(`${remoteImages} image(s) in the notebook link to the web and will not show offline`);
  }
  return { html: withH1, widgetViews, widgetModels, removed, notes };
}

/** nbconvert's light theme draws some code and the prompts below WCAG AA contrast: the palette's fix, last in <head>. */
export function withReadableColours(html: string): string {
  const at = html.search(/<\/head>/i);
  return at < 0 ? html : `${html.slice(0, at)}<style data-duellab-a11y>${notebookCss()}</style>\n${html.slice(at)}`;
}

/**
 * A page needs a level-one heading. nbconvert's lab template gives the page a language, a title and
 * a main landmark, but a heading only if the notebook has a "# " cell: when it has none, the
 * title becomes a heading that screen readers announce and the page does not show (it would
 * change how the notebook looks).
 */
export function withHeading(html: string): string {
  const markup = html.replace(SCRIPT, "");
  if (/<h1[\s>]/i.test(markup)) return html;
  const main = /<main\b[^>]*>/i.exec(html);
  if (!main) return html;
  const title = /<title>([\s\S]*?)<\/title>/i.exec(markup)?.[1]?.trim() || "Notebook";
  const hidden = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0";
  const at = main.index + main[0].length;
  return `${html.slice(0, at)}\n<h1 style="${hidden}">${title}</h1>${html.slice(at)}`;
}
