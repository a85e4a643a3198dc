// Styles of the N-model view only, shipped with it (the shared stylesheet stays the views' own).
export const MULTI_CSS = `
.dl-multi-body { display: flex; flex-direction: column; gap: 12px; }
.dl-multi-top { display: grid; grid-template-columns: minmax(360px, 3fr) minmax(260px, 2fr); gap: 12px; align-items: start; }
@media (max-width: 820px) { .dl-multi-top { grid-template-columns: 1fr; } }
.dl-multi-svg { width: 100%; height: auto; display: block; }
.dl-multi-node { cursor: pointer; transition: opacity .12s; }
.dl-multi-hovering .dl-multi-node:not(.dl-multi-hl) { opacity: .28; }
.dl-multi-node.dl-multi-hl { stroke: var(--dl-accent); stroke-width: 2.4px; }
.dl-multi-tip { width: 320px; }
.dl-multi-phrasings { margin: 0; padding-left: 16px; }
.dl-multi-phrasings li { margin: 2px 0; }
.dl-multi-matrix { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 12px; }
.dl-multi-matrix th { font-weight: 600; padding: 3px 6px; text-align: right; white-space: nowrap; }
.dl-multi-matrix td { padding: 4px 6px; text-align: center; min-width: 46px; border: 1px solid var(--dl-paper); }
.dl-multi-diag { color: var(--dl-faint); }
.dl-multi-ring-label { fill: var(--dl-faint); }
.dl-multi-ring { stroke: var(--dl-border); }
.dl-multi-models { display: grid; grid-template-columns: repeat(auto-fill, minmax(210px, 1fr)); gap: 10px; }
.dl-multi-model-svg { width: 100%; height: auto; display: block; padding: 4px; }
.dl-multi-rule, .dl-multi-grouprule { margin: 4px 0 0; font-size: 12px; }
`;
