// The one widget model's synced state. The view renders from this and nothing else, so a saved
// notebook, an nbclient run and an exported HTML file all show the same thing.
import { z } from "zod";
import type { RunState } from "./common";

export const WIDGET_MODULE = "duellab";
/** duellab's version (package.json's; a unit test holds them equal). */
export const WIDGET_VERSION = "0.1.0";
/**
 * Every version whose saved widget state this build's view reads, this one first. The saved state
 * names the exact version that wrote it (a CDN then serves that very version; VS Code's lookup
 * would drop a `^` anyway), and JupyterLab's registry matches a saved version only against the
 * versions registered, so a newer duellab registers itself under each older version it reads.
 */
export const WIDGET_READS: readonly string[] = [WIDGET_VERSION];
export const MODEL_NAME = "DuelModel";
export const VIEW_NAME = "DuelView";

export const ViewKind = z.enum(["run", "weave", "graphite", "batch"]);
export type ViewKind = z.infer<typeof ViewKind>;

export interface WidgetState {
  view: ViewKind;
  run: RunState;
  /** A WeaveResult or GraphiteResult once there is one (partial results may arrive live). */
  result: unknown;
  /** Requests the kernel is working on for this view (e.g. a repair), so buttons can show it. */
  pending: string[];
}

/** Events a view sends to the kernel as comm `custom` messages. */
export type ViewEvent =
  | { type: "cancel" }
  /** `thinking` is sent only from slots that can switch thinking off (see supportsThinkingFlag). */
  | { type: "repair"; side: "a" | "b"; thinking?: boolean };

/** The fixed part of the state ipywidgets needs to find our model and view classes. */
export function widgetIdentity(): Record<string, string> {
  return {
    _model_name: MODEL_NAME,
    _model_module: WIDGET_MODULE,
    _model_module_version: WIDGET_VERSION,
    _view_name: VIEW_NAME,
    _view_module: WIDGET_MODULE,
    _view_module_version: WIDGET_VERSION,
  };
}
