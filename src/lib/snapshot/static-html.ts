// The no-JavaScript rendering of a result: what notebook viewers, READMEs and mail clients show
// (the widget's text/html fallback). A settled SVG snapshot of the graph, the two charts as
// images, the headline numbers. Inline styles only, because viewers strip <style>. Pure.
import type { GraphiteResult } from "../schema/graphite";
import type { WeaveResult } from "../schema/weave";
import { num as n, pct } from "../format";
import { esc } from "./escape";
import { LIGHT as P } from "../theme/palette";
import { staticMultiWeave } from "./static-multi-weave";

type PanelSvg = typeof import("./panel-svg").panelSvg;
let panelSvgFn: PanelSvg | null | undefined;
/**
 * The SVG renderer is loaded on first use, not with the library: it needs d3-force, an ES module
 * that `require` can load only on Node ≥ 20.19. On an older Node the snapshot says so instead of
 * the library failing to load.
 */
function loadPanelSvg(): PanelSvg | null {
  if (panelSvgFn === undefined) {
    try {
      panelSvgFn = (require("./panel-svg") as typeof import("./panel-svg")).panelSvg;
    } catch {
      panelSvgFn = null;
    }
  }
  return panelSvgFn;
}

// Inline colours from the light palette: a snapshot always sits on its own white box.
const BOX = `font-family:system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif;font-size:13px;line-height:1.45;color:${P.fg};background:${P.bg};border:1px solid ${P.border};border-radius:10px;padding:12px 14px;max-width:1180px`;
const MUTED = `color:${P.muted}`;
const STAT = `display:inline-block;margin:0 8px 6px 0;padding:6px 10px;border:1px solid ${P.border};border-radius:8px;vertical-align:top`;

const stat = (value: string, label: string, color = P.fg) =>
  `<span style="${STAT}"><b style="font-size:18px;color:${color}">${esc(value)}</b><br><span style="font-size:11px;${MUTED}">${esc(label)}</span></span>`;

function slotsLine(slots: Record<string, { provider: string; model: string }>, demo: boolean): string {
  const parts = Object.entries(slots).map(([k, s]) => `<b>${esc(k === "judge" ? "judge" : k.toUpperCase())}</b> ${esc(s.provider)} · ${esc(s.model)}`);
  return `<p style="margin:4px 0;${MUTED}">${parts.join(" &nbsp; ")}${demo ? ` &nbsp; <span style="color:${P.purple};font-weight:600">demo models</span>` : ""}</p>`;
}

export function staticWeave(r: WeaveResult): string {
  const c = r.consensus;
  const d = c.sharedPairs + c.aOnly + c.bOnly;
  const consensus = d === 0 ? null : Math.round((c.sharedPairs / d) * 1000) / 10;
  const lexical = r.parseMode === "fallback-lexical";
  const panelSvg = loadPanelSvg();
  const panels = panelSvg
    ? (["a", "b", "both"] as const)
        .map(
          (k) =>
            `<div style="display:inline-block;margin:0 8px 8px 0;border:1px solid ${P.border};border-radius:8px;overflow:hidden">${panelSvg(r.panels[k], k, { size: 360, title: k === "both" ? "Both" : `Model ${k.toUpperCase()}` })}</div>`,
        )
        .join("")
    : `<p style="margin:4px 0;color:${P.amber}">No graph snapshot: laying it out needs d3-force, which this Node.js (${esc(typeof process === "object" ? process.version : "?")}) cannot load from CommonJS (Node ≥ 20.19 can).</p>`;
  return [
    `<div class="duellab-static" data-kind="weave" style="${BOX}">`,
    `<p style="margin:0 0 4px;font-size:11px;${MUTED}">duellab · weave (static snapshot; open in JupyterLab or export HTML for the interactive view)</p>`,
    `<p style="margin:0 0 8px;font-size:15px;font-weight:600">${esc(r.question)}</p>`,
    `<div>${stat(pct(consensus), "consensus by nodes")}${stat(pct(c.participationByNodes), "claims linked at all")}${stat(String(c.sharedPairs), "shared")}${stat(String(c.aOnly), "A only", P.a)}${stat(String(c.bOnly), "B only", P.b)}${stat(String(c.contradictions), "contradictions", P.red)}</div>`,
    lexical
      ? `<p style="margin:4px 0;padding:4px 10px;display:inline-block;border-radius:999px;background:${P.fillRed};color:${P.onFill};font-weight:700">lexical fallback — edges are word overlap, not judged</p>`
      : `<p style="margin:4px 0;${MUTED}">judge: ${esc(r.parseMode)}</p>`,
    slotsLine(r.slots, r.demo),
    ...r.warnings.map((w) => `<p style="margin:2px 0;color:${P.amber}">${esc(w)}</p>`),
    `<div style="margin-top:8px">${panels}</div>`,
    `<p style="margin:2px 0;font-size:11px;${MUTED}">white core: claims both models made · blue: only A · orange: only B · grey: agree · dashed red: contradict${lexical ? " · dotted: lexical" : ""} · width ∝ strength</p>`,
    `</div>`,
  ].join("\n");
}

