// The share card: one PNG with the question, the headline and the three settled panels, drawn
// on a canvas so it is a real image a research note can embed.
import type { WeaveResult } from "../../../lib/schema/weave";
import { recomputeConsensus, parseModeNote } from "../../../lib/snapshot/recount";
import { pct } from "../format";

const W = 1200,
  H = 640;

function wrap(ctx: CanvasRenderingContext2D, text: string, maxW: number, maxLines: number): string[] {
  const words = text.split(/\s+/);
  const lines: string[] = [];
  let cur = "";
  for (const w of words) {
    const next = cur ? `${cur} ${w}` : w;
    if (ctx.measureText(next).width > maxW && cur) {
      lines.push(cur);
      cur = w;
    } else cur = next;
    if (lines.length === maxLines) break;
  }
  if (lines.length < maxLines && cur) lines.push(cur);
  if (lines.length === maxLines && words.join(" ").length > lines.join(" ").length) lines[maxLines - 1] = `${lines[maxLines - 1]!.replace(/\s+\S*$/, "")}…`;
  return lines;
}

async function svgImage(svg: string): Promise<HTMLImageElement> {
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await img.decode();
  return img;
}

export async function shareCardPng(r: WeaveResult, panelSvgs: Array<{ title: string; svg: string }>): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("This browser gave no 2D canvas, so the share card cannot be drawn.");
  const font = "Inter, system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif";
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = "#57606a";
  ctx.font = `600 15px ${font}`;
  ctx.fillText(`duellab · weave${r.demo ? " · demo models" : ""}`, 36, 44);
  ctx.fillStyle = "#1f2328";
  ctx.font = `600 24px ${font}`;
  for (const [i, line] of wrap(ctx, r.question, W - 72, 2).entries()) ctx.fillText(line, 36, 82 + i * 30);
  const c = r.consensus;
  ctx.font = `700 44px ${font}`;
  const big = `${pct(recomputeConsensus(c))} consensus`;
  ctx.fillText(big, 36, 178);
  ctx.font = `400 17px ${font}`;
  ctx.fillStyle = "#57606a";
  const slots = r.slots;
  ctx.fillText(
    `${c.sharedPairs} shared · ${c.aOnly} A-only · ${c.bOnly} B-only · ${c.contradictions} contradictions · ${pct(c.participationByNodes)} of claims linked · ${parseModeNote(r.parseMode).text}`,
    36,
    208,
  );
  ctx.fillText(
    `A: ${slots.a?.provider ?? "?"} ${slots.a?.model ?? "?"}   B: ${slots.b?.provider ?? "?"} ${slots.b?.model ?? "?"}   judge: ${slots.judge?.provider ?? "?"} ${slots.judge?.model ?? "?"}`,
    36,
    234,
  );
  const size = 360,
    gap = (W - 3 * size) / 4,
    top = 256;
  for (let i = 0; i < panelSvgs.length && i < 3; i++) {
    const x = gap + i * (size + gap);
    ctx.strokeStyle = "#e3e6ea";
    ctx.strokeRect(x - 0.5, top - 0.5, size + 1, size + 1);
    ctx.drawImage(await svgImage(panelSvgs[i]!.svg), x, top, size, size);
    ctx.fillStyle = "#1f2328";
    ctx.font = `600 13px ${font}`;
    ctx.fillText(panelSvgs[i]!.title, x + 8, top + 18);
  }
  return await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("The canvas could not be encoded as PNG."))), "image/png"),
  );
}
