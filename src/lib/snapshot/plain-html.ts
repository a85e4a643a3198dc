// A sheet as HTML that survives every sanitizer a notebook meets: GitHub's (no style attribute, no
// <style>, no <svg>, no script, images only by http(s) URL), nbconvert's sanitize_html (bleach,
// which prints any tag outside its short list as text: no <p>, <th>, <tbody>, <img>, <details>),
// JupyterLab's untrusted-output sanitizer, MyST. So only the tags both lists keep, and no table:
// an HTML parser gives every table's rows a <tbody> (the markup never names it), which bleach then
// prints as text above the table. Lists it is: div, b, ul, ol, li, code. What a sanitizer keeps
// then reads the same as what it was given, and every number sits in its own list item right
// after the bold name it belongs to ("<b>name</b>: value"), never in a run of text where two
// numbers can merge. Pure.
import { esc } from "./escape";
import type { Line, Sheet, SheetBody, Stat } from "./sheet";

export interface PlainHtmlOptions {
  /** The widget model this fallback stands in for: lets a page that did load the widget hide it. */
  modelId?: string;
  /** The settled view as a PNG (base64), embedded as an image (exported pages); its absence is said in words. */
  picture?: { base64: string; width: number; height: number } | null;
  /** The picture is the display just above this one (saved notebooks): say so, for viewers that drop images. */
  pictureAbove?: boolean;
  /** Why there is no picture, when there is none. */
  noPicture?: string;
  /** The sentence under the title saying what this view is and where the live one lives. */
  lead?: string;
}

export const DEFAULT_LEAD =
  "Static view: the interactive widget is not shown here. Open the notebook in JupyterLab or Notebook 7 with duellab installed for the live view, or run `npx duellab export` on it for one offline HTML page.";

/** The tags this HTML is made of: the ones GitHub's and nbconvert's sanitizers both keep. */
export const PLAIN_TAGS = ["div", "b", "ul", "ol", "li", "code"] as const;

const p = (inner: string) => `<div>${inner}</div>`;
const line = (l: Line) => p(esc(l.text));
/** One named value: the form every reader (and test) of the fallback takes a number from. */
const row = (label: string, value: string) => `<li><b>${esc(label)}</b>: ${esc(value)}</li>`;
const list = (rows: string[]) => (rows.length ? `<ul>${rows.join("")}</ul>` : "");
/** A grid's row: its name, then each cell under its column's name. */
const namedCells = (label: string, header: readonly string[], cells: readonly string[]) =>
  `<li><b>${esc(label)}</b><ul>${cells.map((c, i) => row(header[i] ?? "", c)).join("")}</ul></li>`;
const statRows = (stats: Stat[]) => stats.map((s) => row(s.label, s.value));

/** One line naming the view and its headline numbers: a figure's alt text and caption. */
export function pictureSummary(sheet: Sheet): string {
  return `${sheet.title}: ${sheet.stats.map((s) => `${s.label} ${s.value}`).join(", ")}`;
}

/** The picture's alternative text: the headline numbers, each with its label. */
export function pictureAlt(sheet: Sheet): string {
  const stats = sheet.stats.map((s) => `${s.label}: ${s.value}`).join("; ");
  return `Picture of the settled ${sheet.title.replace(/^duellab · /, "")} (${stats}). If you are reading this, the viewer did not show the image; the same numbers are in the lists below it.`;
}

function body(b: SheetBody): string {
  if (b.kind === "panels") {
    const lists = b.panels.map((f) => {
      const items = f.panel.nodes.map((n) => {
        const texts = Object.entries(n.texts);
        const text = texts.length > 1 ? texts.map(([s, t]) => `${s.toUpperCase()}: ${t}`).join(" / ") : n.text;
        const who = n.shared ? "both" : `only ${n.side.toUpperCase()}`;
        return `<li>${esc(text)} (${esc(who)})</li>`;
      });
      return `${p(`<b>${esc(f.title)}</b>: ${esc(f.caption)}`)}<ul>${items.join("")}</ul>`;
    });
    return [p("<b>The claim graphs</b> (each claim, and who made it)"), ...lists, p(esc(b.legend))].join("\n");
  }
  if (b.kind === "charts") {
    return b.charts
      .map((c) => {
        const rows = [
          row("model", c.model),
          row("status", c.status),
          row("faithful to the data?", c.faithfulness),
          ...statRows(c.scores),
          ...(c.verdict ? [row("the judge's verdict", c.verdict)] : []),
          ...(c.noFigure ? [row("figure", c.noFigure)] : []),
        ];
        const checks = c.checks.length ? `<ul>${c.checks.map((k) => `<li>${esc(k.text)}</li>`).join("")}</ul>` : "";
        const problems = c.problems.map(line).join("");
        return [p(`<b>${esc(c.title)}</b>`), list(rows), problems, checks].join("\n");
      })
      .join("\n");
  }
  if (b.kind === "groups") {
    const g = b.grid;
    const rows = g.rows.map((r) => namedCells(r.label, g.header, r.cells));
    const groups = b.groups.map((x) => `<li>${esc(x.size)}<ul>${x.texts.map((t) => `<li>${esc(t.text)}</li>`).join("")}</ul></li>`);
    return [
      p(`<b>${esc(g.caption)}</b>`),
      list(rows),
      p("<b>Claims made by more than one model</b>"),
      groups.length ? `<ol>${groups.join("")}</ol>` : p("none: no claim was judged to be made by two models"),
      b.more ? p(esc(b.more)) : "",
      p(esc(b.footnote)),
    ].join("\n");
  }
  // each row named by its first cell (the question's number), its other cells under their columns
  const rows = b.rows.map((r) => namedCells(`${b.header[0] ?? ""}${r[0] ?? ""}`, b.header.slice(1), r.slice(1)));
  return [p(`<b>${esc(b.caption)}</b>`), list(rows), b.more ? p(esc(b.more)) : ""].join("\n");
}

export function plainHtml(sheet: Sheet, o: PlainHtmlOptions = {}): string {
  const attrs = o.modelId ? ` data-duellab-fallback="${esc(o.modelId)}" data-duellab-kind="${esc(sheet.kind)}"` : ` data-duellab-kind="${esc(sheet.kind)}"`;
  const picture = o.picture
    ? p(`<img src="data:image/png;base64,${o.picture.base64}" width="${o.picture.width}" height="${o.picture.height}" alt="${esc(pictureAlt(sheet))}">`)
    : o.noPicture
      ? p(esc(`No picture of the settled view: ${o.noPicture}`))
      : o.pictureAbove
        ? p(esc("The picture above is the settled view; if no picture shows, this viewer drops images, and every number is in the lists here."))
        : "";
  return [
    `<div class="duellab-static"${attrs}>`,
    p(`<b>${esc(sheet.title)}</b> — ${esc(o.lead ?? DEFAULT_LEAD)}`),
    p(`<b>${esc(sheet.question)}</b>`),
    list(statRows(sheet.stats)),
    ...sheet.notes.map(line),
    picture,
    body(sheet.body),
    `</div>`,
  ]
    .filter(Boolean)
    .join("\n");
}
