// A sheet as one SVG picture of the settled view (headline, notes, and the three claim panels, the
// two charts with their scores and verdicts, the agreement matrix, or a batch's runs), drawn with
// presentation attributes only and text laid out by text-fit.ts, for rasterize.ts to turn into the
// PNG a saved output carries. Always light: a picture sits on its own white paper. Pure.
import { GRAPH, hslHex, inkOn, LIGHT as P } from "../theme/palette";
import { esc } from "./escape";
import type { ChartFace, Line, Sheet, SheetBody, Stat, Tone } from "./sheet";
import { clipText, textWidth, wrapText } from "./text-fit";

export const PICTURE_WIDTH = 1200;
export const PICTURE_FONT = "DejaVu Sans";
const PAD = 24;
const INNER = PICTURE_WIDTH - 2 * PAD;

type PanelSvg = typeof import("./panel-svg").panelSvg;
let panelSvgFn: PanelSvg | null | undefined;
/**
 * The panel renderer is loaded on first use, not with the library: it needs d3-force, an ES module
 * that `require` can load only on Node ≥ 20.19. On an older Node the picture says so instead of the
 * library failing to load.
 */
function loadPanelSvg(): PanelSvg | null {
  if (panelSvgFn === undefined) {
    try {
      panelSvgFn = (require("./panel-svg") as typeof import("./panel-svg")).panelSvg;
    } catch {
      panelSvgFn = null;
    }
  }
  return panelSvgFn;
}

const INK: Record<Tone, string> = {
  plain: P.fg,
  muted: P.muted,
  a: P.a,
  b: P.b,
  green: P.green,
  red: P.red,
  amber: P.amber,
  purple: P.purple,
};

interface Flow {
  out: string[];
  y: number;
}

function text(f: Flow, x: number, s: string, o: { px?: number; bold?: boolean; tone?: Tone; anchor?: "start" | "middle" | "end" } = {}): void {
  const px = o.px ?? 13;
  f.out.push(
    `<text x="${x.toFixed(1)}" y="${f.y.toFixed(1)}" font-size="${px}"${o.bold ? ' font-weight="bold"' : ""} fill="${INK[o.tone ?? "plain"]}"${o.anchor && o.anchor !== "start" ? ` text-anchor="${o.anchor}"` : ""}>${esc(s)}</text>`,
  );
}

/** Wrapped lines at x, advancing the flow; returns how many lines were drawn. */
function para(f: Flow, x: number, width: number, s: string, o: { px?: number; bold?: boolean; tone?: Tone; maxLines?: number; gap?: number } = {}): number {
  const px = o.px ?? 13;
  const lines = wrapText(s, px, width, o.maxLines ?? 3, o.bold);
  for (const l of lines) {
    f.y += px + (o.gap ?? 5);
    text(f, x, l, o);
  }
  return lines.length;
}

function rect(f: Flow, x: number, y: number, w: number, h: number, o: { fill?: string; stroke?: string; rx?: number; width?: number } = {}): void {
  f.out.push(
    `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" rx="${o.rx ?? 8}" fill="${o.fill ?? "none"}"${o.stroke ? ` stroke="${o.stroke}" stroke-width="${o.width ?? 1}"` : ""}/>`,
  );
}

function stats(f: Flow, list: Stat[]): void {
  let x = PAD;
  let top = f.y + 10;
  const h = 56;
  for (const s of list) {
    const vpx = s.main ? 26 : 19;
    const value = clipText(s.value, vpx, INNER - 24, true);
    const label = clipText(s.label, 11, INNER - 24);
    const w = Math.max(textWidth(value, vpx, true), textWidth(label, 11)) + 24;
    if (x + w > PAD + INNER && x > PAD) {
      x = PAD;
      top += h + 8;
    }
    rect(f, x, top, w, h, { stroke: P.border, fill: P.bg });
    f.out.push(
      `<text x="${(x + 12).toFixed(1)}" y="${(top + 12 + vpx * 0.85).toFixed(1)}" font-size="${vpx}" font-weight="bold" fill="${INK[s.tone ?? "plain"]}">${esc(value)}</text>`,
      `<text x="${(x + 12).toFixed(1)}" y="${(top + h - 10).toFixed(1)}" font-size="11" fill="${P.muted}">${esc(label)}</text>`,
    );
    x += w + 8;
  }
  f.y = top + h + 4;
}

function notes(f: Flow, lines: Line[]): void {
  for (const l of lines) para(f, PAD, INNER, l.text, { px: 12, tone: l.tone ?? "muted", maxLines: 2, gap: 4 });
}

