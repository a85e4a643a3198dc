// What a saved duellab output carries for every place its widget cannot live: one display beside
// the widget's own, holding an image/png of the settled view (PDF and LaTeX exports, GitHub,
// image-only viewers), a sanitizer-proof text/html with the same picture and every number under
// its label (nbconvert, nbviewer, MyST, VS Code without the widget), the one-line text/plain, and
// duellab's own marker type, by which duellab's JupyterLab extension and its widget module hide
// this display wherever the live widget did render. Why a second display: nbconvert, Quarto and
// VS Code show only the widget view of an output whose model is in the saved state, so a fallback
// inside the widget's own output is dropped exactly where it is needed (docs/architecture.md).
// I/O shell around the pure sheet, HTML and picture builders (the PNG is drawn by resvg).
import { WIDGET_VERSION } from "../schema/widget";
import { FALLBACK_MIME, type FallbackMarker } from "./fallback-mime";
import { esc } from "./escape";
import { findFonts } from "./fonts";
import { pictureSvg } from "./picture-svg";
import { DEFAULT_LEAD, plainHtml } from "./plain-html";
import { rasterize, rasterizeUnavailable } from "./rasterize";
import { sheetOf } from "./sheet-of";

export { FALLBACK_MIME, type FallbackMarker } from "./fallback-mime";

/** One display's content. */
export interface DisplayData {
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

/**
 * The two displays that stand in for a widget: the picture (image/png) and the text (text/html).
 * Two, not one: a viewer shows one type per display, and HTML viewers would show text/html alone,
 * while a text/html carrying the same picture again would double what the notebook stores.
 */
export interface FallbackDisplays {
  picture: DisplayData;
  text: DisplayData;
  /** What it cost, for the bench: milliseconds to build and bytes it adds to the notebook. */
  ms: number;
  bytes: number;
}

export interface FallbackInput {
  modelId: string;
  /** The one-line summary (text/plain). */
  text: string;
  /** The result to draw; null while the run has none yet. */
  result: unknown;
  /** Said instead of a result, e.g. "running" or how the run ended. */
  status?: string;
  /** false: leave the picture out (a quick first version while the run goes on). */
  picture?: boolean;
}

/** The picture of a result as base64 PNG, or why there is none. */
export async function picturePng(result: unknown, footer?: string): Promise<{ base64: string; width: number; height: number } | { reason: string }> {
  const sheet = sheetOf(result);
  if (!sheet) return { reason: "there is no settled result to draw." };
  const fonts = findFonts();
  const why = rasterizeUnavailable(fonts);
  if (why || !fonts) return { reason: why ?? "no font" };
  const pic = pictureSvg(sheet, { footer });
  try {
    const png = await rasterize(pic.svg, fonts);
    return { base64: png.toString("base64"), width: pic.width, height: pic.height };
  } catch (e) {
    return { reason: `the picture could not be drawn (${e instanceof Error ? e.message : String(e)}).` };
  }
}

/** The fallback displays before a run has a result (or when it ended without one): no picture yet. */
export function waitingDisplays(modelId: string, text: string, status: string, kind = "run"): { picture: DisplayData; text: DisplayData } {
  const marker: FallbackMarker = { model_id: modelId, kind, version: WIDGET_VERSION };
  return {
    picture: { data: { [FALLBACK_MIME]: marker, "text/plain": `(duellab: no picture yet: the ${kind} is ${status})` }, metadata: {} },
    text: {
      data: {
        [FALLBACK_MIME]: marker,
        "text/plain": text,
        "text/html": `<div data-duellab-fallback="${esc(modelId)}" data-duellab-kind="${esc(kind)}"><p><b>duellab</b> — ${esc(status)}: ${esc(text)}</p><p>${esc(DEFAULT_LEAD)}</p></div>`,
      },
      metadata: {},
    },
  };
}

export async function fallbackDisplays(o: FallbackInput): Promise<FallbackDisplays> {
  const t0 = performance.now();
  const sheet = sheetOf(o.result);
  const kind = sheet?.kind ?? (o.result as { kind?: string } | null)?.kind ?? "run";
  const marker: FallbackMarker = { model_id: o.modelId, kind, version: WIDGET_VERSION };
  const picture: DisplayData = { data: { [FALLBACK_MIME]: marker }, metadata: {} };
  const text: DisplayData = { data: { [FALLBACK_MIME]: marker, "text/plain": o.text }, metadata: {} };
  if (!sheet) {
    const waiting = waitingDisplays(o.modelId, o.text, o.status ?? "no result yet", kind);
    picture.data = waiting.picture.data;
    text.data = waiting.text.data;
  } else {
    const createdAt = (o.result as { createdAt?: unknown }).createdAt;
    const footer = `drawn by duellab ${WIDGET_VERSION} from the saved result${typeof createdAt === "string" ? ` of ${createdAt}` : ""}`;
    const pic = o.picture === false ? { reason: "it is drawn when the run settles." } : await picturePng(o.result, footer);
    if ("base64" in pic) {
      picture.data["image/png"] = pic.base64;
      picture.data["text/plain"] =
        `(duellab: a picture of the settled ${sheet.title.replace(/^duellab · /, "")}; this viewer shows no images. Its numbers follow.)`;
      picture.metadata = { "image/png": { needs_background: "light" } };
    } else {
      picture.data["text/plain"] = `(duellab: no picture of the settled view: ${pic.reason})`;
    }
    text.data["text/html"] = plainHtml(sheet, {
      modelId: o.modelId,
      noPicture: "base64" in pic ? undefined : pic.reason,
      pictureAbove: "base64" in pic,
    });
  }
  const size = (d: DisplayData) => JSON.stringify(d.data).length + JSON.stringify(d.metadata).length;
  return { picture, text, ms: performance.now() - t0, bytes: size(picture) + size(text) };
}
