// A page built from a saved notebook the way a given front end builds one: for each output, the
// MIME type that front end picks (its own priority, read from its code) drawn the way it draws it.
// Used to emulate the front ends that cannot be run here (Quarto, VS Code's saved-notebook view,
// MyST's theme, GitHub's renderer); each emulation names the code it follows.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Notebook } from "./executed";

export type Chooser = (data: Record<string, unknown>) => string | null;

export interface Drawers {
  html: (html: string) => string;
  png: (base64: string, alt: string) => string;
  plain: (text: string) => string;
  widget?: (view: unknown) => string;
}

const escText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export const PLAIN_DRAWERS: Drawers = {
  html: (h) => h,
  png: (b, alt) => `<img src="data:image/png;base64,${b}" alt="${escText(alt).replace(/"/g, "&quot;")}">`,
  plain: (t) => `<pre>${escText(t)}</pre>`,
};

/** The first MIME type of `priority` an output has. */
export function byPriority(priority: string[]): Chooser {
  return (data) => priority.find((m) => m in data) ?? null;
}

const text = (v: unknown) => (Array.isArray(v) ? v.join("") : String(v ?? ""));

/** The body of a page: each output in its own element (`<div class="output">`), in notebook order. */
export function outputsHtml(nb: Notebook, choose: Chooser, draw: Drawers): string {
  const out: string[] = [];
  for (const cell of nb.cells) {
    for (const o of cell.outputs ?? []) {
      if (o.output_type === "stream") {
        out.push(`<div class="output">${draw.plain(text((o as { text?: unknown }).text))}</div>`);
        continue;
      }
      const data = o.data ?? {};
      const mime = choose(data);
      if (!mime) continue;
      const v = data[mime];
      const drawn =
        mime === "text/html"
          ? draw.html(text(v))
          : mime === "image/png"
            ? draw.png(text(v).replace(/\s/g, ""), text(data["text/plain"]))
            : mime === "application/vnd.jupyter.widget-view+json" && draw.widget
              ? draw.widget(v)
              : draw.plain(text(data["text/plain"] ?? v));
      out.push(`<div class="output">${drawn}</div>`);
    }
  }
  return out.join("\n");
}

export function writePage(name: string, head: string, body: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "duellab-page-")), name);
  fs.writeFileSync(file, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title>${head}</head><body>${body}</body></html>`);
  return file;
}
