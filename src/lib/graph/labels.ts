// Where a claim's label goes in a settled panel, and the text alternative of the whole panel; shared
// by the live view and the static SVG snapshot so both name the same claims. Pure.
import type { Panel } from "../schema/weave";
import { type LayoutNode, PANEL_SIZE } from "./layout";

export interface LabelBox {
  id: string;
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  anchor: "start" | "middle" | "end";
}

export const LABEL_FONT_PX = 10;
const CHAR_W = 5.6;

/** A claim's short label: the first words, cut at a word boundary. */
export function shortLabel(text: string, max = 30): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  // One character more than fits: if it is a space, the last word is whole and stays.
  const cut = t.slice(0, max);
  const sp = cut.lastIndexOf(" ");
  return `${(sp > max / 2 ? cut.slice(0, sp) : cut.slice(0, max - 1)).replace(/[,.;:]$/, "")}…`;
}

function overlaps(a: LabelBox, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Greedy label placement: the largest and shared claims choose first, each trying below, above,
 * right and left of its circle; a label that would collide with one already placed or leave the
 * panel is hidden (the view shows it on hover). Returns the placed boxes; everything else is hidden.
 */
export function placeLabels(nodes: LayoutNode[], size = PANEL_SIZE): Map<string, LabelBox> {
  const order = [...nodes].sort((p, q) => Number(q.shared) - Number(p.shared) || q.r - p.r || p.id.localeCompare(q.id));
  const placed = new Map<string, LabelBox>();
  const h = LABEL_FONT_PX + 2;
  for (const n of order) {
    const text = shortLabel(n.node.text);
    const w = text.length * CHAR_W;
    const x = n.x ?? 0;
    const y = n.y ?? 0;
    const candidates: LabelBox[] = [
      { id: n.id, text, x: x - w / 2, y: y + n.r + 2, width: w, height: h, anchor: "middle" },
      { id: n.id, text, x: x - w / 2, y: y - n.r - 2 - h, width: w, height: h, anchor: "middle" },
      { id: n.id, text, x: x + n.r + 3, y: y - h / 2, width: w, height: h, anchor: "start" },
      { id: n.id, text, x: x - n.r - 3 - w, y: y - h / 2, width: w, height: h, anchor: "end" },
    ];
    for (const box of candidates) {
      if (box.x < 1 || box.y < 1 || box.x + box.width > size - 1 || box.y + box.height > size - 1) continue;
      let free = true;
      for (const other of placed.values())
        if (overlaps(box, other)) {
          free = false;
          break;
        }
      // A label over another claim's circle hides that claim, so circles count as occupied; but a
      // consensus label may cross the white core (its halo keeps it legible): the core must be named.
      if (free && !n.shared) {
        for (const m of nodes) {
          if (m.id === n.id) continue;
          const mx = m.x ?? 0,
            my = m.y ?? 0;
          if (overlaps(box, { x: mx - m.r, y: my - m.r, width: 2 * m.r, height: 2 * m.r })) {
            free = false;
            break;
          }
        }
      }
      if (free) {
        placed.set(n.id, box);
        break;
      }
    }
  }
  return placed;
}

/** Where the text of a placed label is anchored (SVG text x/y with dominant baseline "hanging"). */
export function labelAnchor(box: LabelBox): { x: number; y: number } {
  const x = box.anchor === "middle" ? box.x + box.width / 2 : box.anchor === "start" ? box.x : box.x + box.width;
  return { x, y: box.y + 1 };
}

const count = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;
/** The text alternative of a panel's graph: what it shows, counted (screen readers read this). */
export function panelLabel(panel: Panel, title: string): string {
  const st = panel.stats;
  return `${title} claim graph: ${count(st.nodes, "claim")}, ${count(st.drawnEdges, "edge")}, ${count(st.contradictCount, "contradiction")}`;
}