export function staticGraphite(r: GraphiteResult): string {
  const j = r.judge;
  const side = (s: "a" | "b") => {
    const c = r.charts[s];
    const png = c.run.pngs[0];
    const img = png
      ? `<img src="data:image/png;base64,${png.base64}" width="${png.width}" height="${png.height}" alt="Chart ${s.toUpperCase()}" style="max-width:100%;height:auto;border:1px solid ${P.border};border-radius:6px">`
      : `<div style="padding:40px 10px;text-align:center;border:1px dashed ${P.border};border-radius:6px;${MUTED}">No figure: ${esc(c.run.status)}</div>`;
    const blocked = c.run.violations.map((v) => `<p style="margin:4px 0;color:${P.red}"><b>BLOCKED</b> ${esc(v.rule)} — line ${v.line}</p>`).join("");
    const tb = c.run.traceback
      ? `<pre style="white-space:pre-wrap;font-size:11px;color:${P.red};background:${P.surface};padding:6px 8px;border-radius:6px;max-height:200px;overflow:auto">${esc(c.run.traceback)}</pre>`
      : "";
    const score = j ? `insight ${n(j.scores[s].insight)} · clarity ${n(j.scores[s].clarity)} — ${esc(j.scores[s].verdict)}` : "not judged";
    return `<div style="display:inline-block;vertical-align:top;width:49%;min-width:300px;margin-right:1%"><p style="margin:0 0 4px"><b>Chart ${s.toUpperCase()}</b> <span style="${MUTED}">${esc(r.slots[s]?.provider ?? "?")} · ${esc(r.slots[s]?.model ?? "?")} · ${esc(c.run.status)} · faithfulness: ${esc(c.faithfulness.verdict)}</span></p>${blocked}${img}${tb}<p style="margin:4px 0;${MUTED}">${score}</p></div>`;
  };
  const outcome = j?.stability?.outcome;
  const ship = !j
    ? "not judged"
    : outcome === "position-bias"
      ? "position bias (the order decided)"
      : outcome === "split"
        ? "split across runs"
        : outcome === "no-verdict"
          ? "no verdict"
          : j.ship === "neither"
            ? "neither chart"
            : `Chart ${j.ship.toUpperCase()}`;
  return [
    `<div class="duellab-static" data-kind="graphite" style="${BOX}">`,
    `<p style="margin:0 0 4px;font-size:11px;${MUTED}">duellab · graphite (static snapshot; open in JupyterLab or export HTML for the interactive view)</p>`,
    `<p style="margin:0 0 8px;font-size:15px;font-weight:600">${esc(r.question)}</p>`,
    `<div>${stat(ship, "the judge would ship", P.green)}${j ? stat(`${n(j.scores.a.insight)} · ${n(j.scores.a.clarity)}`, "A: insight · clarity (each 1–10)") + stat(`${n(j.scores.b.insight)} · ${n(j.scores.b.clarity)}`, "B: insight · clarity (each 1–10)") : ""}</div>`,
    j && j.parseMode !== "json" ? `<p style="margin:4px 0;color:${P.amber}">judge parse: ${esc(j.parseMode)}</p>` : "",
    slotsLine(r.slots, r.demo),
    ...r.warnings.map((w) => `<p style="margin:2px 0;color:${P.amber}">${esc(w)}</p>`),
    `<div style="margin-top:8px">${side("a")}${side("b")}</div>`,
    `</div>`,
  ].join("\n");
}

/** Static HTML for a weave or graphite result; anything else gets one honest line. */
export function staticHtml(result: unknown): string {
  const kind = (result as { kind?: unknown } | null)?.kind;
  if (kind === "weave") {
    const w = result as WeaveResult;
    return w.multi ? staticMultiWeave(w as WeaveResult & { multi: NonNullable<WeaveResult["multi"]> }) : staticWeave(w);
  }
  if (kind === "graphite") return staticGraphite(result as GraphiteResult);
  const what =
    typeof kind === "string" && kind
      ? `a ${esc(kind)} result has no static snapshot; open it in JupyterLab or export it with exportHtml`
      : "no result to show yet";
  return `<div class="duellab-static" style="${BOX}"><p style="margin:0;${MUTED}">duellab: ${what}.</p></div>`;
}
