// The MIME type that marks duellab's fallback displays, and what it holds; shared by the kernel
// (which writes it) and the browser (which hides the display while the widget is live). Pure.
export const FALLBACK_MIME = "application/vnd.duellab.fallback+json";

/** Which widget a fallback stands in for, what kind of result it shows, and which duellab wrote it. */
export interface FallbackMarker {
  model_id: string;
  kind: string;
  version: string;
}
