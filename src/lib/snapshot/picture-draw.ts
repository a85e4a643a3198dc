// The picture of a result drawn synchronously: sheet → SVG → resvg → palette PNG, as base64, or
// why there is none. Run in the picture worker (picture-worker.ts), never on the kernel's event
// loop: laying out the graph and quantising a 1200-pixel-wide picture take hundreds of
// milliseconds. Shell: resvg and the font lookup.
import { findFonts } from "./fonts";
import { pictureSvg } from "./picture-svg";
import { rasterizeSync, rasterizeUnavailable } from "./rasterize";
import { sheetOf } from "./sheet-of";

export type Picture = { base64: string; width: number; height: number } | { reason: string };

export function drawPicture(result: unknown, footer?: string): Picture {
  const sheet = sheetOf(result);
  if (!sheet) return { reason: "there is no settled result to draw." };
  const fonts = findFonts();
  const why = rasterizeUnavailable(fonts);
  if (why || !fonts) return { reason: why ?? "no font" };
  try {
    const pic = pictureSvg(sheet, { footer });
    return { base64: rasterizeSync(pic.svg, fonts).toString("base64"), width: pic.width, height: pic.height };
  } catch (e) {
    return { reason: `the picture could not be drawn (${e instanceof Error ? e.message : String(e)}).` };
  }
}
