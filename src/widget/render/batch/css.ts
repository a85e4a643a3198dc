// The batch view's own styles, injected once next to the shared stylesheet (which the views
// helper owns), using its colour variables.
export const BATCH_CSS = `
.dl-batch { display: flex; flex-direction: column; gap: 10px; }
.dl-batch-progress { border: 1px solid var(--dl-border); border-radius: 10px; padding: 10px 12px; background: var(--dl-surface); font-size: 13px; }
.dl-batch-bar { display: flex; height: 8px; border-radius: 4px; overflow: hidden; background: var(--dl-border); margin: 6px 0; }
.dl-batch-bar > span { display: block; height: 100%; }
.dl-batch-bar .done { background: var(--dl-green); } .dl-batch-bar .failed { background: var(--dl-red); }
.dl-batch-bar .running { background: var(--dl-accent); opacity: .55; } .dl-batch-bar .cancelled { background: var(--dl-amber); }
.dl-batch-counts { display: flex; flex-wrap: wrap; gap: 4px 14px; }
.dl-batch-counts b { font-variant-numeric: tabular-nums; }
.dl-batch table { border-collapse: collapse; font-size: 12.5px; width: 100%; }
.dl-batch th, .dl-batch td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--dl-border); vertical-align: top; }
.dl-batch th { color: var(--dl-muted); font-weight: 600; }
.dl-batch th.dl-batch-rowhead { color: var(--dl-fg); font-weight: 400; }
.dl-batch td.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
.dl-runs-link { font: inherit; font-size: 12px; color: var(--dl-accent); background: none; border: 1px solid transparent; border-radius: 6px; padding: 0 4px; cursor: pointer; text-decoration: underline; }
.dl-runs-link[aria-pressed="true"] { border-color: var(--dl-accent); text-decoration: none; }
.dl-runs-link:disabled { color: var(--dl-faint); cursor: default; text-decoration: none; }
.dl-batch-grid td { text-align: center; min-width: 90px; }
.dl-batch-list tr[data-key] { cursor: pointer; }
.dl-batch-list tr[data-key]:hover { background: var(--dl-surface); }
.dl-batch-list tr[aria-selected="true"] { background: var(--dl-tint-accent); }
.dl-batch-status[data-status="failed"] { color: var(--dl-red); } .dl-batch-status[data-status="done"] { color: var(--dl-green); }
.dl-batch-status[data-status="cancelled"] { color: var(--dl-amber); }
.dl-batch-detail { border: 1px solid var(--dl-border); border-radius: 10px; padding: 8px; }
.dl-batch-warn { color: var(--dl-amber); font-size: 12px; margin: 2px 0; }
`;

export function injectBatchStyle(el: HTMLElement): void {
  const root = el.getRootNode();
  const target = root instanceof ShadowRoot ? root : el.ownerDocument.head;
  if (!target || target.querySelector("style[data-duellab-batch]")) return;
  const style = el.ownerDocument.createElement("style");
  style.setAttribute("data-duellab-batch", "1");
  style.textContent = BATCH_CSS;
  target.append(style);
}
