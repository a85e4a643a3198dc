// How wide a line of text is in DejaVu Sans (the font the pictures are drawn with: matplotlib
// ships it, so every machine with duellab's sandbox has it), and lines wrapped or cut to a width.
// SVG has no text wrapping, so the picture wraps by these advance widths (em fractions read from
// the font's metrics, rounded; unknown characters take the widest common width, so an estimate
// errs towards cutting early, never towards running past the edge). Pure.

const WIDTHS: Record<string, number> = {};
const set = (chars: string, w: number) => {
  for (const ch of chars) WIDTHS[ch] = w;
};
set("iljI|!.,:;'`", 0.3);
set(" ·", 0.32);
set("ftr()[]{}/\\-", 0.4);
set('sczJ"*', 0.53);
set("abdeghknopquvxy0123456789#$+<=>?^_~", 0.64);
set("FLTYZPSEBKRXV&", 0.7);
set("ACDGHNOQUw", 0.78);
set("mM%W@—…", 1.0);

const DEFAULT_W = 0.72;

export function textWidth(s: string, px: number, bold = false): number {
  let w = 0;
  for (const ch of s) w += WIDTHS[ch] ?? DEFAULT_W;
  return w * px * (bold ? 1.1 : 1);
}

/** Cut to fit `max` px, ending with "…" when anything was cut. */
export function clipText(s: string, px: number, max: number, bold = false): string {
  if (textWidth(s, px, bold) <= max) return s;
  let out = "";
  for (const ch of s) {
    if (textWidth(`${out}${ch}…`, px, bold) > max) break;
    out += ch;
  }
  return `${out.trimEnd()}…`;
}

/** Greedy word wrap into at most `maxLines` lines; the last one is cut with "…" if text remains. */
export function wrapText(s: string, px: number, max: number, maxLines: number, bold = false): string[] {
  const words = s.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const lines: string[] = [];
  let cur = "";
  let i = 0;
  for (; i < words.length; i++) {
    const w = words[i] as string;
    const next = cur ? `${cur} ${w}` : w;
    if (textWidth(next, px, bold) <= max) {
      cur = next;
      continue;
    }
    if (cur) lines.push(cur);
    if (lines.length === maxLines) {
      cur = "";
      break;
    }
    cur = w;
  }
  if (cur && lines.length < maxLines) {
    lines.push(cur);
    cur = "";
    i = words.length;
  }
  const rest = i < words.length || cur !== "";
  if (lines.length === 0) return [];
  const last = lines.length - 1;
  if (rest) lines[last] = clipText(`${lines[last]} ${words.slice(i).join(" ")}`, px, max, bold);
  else lines[last] = clipText(lines[last] as string, px, max, bold);
  return lines;
}
