// The run header: a stepper of the stages as they really happened, each with its measured time
// (ticking while active), how the run ended, the slots in play and a Cancel button.
import type { RunState, SlotPublic, Stage } from "../../lib/schema/common";
import type { ViewEvent } from "../../lib/schema/widget";
import { h, fill } from "./dom";
import { ms } from "./format";

export interface HeaderInput {
  run: RunState | null;
  result: unknown;
  send?: (e: ViewEvent) => void;
}

const STATUS_TEXT: Record<RunState["status"], string> = {
  idle: "waiting",
  running: "running",
  done: "done",
  error: "failed",
  cancelled: "cancelled",
};

/** Elapsed time of a stage: measured from its own timestamps, live against the clock while active. */
export function stageElapsed(st: Stage, now: number): number | null {
  if (st.startedAt === null) return null;
  if (st.endedAt !== null) return st.endedAt - st.startedAt;
  return st.status === "active" ? Math.max(0, now - st.startedAt) : null;
}

function slotsOf(result: unknown): Record<string, SlotPublic> {
  const slots = (result as { slots?: unknown } | null)?.slots;
  return slots && typeof slots === "object" ? (slots as Record<string, SlotPublic>) : {};
}

export class RunHeader {
  readonly el = h("div", { class: "dl-header" });
  private readonly top = h("div", { class: "dl-header-top" });
  private readonly stepper = h("ol", { class: "dl-stepper" });
  private readonly errorBox = h("div", { class: "dl-error", role: "alert", hidden: true });
  private stageKey = "";
  private timer: ReturnType<typeof setInterval> | null = null;
  private run: RunState | null = null;
  private topKey = "";

  constructor() {
    this.el.append(this.top, this.stepper, this.errorBox);
  }

  update(input: HeaderInput): void {
    const run = input.run;
    this.run = run;
    this.el.dataset.status = run?.status ?? "idle";
    this.renderTop(input);
    this.renderStages(run?.stages ?? []);
    if (run?.status === "error" && run.error) {
      this.errorBox.hidden = false;
      fill(this.errorBox, h("strong", {}, `Failed at ${run.error.stage}: `), run.error.message);
    } else {
      this.errorBox.hidden = true;
    }
    this.syncTimer();
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private renderTop(input: HeaderInput): void {
    const run = input.run;
    const slots = slotsOf(input.result);
    const demo = (input.result as { demo?: unknown } | null)?.demo === true;
    const canCancel = !!(run && run.status === "running" && run.cancellable && input.send);
    const key = JSON.stringify([run?.title, run?.status, slots, demo, canCancel]);
    if (key === this.topKey) return;
    this.topKey = key;
    const status = run?.status ?? "idle";
    const send = input.send;
    fill(
      this.top,
      h("span", { class: "dl-title" }, run?.title ?? "duellab"),
      h(
        "span",
        { class: "dl-run-status", "data-status": status },
        status === "running" ? h("span", { class: "dl-spinner", "aria-hidden": "true" }) : null,
        STATUS_TEXT[status],
      ),
      demo
        ? h(
            "span",
            { class: "dl-badge dl-badge-demo", title: "Every answer here came from duellab's built-in demo models, not a real provider." },
            "demo models",
          )
        : null,
      h("span", { class: "dl-spacer" }),
      ...Object.entries(slots).map(([name, sl]) =>
        h(
          "span",
          { class: "dl-slot", "data-slot": name, title: sl.baseUrl },
          h("b", {}, name === "judge" ? "judge" : name.toUpperCase()),
          ` ${sl.provider} · ${sl.model}`,
        ),
      ),
      canCancel && send
        ? h(
            "button",
            {
              class: "dl-btn duellab-cancel",
              type: "button",
              onclick: (e: Event) => {
                (e.currentTarget as HTMLButtonElement).disabled = true;
                send({ type: "cancel" });
              },
            },
            "Cancel",
          )
        : null,
    );
  }

  private renderStages(stages: Stage[]): void {
    const key = stages.map((s) => s.id).join("|");
    if (key !== this.stageKey) {
      this.stageKey = key;
      fill(
        this.stepper,
        stages.map((st) =>
          h(
            "li",
            { class: "dl-stage", "data-stage": st.id },
            h("span", { class: "dl-stage-dot", "aria-hidden": "true" }),
            h("span", { class: "dl-stage-label" }, st.label),
            h("span", { class: "dl-stage-time" }),
            h("span", { class: "dl-stage-detail" }),
          ),
        ),
      );
    }
    const now = Date.now();
    stages.forEach((st, i) => {
      const li = this.stepper.children[i] as HTMLElement;
      li.dataset.status = st.status;
      const time = li.querySelector(".dl-stage-time")!;
      const el = stageElapsed(st, now);
      time.textContent =
        st.status === "cancelled" ? `cancelled${el !== null ? ` after ${ms(el)}` : ""}` : st.status === "skipped" ? "skipped" : el === null ? "" : ms(el);
      li.querySelector(".dl-stage-detail")!.textContent = st.detail ?? "";
    });
  }

  private syncTimer(): void {
    const live = this.run?.status === "running" && this.run.stages.some((s) => s.status === "active");
    if (live && !this.timer) {
      this.timer = setInterval(() => {
        if (!this.el.isConnected && this.el.ownerDocument.body.contains(this.el) === false && this.run?.status !== "running") return this.dispose();
        if (this.run) this.renderStages(this.run.stages);
      }, 100);
    } else if (!live && this.timer) {
      this.dispose();
    }
  }
}
