// A sheet as HTML that survives every sanitizer a notebook meets: GitHub's (no style attribute, no
// <style>, no <svg>, no script, images only by http(s) or data URL where allowed), nbconvert's
// sanitize_html, JupyterLab's untrusted-output sanitizer, MyST. Only plain structural tags, so
// what a sanitizer keeps reads the same as what it was given: every number sits in a table cell
// beside the header cell that names it, never in a run of text where two numbers can merge. Pure.
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

const p = (inner: string) => `<p>${inner}</p>`;
const line = (l: Line) => p(esc(l.text));
const row = (label: string, value: string) => `<tr><th>${esc(label)}</th><td>${esc(value)}</td></tr>`;
const table = (rows: string[]) => (rows.length ? `<table><tbody>${rows.join("")}</tbody></table>` : "");
const statRows = (stats: Stat[]) => stats.map((s) => row(s.label, s.value));

/** The picture's alternative text: the headline numbers, each with its label. */
export function pictureAlt(sheet: Sheet): string {
  const stats = sheet.stats.map((s) => `${s.label}: ${s.value}`).join("; ");
  return `Picture of the settled ${sheet.title.replace(/^duellab · /, "")} (${stats}). If you are reading this, the viewer did not show the image; the same numbers are in the table.`;
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
      return `<details><summary>${esc(f.title)}: ${esc(f.caption)}</summary><ul>${items.join("")}</ul></details>`;
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
        return [p(`<b>${esc(c.title)}</b>`), table(rows), problems, checks].join("\n");
      })
      .join("\n");
  }
  if (b.kind === "groups") {
    const g = b.grid;
    const head = `<tr><th>model</th>${g.header.map((h) => `<th>${esc(h)}</th>`).join("")}</tr>`;
    const rows = g.rows.map((r) => `<tr><th>${esc(r.label)}</th>${r.cells.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`);
    const groups = b.groups.map((x) => `<li>${esc(x.size)}<ul>${x.texts.map((t) => `<li>${esc(t.text)}</li>`).join("")}</ul></li>`);
    return [
      p(`<b>${esc(g.caption)}</b>`),
      `<table><thead>${head}</thead><tbody>${rows.join("")}</tbody></table>`,
      p("<b>Claims made by more than one model</b>"),
      groups.length ? `<ol>${groups.join("")}</ol>` : p("none: no claim was judged to be made by two models"),
      b.more ? p(esc(b.more)) : "",
      p(esc(b.footnote)),
    ].join("\n");
  }
  const head = `<tr>${b.header.map((h) => `<th>${esc(h)}</th>`).join("")}</tr>`;
  const rows = b.rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`);
  return [p(`<b>${esc(b.caption)}</b>`), `<table><thead>${head}</thead><tbody>${rows.join("")}</tbody></table>`, b.more ? p(esc(b.more)) : ""].join("\n");
}

export function plainHtml(sheet: Sheet, o: PlainHtmlOptions = {}): string {
  const attrs = o.modelId ? ` data-duellab-fallback="${esc(o.modelId)}" data-duellab-kind="${esc(sheet.kind)}"` : ` data-duellab-kind="${esc(sheet.kind)}"`;
  const picture = o.picture
    ? p(`<img src="data:image/png;base64,${o.picture.base64}" width="${o.picture.width}" height="${o.picture.height}" alt="${esc(pictureAlt(sheet))}">`)
    : o.noPicture
      ? p(esc(`No picture of the settled view: ${o.noPicture}`))
      : o.pictureAbove
        ? p(esc("The picture above is the settled view; if no picture shows, this viewer drops images, and every number is in the tables here."))
        : "";
  return [
    `<div class="duellab-static"${attrs}>`,
    p(`<b>${esc(sheet.title)}</b> — ${esc(o.lead ?? DEFAULT_LEAD)}`),
    p(`<b>${esc(sheet.question)}</b>`),
    table(statRows(sheet.stats)),
    ...sheet.notes.map(line),
    picture,
    body(sheet.body),
    `</div>`,
  ]
    .filter(Boolean)
    .join("\n");
}
