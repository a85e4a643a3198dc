// A claim panel as a standalone SVG string: the settled force layout computed in Node, drawn with
// presentation attributes only, so it renders wherever SVG does (no CSS, no script). Pure.
import type { Panel, WeaveResult } from "../schema/weave";
import { LABEL_FONT_PX, labelAnchor, panelLabel, placeLabels } from "../graph/labels";
import { PANEL_SIZE, settledLayout, type LayoutNode } from "../graph/layout";
import { edgeOpacity, edgeStyle, edgeWidth, nodePaint } from "../graph/paint";
import { GRAPH } from "../theme/palette";
import { notFoundSides } from "./evidence-tally";
import { esc } from "./escape";

const f1 = (n: number | undefined) => (n ?? 0).toFixed(1);

export function panelSvg(
  panel: Panel,
  kind: string,
  opts: { size?: number; title?: string; x?: number; y?: number; evidence?: WeaveResult["evidence"] } = {},
): string {
  const layout = settledLayout(panel, kind);
  const placed = placeLabels(layout.nodes);
  const size = opts.size ?? PANEL_SIZE;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg"${opts.x !== undefined ? ` x="${opts.x}"` : ""}${opts.y !== undefined ? ` y="${opts.y}"` : ""} viewBox="0 0 ${PANEL_SIZE} ${PANEL_SIZE}" width="${size}" height="${size}" data-panel="${esc(kind)}" font-family="Inter, system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif" role="img" aria-label="${esc(panelLabel(panel, opts.title ?? kind))}">`,
  );
  out.push(`<rect x="0" y="0" width="${PANEL_SIZE}" height="${PANEL_SIZE}" fill="${GRAPH.staticPaper}"/>`);
  if (opts.title) out.push(`<text x="10" y="18" font-size="12" font-weight="600" fill="${GRAPH.staticLabel}">${esc(opts.title)}</text>`);
  for (const l of layout.links) {
    const a = l.source as LayoutNode,
      b = l.target as LayoutNode;
    const st = edgeStyle(l.edge);
    out.push(
      `<line x1="${f1(a.x)}" y1="${f1(a.y)}" x2="${f1(b.x)}" y2="${f1(b.y)}" stroke="${st.stroke}" stroke-width="${edgeWidth(l.edge.strength).toFixed(2)}" stroke-opacity="${edgeOpacity(st.opacity, l.edge.share)}"${st.dash ? ` stroke-dasharray="${st.dash}"` : ""} stroke-linecap="round"/>`,
    );
  }
  for (const n of layout.nodes) {
    const p = nodePaint(n.node);
    const full =
      Object.entries(n.node.texts).length > 1
        ? Object.entries(n.node.texts)
            .map(([s, t]) => `${s.toUpperCase()}: ${t}`)
            .join("\n")
        : n.node.text;
    // as the live view draws it: a claim not found in its answer is dashed and its title says so
    const notFound = notFoundSides(opts.evidence, n.node.indices);
    const note = notFound.length ? ` (not found in ${notFound.map((s) => s.toUpperCase()).join(" or ")}'s answer)` : "";
    const dashed = notFound.length ? ` stroke-dasharray="3 2" stroke-width="${Math.max(2, p.strokeWidth)}"` : ` stroke-width="${p.strokeWidth}"`;
    out.push(
      `<circle cx="${f1(n.x)}" cy="${f1(n.y)}" r="${n.r.toFixed(2)}" fill="${p.fill}" stroke="${notFound.length ? GRAPH.staticLabel : p.stroke}"${dashed}><title>${esc(full + note)}</title></circle>`,
    );
  }
  for (const box of placed.values()) {
    const at = labelAnchor(box);
    out.push(
      `<text x="${at.x.toFixed(1)}" y="${at.y.toFixed(1)}" font-size="${LABEL_FONT_PX}" dominant-baseline="hanging" text-anchor="${box.anchor}" fill="${GRAPH.staticLabel}" stroke="${GRAPH.staticHalo}" stroke-width="3" stroke-linejoin="round" paint-order="stroke">${esc(box.text)}</text>`,
    );
  }
  out.push("</svg>");
  return out.join("");
}
