// ipywidgets messaging protocol 2.1, pure: what goes into comm_open, update, echo_update and the
// display, and how binary buffers are put back into state. No I/O, so every rule here is unit-tested.
export const WIDGET_TARGET = "jupyter.widget";
export const PROTOCOL_VERSION = "2.1.0";
export const WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json";

export type JsonState = Record<string, unknown>;

/** State as it goes on the wire: JSON, with binary values moved out to buffers at their paths. */
export interface WireState {
  state: JsonState;
  buffer_paths: (string | number)[][];
  buffers: Uint8Array[];
}

export function splitBuffers(state: JsonState): WireState {
  const buffers: Uint8Array[] = [];
  const buffer_paths: (string | number)[][] = [];
  const walk = (v: unknown, at: (string | number)[]): unknown => {
    if (v instanceof Uint8Array) {
      buffers.push(v);
      buffer_paths.push(at);
      return null;
    }
    if (Array.isArray(v)) return v.map((x, i) => walk(x, [...at, i]));
    if (typeof v === "object" && v !== null && !(v instanceof Date)) {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, [...at, k])]));
    }
    return v;
  };
  return { state: walk(state, []) as JsonState, buffer_paths, buffers };
}

export function commOpenContent(commId: string, wire: WireState): Record<string, unknown> {
  return { comm_id: commId, target_name: WIDGET_TARGET, data: { state: wire.state, buffer_paths: wire.buffer_paths } };
}

/** A missing metadata.version makes the frontend reject the widget: it goes on every comm_open. */
export function commOpenMetadata(): Record<string, unknown> {
  return { version: PROTOCOL_VERSION };
}

export function updateContent(commId: string, wire: WireState, method: "update" | "echo_update" = "update"): Record<string, unknown> {
  return { comm_id: commId, data: { method, state: wire.state, buffer_paths: wire.buffer_paths } };
}

export function customContent(commId: string, content: unknown): Record<string, unknown> {
  return { comm_id: commId, data: { method: "custom", content } };
}

/**
 * The widget's own display: the widget view and the one-line summary. Its static fallbacks travel
 * in displays of their own (fallbackDisplay), because nbconvert, Quarto and VS Code show only the
 * widget view of an output whose model is in the saved state and drop its other types.
 */
export function displayBundle(commId: string, mime: { text: string }): Record<string, unknown> {
  const data: Record<string, unknown> = {
    "text/plain": mime.text,
    [WIDGET_VIEW_MIME]: { model_id: commId, version_major: 2, version_minor: 0 },
  };
  return { data, metadata: {}, transient: { display_id: commId } };
}

/** The two fallback displays beside a widget, each updatable by its own display id. */
export type FallbackPart = "picture" | "text";

export function fallbackDisplayId(commId: string, part: FallbackPart): string {
  return `${commId}-${part}`;
}

export function fallbackDisplay(
  commId: string,
  part: FallbackPart,
  data: Record<string, unknown>,
  metadata: Record<string, unknown> = {},
): Record<string, unknown> {
  return { data, metadata, transient: { display_id: fallbackDisplayId(commId, part) } };
}

/** comm_info_reply: every open comm, or only those of the asked target. */
export function commInfoReply(comms: Iterable<[string, string]>, targetName?: unknown): Record<string, unknown> {
  const out: Record<string, { target_name: string }> = {};
  for (const [id, target] of comms) {
    if (typeof targetName === "string" && targetName !== "" && target !== targetName) continue;
    out[id] = { target_name: target };
  }
  return { status: "ok", comms: out };
}

/** Put binary buffers back at their paths (ipywidgets sends them out of band). */
export function putBuffers(state: JsonState, paths: unknown, buffers: Uint8Array[]): JsonState {
  if (!Array.isArray(paths)) return state;
  const out: JsonState = structuredClone(state);
  paths.forEach((p, i) => {
    if (!Array.isArray(p) || p.length === 0 || buffers[i] === undefined) return;
    let obj: Record<string | number, unknown> = out;
    for (const k of p.slice(0, -1)) {
      const next = obj[k];
      if (typeof next !== "object" || next === null) return;
      obj = next as Record<string | number, unknown>;
    }
    obj[p[p.length - 1]] = buffers[i];
  });
  return out;
}

/** What a frontend comm_msg asks for, decoded once so the shell can switch on it. */
export type CommRequest =
  | { kind: "update"; state: JsonState }
  | { kind: "request_state" }
  | { kind: "custom"; content: unknown }
  | { kind: "unknown"; method: string };

export function decodeCommData(data: unknown, buffers: Uint8Array[]): CommRequest {
  const d = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
  const method = typeof d.method === "string" ? d.method : "";
  if (method === "update") {
    const state = (typeof d.state === "object" && d.state !== null ? d.state : {}) as JsonState;
    return { kind: "update", state: putBuffers(state, d.buffer_paths, buffers) };
  }
  if (method === "request_state") return { kind: "request_state" };
  if (method === "custom") return { kind: "custom", content: d.content };
  return { kind: "unknown", method };
}
