// An SVG picture as PNG bytes, drawn in the kernel's own process with resvg (a Rust renderer that
// npm ships prebuilt per platform): no browser, no Python. The renderer is loaded on first use, so
// a platform without a prebuilt binary loses the picture, not the library. I/O shell.
import type { FontChoice } from "./fonts";
import { palettePng } from "./png-palette";

type ResvgModule = typeof import("@resvg/resvg-js");
let resvg: ResvgModule | null | undefined;
let loadError = "";

function load(): ResvgModule | null {
  if (resvg === undefined) {
    try {
      resvg = require("@resvg/resvg-js") as ResvgModule;
    } catch (e) {
      resvg = null;
      loadError = e instanceof Error ? (e.message.split("\n")[0] ?? "") : String(e);
    }
  }
  return resvg;
}

/** Why pictures cannot be drawn here, or null when they can. */
export function rasterizeUnavailable(fonts: FontChoice | null): string | null {
  if (!fonts) return "no font to draw its text with was found (duellab looks for matplotlib's DejaVu Sans, then the system's).";
  if (!load()) return `the PNG renderer (@resvg/resvg-js) could not be loaded on this platform (${process.platform}-${process.arch}): ${loadError}`;
  return null;
}

/** Drawn on libuv's thread pool (resvg's renderAsync), so the kernel's event loop stays free. */
export async function rasterize(svg: string, fonts: FontChoice): Promise<Buffer> {
  const mod = load();
  if (!mod) throw new Error(rasterizeUnavailable(fonts) ?? "no PNG renderer");
  const image = await mod.renderAsync(svg, {
    background: "#ffffff",
    font: { loadSystemFonts: false, fontFiles: fonts.files, defaultFontFamily: fonts.family, sansSerifFamily: fonts.family },
    logLevel: "off",
  });
  return palettePng(image.pixels, image.width, image.height);
}