function panels(f: Flow, b: Extract<SheetBody, { kind: "panels" }>): void {
  const n = b.panels.length;
  const gap = 12;
  const size = Math.floor((INNER - gap * (n - 1)) / n);
  const top = f.y + 14;
  const panelSvg = loadPanelSvg();
  b.panels.forEach((face, i) => {
    const x = PAD + i * (size + gap);
    if (panelSvg) f.out.push(panelSvg(face.panel, face.key, { size, x, y: top + 22, evidence: face.evidence }));
    else {
      const note = `No graph: laying it out needs d3-force, which this Node.js (${typeof process === "object" ? process.version : "?"}) cannot load (Node ≥ 20.19 can).`;
      wrapText(note, 12, size - 24, 4).forEach((l, j) => {
        f.out.push(`<text x="${x + 12}" y="${top + 60 + j * 17}" font-size="12" fill="${P.amber}">${esc(l)}</text>`);
      });
    }
    rect(f, x, top, size, size + 22, { stroke: P.border });
    f.out.push(
      `<text x="${x + 10}" y="${top + 16}" font-size="13" font-weight="bold" fill="${face.key === "a" ? P.a : face.key === "b" ? P.b : P.fg}">${esc(face.title)}</text>`,
      `<text x="${x + size - 10}" y="${top + 16}" font-size="11" text-anchor="end" fill="${P.muted}">${esc(clipText(face.caption, 11, size - 90))}</text>`,
    );
  });
  f.y = top + size + 22;
  para(f, PAD, INNER, b.legend, { px: 11, tone: "muted", maxLines: 2 });
}

function chart(c: ChartFace, x: number, top: number, width: number): { out: string[]; bottom: number } {
  const f: Flow = { out: [], y: top };
  const ink = c.side === "a" ? "a" : "b";
  f.y += 16;
  text(f, x, c.title, { px: 15, bold: true, tone: ink });
  text(f, x + textWidth(c.title, 15, true) + 10, clipText(`${c.model} · ${c.status}`, 12, width - textWidth(c.title, 15, true) - 10), {
    px: 12,
    tone: "muted",
  });
  f.y += 8;
  if (c.png) {
    const scale = Math.min(width / c.png.width, 440 / c.png.height);
    const w = c.png.width * scale;
    const h = c.png.height * scale;
    f.out.push(
      `<image x="${x.toFixed(1)}" y="${f.y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" preserveAspectRatio="xMidYMid meet" xlink:href="data:image/png;base64,${c.png.base64}"/>`,
    );
    rect(f, x, f.y, w, h, { stroke: P.border, rx: 4 });
    f.y += h;
  } else {
    rect(f, x, f.y, width, 120, { stroke: P.border, rx: 4, fill: P.surface });
    f.y += 66;
    text(f, x + width / 2, c.noFigure ?? "No figure", { px: 13, tone: "muted", anchor: "middle" });
    f.y += 54;
  }
  f.y += 6;
  const faith = `faithful to the data? ${c.faithfulness.toUpperCase()}`;
  const tone: Tone = c.faithfulness === "faithful" ? "green" : c.faithfulness === "unfaithful" ? "red" : c.faithfulness === "partly" ? "amber" : "muted";
  para(f, x, width, faith, { px: 13, bold: true, tone, maxLines: 1 });
  para(f, x, width, c.scores.map((s) => `${s.label} ${s.value}`).join(" · "), { px: 13, bold: true, maxLines: 1 });
  if (c.verdict) para(f, x, width, `judge: ${c.verdict}`, { px: 12, maxLines: 3 });
  for (const pr of c.problems) para(f, x, width, pr.text, { px: 12, tone: "red", maxLines: 2 });
  for (const k of c.checks) para(f, x, width, k.text, { px: 11, tone: k.tone ?? "muted", maxLines: 2, gap: 3 });
  return { out: f.out, bottom: f.y };
}

function charts(f: Flow, b: Extract<SheetBody, { kind: "charts" }>): void {
  const gap = 24;
  const width = (INNER - gap) / 2;
  const top = f.y + 8;
  let bottom = top;
  b.charts.forEach((c, i) => {
    const drawn = chart(c, PAD + i * (width + gap), top, width);
    f.out.push(...drawn.out);
    bottom = Math.max(bottom, drawn.bottom);
  });
  f.y = bottom;
}

