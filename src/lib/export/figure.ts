// A comparison as a figure for a research note: `<name>.png` (the settled static view, what every
// renderer shows: GitHub, PDF, a README) beside `<name>.html` (the interactive offline page), and
// the snippet that puts the pair into a Markdown, Quarto or MyST note so the note shows the
// interactive view where its output is a web page and the picture everywhere else.
import fs from "node:fs/promises";
import path from "node:path";
import { picturePng } from "../snapshot/fallback";
import { pictureSummary } from "../snapshot/plain-html";
import { sheetOf } from "../snapshot/sheet-of";
import { exportHtml } from "./html";

export interface Figure {
  png: string;
  html: string;
  /** How to put it into a note, each relative to the note's folder given (default: the figure's). */
  snippets: { markdown: string; quarto: string; myst: string };
}

/** The snippets for a figure pair, its paths relative to the note. Pure. */
export function figureSnippets(png: string, html: string, alt: string, height = 900): Figure["snippets"] {
  const a = alt.replace(/[[\]\n]/g, " ");
  const attr = a.replace(/"/g, "&quot;");
  return {
    // Any Markdown renderer shows the picture; a click opens the interactive page.
    markdown: `[![${a}](${png})](${html})`,
    // Quarto: the page in HTML output, the picture in every other format (PDF, Word).
    quarto: [
      '::: {.content-visible when-format="html"}',
      `<iframe src="${html}" width="100%" height="${height}" style="border:0" title="${attr}"></iframe>`,
      ":::",
      '::: {.content-hidden when-format="html"}',
      `![${a}](${png})`,
      ":::",
    ].join("\n"),
    // MyST: an iframe on the site, its placeholder image in static exports (PDF, LaTeX, Word).
    myst: [":::{iframe} " + html, ":width: 100%", `:title: ${a}`, `:placeholder: ${png}`, ":::"].join("\n"),
  };
}

/**
 * Writes `<base>.png` and `<base>.html` for a result (`base` without an extension) and returns
 * their paths with the snippets, relative to `noteDir` (default: the figure's own folder).
 */
export async function exportFigure(result: unknown, base: string, o: { noteDir?: string } = {}): Promise<Figure> {
  const sheet = sheetOf(result);
  if (!sheet) throw new Error("exportFigure needs a weave, graphite or batch result (the object weave(), graphite() or a batch returned).");
  const pic = await picturePng(result);
  if ("reason" in pic) throw new Error(`exportFigure could not draw the picture: ${pic.reason}`);
  const out = path.resolve(base.replace(/\.(png|html)$/i, ""));
  await fs.mkdir(path.dirname(out), { recursive: true });
  const png = `${out}.png`;
  await fs.writeFile(png, Buffer.from(pic.base64, "base64"));
  const html = await exportHtml(result, `${out}.html`);
  const rel = (p: string) =>
    path
      .relative(path.resolve(o.noteDir ?? path.dirname(out)), p)
      .split(path.sep)
      .join("/");
  return { png, html, snippets: figureSnippets(rel(png), rel(html), pictureSummary(sheet)) };
}
