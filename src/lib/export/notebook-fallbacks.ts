// The static views for a notebook that lacks them: one saved by a duellab from before outputs
// carried their own picture and numbers, or whose fallback displays were cleared. For every duellab
// widget output whose result is in the saved widget state, the picture and text displays are drawn
// from that result and inserted right after it; outputs that already have theirs are left alone,
// and nothing already in the notebook is removed or changed.
import { FALLBACK_MIME } from "../snapshot/fallback-mime";
import { fallbackDisplays } from "../snapshot/fallback";

const VIEW_MIME = "application/vnd.jupyter.widget-view+json";
const STATE_MIME = "application/vnd.jupyter.widget-state+json";

interface Output {
  output_type: string;
  data?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}
interface Notebook {
  metadata?: { widgets?: Record<string, { state?: Record<string, { model_module?: string; state?: { result?: unknown } }> }> };
  cells?: { cell_type: string; outputs?: Output[] }[];
}

export interface FallbackReport {
  /** Widget outputs that got their static views now. */
  added: number;
  /** Widget outputs that already had them. */
  present: number;
  /** duellab widgets whose saved state holds no result yet (nothing to draw them from). */
  missing: number;
}

const text = (v: unknown) => (Array.isArray(v) ? v.join("") : typeof v === "string" ? v : "");

export async function addFallbacks(nb: Notebook): Promise<FallbackReport> {
  const models = nb.metadata?.widgets?.[STATE_MIME]?.state ?? {};
  const report: FallbackReport = { added: 0, present: 0, missing: 0 };
  for (const cell of nb.cells ?? []) {
    const outputs = cell.outputs;
    if (!outputs) continue;
    for (let i = 0; i < outputs.length; i++) {
      const id = (outputs[i]?.data?.[VIEW_MIME] as { model_id?: string } | undefined)?.model_id;
      const model = id ? models[id] : undefined;
      // Without its saved model an output cannot be told to be duellab's, nor drawn.
      if (!id || !model || model.model_module !== "duellab") continue;
      if (outputs.some((o) => (o.data?.[FALLBACK_MIME] as { model_id?: string } | undefined)?.model_id === id)) {
        report.present++;
        continue;
      }
      const result = model.state?.result;
      if (!result) {
        report.missing++;
        continue;
      }
      const d = await fallbackDisplays({ modelId: id, text: text(outputs[i]?.data?.["text/plain"]), result });
      outputs.splice(i + 1, 0, ...[d.picture, d.text].map((x) => ({ output_type: "display_data", data: x.data, metadata: x.metadata })));
      report.added++;
      i += 2;
    }
  }
  return report;
}
