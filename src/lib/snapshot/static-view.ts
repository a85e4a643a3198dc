// The static view of a result as one piece of HTML: the sheet's sanitizer-proof HTML, with the
// picture of the settled view embedded where the page is our own (an exported page's no-script
// fallback, a research-note fragment). Saved notebooks carry the picture in a display of its own
// instead (fallback.ts). I/O shell only in that the picture is drawn by resvg.
import { esc } from "./escape";
import { picturePng } from "./fallback";
import { plainHtml } from "./plain-html";
import { sheetOf } from "./sheet-of";

const NONE = (what: string) => `<div class="duellab-static"><p>duellab: ${esc(what)}.</p></div>`;

/** Without the picture: what `staticHtml` has always returned, now safe through any sanitizer. */
export function staticHtml(result: unknown, lead?: string): string {
  const sheet = sheetOf(result);
  if (!sheet) {
    const kind = (result as { kind?: unknown } | null)?.kind;
    return NONE(
      typeof kind === "string" && kind ? `a ${kind} result has no static view; open it in JupyterLab or export it with exportHtml` : "no result to show yet",
    );
  }
  return plainHtml(sheet, { lead });
}

/** With the picture embedded as a data URL (or a sentence saying why there is none). */
export async function staticView(result: unknown, lead?: string): Promise<string> {
  const sheet = sheetOf(result);
  if (!sheet) return staticHtml(result, lead);
  const pic = await picturePng(result);
  return plainHtml(sheet, { lead, picture: "base64" in pic ? pic : null, noPicture: "reason" in pic ? pic.reason : undefined });
}
