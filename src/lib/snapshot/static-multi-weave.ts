// The no-JavaScript snapshot of an N-model weave (notebook viewers, mail, READMEs): the rings as
// counts, the agreement matrix as an inline-styled heat map, and the groups made by more than one
// model with every model's phrasing. No layout engine needed; inline styles only. Pure.
import type { MultiWeave, WeaveResult } from "../schema/weave";
import { esc } from "./escape";

const BOX =
  "font-family:system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif;font-size:13px;line-height:1.45;color:#1f2328;background:#ffffff;border:1px solid #e3e6ea;border-radius:10px;padding:12px 14px;max-width:1180px";
const MUTED = "color:#57606a";
const STAT = "display:inline-block;margin:0 8px 6px 0;padding:6px 10px;border:1px solid #e3e6ea;border-radius:8px;vertical-align:top";
const pct = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? "n/a" : `${v.toFixed(1)}%`);
const stat = (value: string, label: string) =>
  `<span style="${STAT}"><b style="font-size:18px">${esc(value)}</b><br><span style="font-size:11px;${MUTED}">${esc(label)}</span></span>`;

// Read by screen readers, not shown: the corner header of the matrix (never an empty header).
const SR_ONLY = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0";

/** Groups listed in the snapshot at most; the rest are counted. */
export const STATIC_GROUP_LIMIT = 40;

export function staticMultiWeave(r: WeaveResult & { multi: MultiWeave }): string {
  const m = r.multi;
  const n = m.models.length;
  const d = m.distribution;
  const L = (s: string) => `${s.toUpperCase()} · ${r.slots[s]?.model ?? "?"}`;
  const rings = Array.from({ length: n }, (_, i) => n - i).map((k) =>
    stat(String(d.byCount[String(k)] ?? 0), k === n ? `made by all ${n}` : k === 1 ? "made by one" : `by ${k} of ${n}`),
  );
  const core = d.groups === 0 ? null : Math.round((d.all / d.groups) * 1000) / 10;
  const sp = m.matrixSpread;
  const cell = (i: number, j: number) => {
    if (i === j) return `<td style="padding:3px 6px;text-align:center;color:#8c959f">—</td>`;
    const v = m.matrix[i]?.[j] ?? null;
    const light = v === null ? 96 : Math.round(96 - v * 0.5);
    return `<td style="padding:3px 6px;text-align:center;background:hsl(212,60%,${light}%);color:${light < 62 ? "#fff" : "#1f2328"}">${pct(v)}</td>`;
  };
  const matrix = [
    `<table style="border-collapse:collapse;font-size:12px;margin:6px 0"><tr><th scope="col"><span style="${SR_ONLY}">model</span></th>${m.models.map((s) => `<th scope="col" style="padding:3px 6px">${esc(s.toUpperCase())}</th>`).join("")}</tr>`,
    ...m.models.map(
      (s, i) =>
        `<tr><th scope="row" style="padding:3px 6px;text-align:right;white-space:nowrap">${esc(L(s))}</th>${m.models.map((_, j) => cell(i, j)).join("")}</tr>`,
    ),
    `</table>`,
  ].join("");
  const shared = m.groups.filter((g) => g.size > 1);
  const listed = shared.slice(0, STATIC_GROUP_LIMIT);
  const groups = listed
    .map(
      (g) =>
        `<li style="margin:4px 0"><b>${g.size === n ? `all ${n}` : `${g.size} of ${n}`}</b><ul style="margin:2px 0;padding-left:18px">${Object.entries(g.texts)
          .map(([s, t]) => `<li><span style="${MUTED}">${esc(s.toUpperCase())}:</span> ${esc(t)}</li>`)
          .join("")}</ul></li>`,
    )
    .join("");
  return [
    `<div class="duellab-static" data-kind="weave-multi" style="${BOX}">`,
    `<p style="margin:0 0 4px;font-size:11px;${MUTED}">duellab · weave of ${n} models (static snapshot; open in JupyterLab or export HTML for the interactive view)</p>`,
    `<p style="margin:0 0 8px;font-size:15px;font-weight:600">${esc(r.question)}</p>`,
    `<div>${stat(pct(core), "core: groups made by every model")}${rings.join("")}${stat(sp.min === null ? "n/a" : `${pct(sp.min)} / ${pct(sp.median)} / ${pct(sp.max)}`, "pairwise consensus min / median / max")}${m.coreSpread ? stat(`${pct(m.coreSpread.min)} / ${pct(m.coreSpread.median)} / ${pct(m.coreSpread.max)}`, `core over ${m.coreSpread.values.length} judge runs`) : ""}</div>`,
    r.parseMode === "fallback-lexical"
      ? `<p style="margin:4px 0;padding:4px 10px;display:inline-block;border-radius:999px;background:#d1495b;color:#fff;font-weight:700">lexical fallback for at least one pair — some edges are word overlap, not judged</p>`
      : `<p style="margin:4px 0;${MUTED}">judge: ${esc(r.parseMode)}</p>`,
    ...r.warnings.map((w) => `<p style="margin:2px 0;color:#b7791f">${esc(w)}</p>`),
    `<p style="margin:8px 0 0;font-weight:600">Agreement matrix (two-model consensus of each pair)</p>`,
    matrix,
    `<p style="margin:8px 0 0;font-weight:600">Claims made by more than one model</p>`,
    shared.length
      ? `<ol style="margin:4px 0;padding-left:20px">${groups}</ol>`
      : `<p style="margin:4px 0;${MUTED}">none: no claim was judged to be made by two models</p>`,
    shared.length > listed.length ? `<p style="margin:2px 0;${MUTED}">${shared.length - listed.length} more groups are in the result.</p>` : "",
    `<p style="margin:4px 0;font-size:11px;${MUTED}">${d.one} claim${d.one === 1 ? " was" : "s were"} made by one model only. Groups: ${esc(m.groupRule)}.</p>`,
    `</div>`,
  ].join("\n");
}
