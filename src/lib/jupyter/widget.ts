// One live widget: a comm to the frontend holding the duellab model's state. set() syncs at once;
// the frontend's request_state (a page reload) gets the whole state back, so the widget survives.
import { randomBytes } from "node:crypto";
import { widgetIdentity, type ViewEvent, type WidgetState } from "../schema/widget";
import { CommLayer } from "./comms";
import {
  commOpenContent,
  commOpenMetadata,
  customContent,
  displayBundle,
  type FallbackPart,
  fallbackDisplay,
  splitBuffers,
  updateContent,
  WIDGET_TARGET,
  type JsonState,
} from "./protocol";
import { inTslabKernel } from "./tslab";
import type { Header } from "./wire";

export interface WidgetHandle {
  readonly id: string;
  set(patch: Partial<WidgetState>): void;
  onEvent(h: (e: ViewEvent) => void): () => void;
  /** The widget display's one-line text/plain. */
  updateSummary(text: string): void;
  /** The fallback displays beside the widget (the picture and the text: snapshot/fallback.ts). */
  updateFallback(displays: Record<FallbackPart, { data: Record<string, unknown>; metadata: Record<string, unknown> }>): void;
  close(): void;
}

export type FallbackContent = Parameters<WidgetHandle["updateFallback"]>[0];

/** True only inside a running tslab kernel; false in plain Node, tests and scripts. */
export function inKernel(): boolean {
  return inTslabKernel();
}

/**
 * Show a live widget from the executing cell, followed by its fallback displays (`fallback`, made
 * for this widget's id); null outside a kernel (nothing is displayed).
 */
export function showWidget(initial: WidgetState, mime: { text: string }, fallback?: (modelId: string) => FallbackContent): WidgetHandle | null {
  if (!inKernel()) return null;
  const layer = CommLayer.get();
  return new LiveWidget(layer, layer.currentParent() ?? layer.executingParent(), initial, mime, fallback);
}

class LiveWidget implements WidgetHandle {
  readonly id = randomBytes(16).toString("hex");
  private state: JsonState;
  private readonly handlers = new Set<(e: ViewEvent) => void>();
  private closed = false;

  constructor(
    private readonly layer: CommLayer,
    private readonly origin: Partial<Header>,
    initial: WidgetState,
    mime: { text: string },
    fallback?: (modelId: string) => FallbackContent,
  ) {
    this.state = { ...widgetIdentity(), ...initial };
    layer.comms.set(this.id, {
      target: WIDGET_TARGET,
      onMessage: (req) => {
        if (req.kind === "update") {
          this.state = { ...this.state, ...req.state };
          this.sendState(req.state, "echo_update");
        } else if (req.kind === "request_state") {
          this.sendState(this.state);
        } else if (req.kind === "custom") {
          // Views only send {type: ...} events; anything else is a stray message, not an event.
          const e = req.content as { type?: unknown } | null;
          if (typeof e !== "object" || e === null || typeof e.type !== "string") return;
          for (const h of [...this.handlers]) h(e as ViewEvent);
        }
      },
      onClose: () => {
        this.closed = true;
      },
    });
    // comm_open must reach the frontend before the display that refers to it.
    const wire = splitBuffers(this.state);
    layer.publish("comm_open", commOpenContent(this.id, wire), origin, commOpenMetadata(), wire.buffers);
    layer.publish("display_data", displayBundle(this.id, mime), origin);
    const f = fallback?.(this.id);
    if (f)
      for (const part of ["picture", "text"] as const) layer.publish("display_data", fallbackDisplay(this.id, part, f[part].data, f[part].metadata), origin);
  }

  set(patch: Partial<WidgetState>): void {
    if (this.closed) return;
    this.state = { ...this.state, ...patch };
    this.sendState(patch as JsonState);
  }

  onEvent(h: (e: ViewEvent) => void): () => void {
    this.handlers.add(h);
    return () => this.handlers.delete(h);
  }

  updateSummary(text: string): void {
    this.layer.publish("update_display_data", displayBundle(this.id, { text }), this.parent());
  }

  updateFallback(displays: FallbackContent): void {
    for (const part of ["picture", "text"] as const) {
      this.layer.publish("update_display_data", fallbackDisplay(this.id, part, displays[part].data, displays[part].metadata), this.parent());
    }
  }

  /** Send a custom message to the view (not saved in notebooks: never put needed state here). */
  custom(content: unknown): void {
    if (!this.closed) this.publish(customContent(this.id, content));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.layer.comms.delete(this.id);
    this.layer.publish("comm_close", { comm_id: this.id, data: {} }, this.parent());
  }

  /** Parent of what is sent now: the message being handled, else the cell that made the widget. */
  private parent(): Partial<Header> {
    return this.layer.currentParent() ?? this.origin;
  }

  private sendState(state: JsonState, method: "update" | "echo_update" = "update"): void {
    const wire = splitBuffers(state);
    this.publish(updateContent(this.id, wire, method), wire.buffers);
  }

  private publish(content: Record<string, unknown>, buffers: Uint8Array[] = []): void {
    this.layer.publish("comm_msg", content, this.parent(), {}, buffers);
  }
}