function groups(f: Flow, b: Extract<SheetBody, { kind: "groups" }>): void {
  const g = b.grid;
  para(f, PAD, INNER, g.caption, { px: 13, bold: true, maxLines: 1 });
  const labelW = Math.min(260, Math.max(...g.rows.map((r) => textWidth(r.label, 12))) + 16);
  const cw = Math.min(90, (INNER - labelW) / Math.max(1, g.header.length));
  const ch = 24;
  let y = f.y + 8;
  g.header.forEach((h, j) => {
    f.out.push(
      `<text x="${(PAD + labelW + j * cw + cw / 2).toFixed(1)}" y="${y + 15}" font-size="12" font-weight="bold" text-anchor="middle" fill="${P.fg}">${esc(h)}</text>`,
    );
  });
  y += ch;
  for (const r of g.rows) {
    f.out.push(`<text x="${PAD + labelW - 8}" y="${y + 16}" font-size="12" text-anchor="end" fill="${P.fg}">${esc(clipText(r.label, 12, labelW - 12))}</text>`);
    r.values.forEach((v, j) => {
      const bg = v === null ? P.surface : hslHex(212, 60, Math.round(96 - v * 0.5));
      f.out.push(
        `<rect x="${(PAD + labelW + j * cw).toFixed(1)}" y="${y}" width="${(cw - 2).toFixed(1)}" height="${ch - 2}" fill="${bg}"/>`,
        `<text x="${(PAD + labelW + j * cw + cw / 2).toFixed(1)}" y="${y + 16}" font-size="12" text-anchor="middle" fill="${v === null ? P.muted : inkOn(bg)}">${esc(r.cells[j] ?? "")}</text>`,
      );
    });
    y += ch;
  }
  f.y = y + 6;
  para(f, PAD, INNER, "Claims made by more than one model", { px: 13, bold: true, maxLines: 1 });
  const shown = b.groups.slice(0, 8);
  if (!shown.length) para(f, PAD, INNER, "none: no claim was judged to be made by two models", { px: 12, tone: "muted" });
  for (const x of shown) {
    para(f, PAD, INNER, x.size, { px: 12, bold: true, maxLines: 1 });
    for (const t of x.texts) para(f, PAD + 16, INNER - 16, t.text, { px: 12, maxLines: 1, gap: 3 });
  }
  const more = b.groups.length - shown.length;
  if (more > 0 || b.more)
    para(f, PAD, INNER, [more > 0 ? `${more} more groups listed in the HTML view` : "", b.more ?? ""].filter(Boolean).join("; "), { px: 12, tone: "muted" });
  para(f, PAD, INNER, b.footnote, { px: 11, tone: "muted", maxLines: 2 });
}

function table(f: Flow, b: Extract<SheetBody, { kind: "table" }>): void {
  para(f, PAD, INNER, b.caption, { px: 13, bold: true, maxLines: 1 });
  const weights = b.header.map((h, j) => (h === "question" ? 5 : j === 0 ? 0.5 : 2));
  const total = weights.reduce((s, w) => s + w, 0);
  const cols = weights.map((w) => (w / total) * INNER);
  const row = (cells: string[], bold: boolean, tone: Tone) => {
    f.y += 19;
    let x = PAD;
    cells.forEach((c, j) => {
      const w = cols[j] ?? 80;
      text(f, x, clipText(c, 12, w - 10, bold), { px: 12, bold, tone });
      x += w;
    });
  };
  row(b.header, true, "plain");
  for (const r of b.rows.slice(0, 20)) row(r, false, "plain");
  const more = b.rows.length - Math.min(20, b.rows.length);
  if (more > 0 || b.more)
    para(f, PAD, INNER, [more > 0 ? `${more} more rows in the HTML view` : "", b.more ?? ""].filter(Boolean).join("; "), { px: 12, tone: "muted" });
}

export function pictureSvg(sheet: Sheet, o: { footer?: string } = {}): { svg: string; width: number; height: number } {
  const f: Flow = { out: [], y: PAD };
  f.y += 14;
  text(f, PAD, sheet.title, { px: 14, bold: true, tone: "muted" });
  para(f, PAD, INNER, sheet.question, { px: 17, bold: true, maxLines: 2 });
  stats(f, sheet.stats);
  notes(f, sheet.notes);
  const b = sheet.body;
  if (b.kind === "panels") panels(f, b);
  else if (b.kind === "charts") charts(f, b);
  else if (b.kind === "groups") groups(f, b);
  else table(f, b);
  if (o.footer) para(f, PAD, INNER, o.footer, { px: 10, tone: "muted", maxLines: 1 });
  const height = Math.ceil(f.y + PAD);
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${PICTURE_WIDTH}" height="${height}" viewBox="0 0 ${PICTURE_WIDTH} ${height}" font-family="${PICTURE_FONT}">`,
    `<rect x="0" y="0" width="${PICTURE_WIDTH}" height="${height}" fill="${GRAPH.staticPaper}"/>`,
    ...f.out,
    "</svg>",
  ].join("\n");
  return { svg, width: PICTURE_WIDTH, height };
}
