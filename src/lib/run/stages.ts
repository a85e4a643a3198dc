// The stepper every run shows on top: stages are marked as they really start and end, so the
// elapsed time per stage is measured, not estimated. Pure state; whoever listens publishes it.
import type { RunState, Stage } from "../schema/common";

export interface StageSpec {
  id: string;
  label: string;
}

export type RunListener = (state: RunState) => void;

export class RunTracker {
  private current: RunState;
  private readonly listeners: RunListener[] = [];

  constructor(
    title: string,
    stages: StageSpec[],
    private readonly now: () => number = Date.now,
  ) {
    this.current = {
      title,
      status: "idle",
      stages: stages.map((s): Stage => ({ ...s, status: "pending", startedAt: null, endedAt: null, detail: null })),
      startedAt: null,
      endedAt: null,
      error: null,
      cancellable: true,
    };
  }

  get state(): RunState {
    return this.current;
  }

  onChange(listener: RunListener): this {
    this.listeners.push(listener);
    return this;
  }

  /** Enter a stage: the previous active stage (if any) is done at this same instant. */
  enter(id: string, detail: string | null = null): void {
    const t = this.now();
    this.update((s) => {
      const stages = s.stages.map((st) => {
        if (st.status === "active") return { ...st, status: "done" as const, endedAt: t };
        if (st.id === id) return { ...st, status: "active" as const, startedAt: t, detail };
        return st;
      });
      if (!stages.some((st) => st.id === id)) throw new Error(`internal: unknown stage "${id}"`);
      return { ...s, status: "running", startedAt: s.startedAt ?? t, stages };
    });
  }

  /** Change the live detail line of the active stage (e.g. "A answered, waiting for B"). */
  detail(detail: string): void {
    this.update((s) => ({
      ...s,
      stages: s.stages.map((st) => (st.status === "active" ? { ...st, detail } : st)),
    }));
  }

  /** The run ended well: the active stage closes, the last stage (the settled state) is reached. */
  finish(): void {
    const t = this.now();
    this.update((s) => {
      const last = s.stages[s.stages.length - 1]?.id;
      const stages = s.stages.map((st) => {
        if (st.status === "active") return { ...st, status: "done" as const, endedAt: t };
        if (st.id === last && st.status === "pending") return { ...st, status: "done" as const, startedAt: t, endedAt: t };
        return st;
      });
      return { ...s, status: "done", endedAt: t, stages, cancellable: false };
    });
  }

  /** The run failed in the active stage (or the named one): the header names it and the message. */
  fail(message: string, stageId?: string): void {
    const t = this.now();
    this.update((s) => {
      const failed = stageId ?? s.stages.find((st) => st.status === "active")?.id ?? s.stages[0]?.id ?? "run";
      const stages = s.stages.map((st) => (st.id === failed ? { ...st, status: "error" as const, startedAt: st.startedAt ?? t, endedAt: t } : st));
      const label = s.stages.find((st) => st.id === failed)?.label ?? failed;
      return { ...s, status: "error", endedAt: t, stages, error: { stage: label, message }, cancellable: false };
    });
  }

  cancel(): void {
    const t = this.now();
    this.update((s) => ({
      ...s,
      status: "cancelled",
      endedAt: t,
      cancellable: false,
      stages: s.stages.map((st) => (st.status === "active" ? { ...st, status: "cancelled" as const, endedAt: t } : st)),
    }));
  }

  /** Re-open a finished run for follow-up work (a repair), starting at the named stage. */
  reopen(id: string): void {
    this.update((s) => ({ ...s, status: "running", endedAt: null, error: null, cancellable: true }));
    this.enter(id);
  }

  /** Measured milliseconds per finished stage. */
  durations(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const st of this.current.stages) {
      if (st.startedAt !== null && st.endedAt !== null) out[st.id] = st.endedAt - st.startedAt;
    }
    return out;
  }

  private update(fn: (s: RunState) => RunState): void {
    this.current = fn(this.current);
    for (const l of this.listeners) l(this.current);
  }
}
