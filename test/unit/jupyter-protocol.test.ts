// ipywidgets protocol 2.1 content, pure.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  commInfoReply,
  commOpenContent,
  commOpenMetadata,
  decodeCommData,
  displayBundle,
  fallbackDisplay,
  fallbackDisplayId,
  putBuffers,
  splitBuffers,
  updateContent,
  WIDGET_VIEW_MIME,
} from "../../src/lib/jupyter/protocol";

test("comm_open carries the state under data and protocol version 2.1.0 in metadata", () => {
  const wire = splitBuffers({ _model_name: "DuelModel", view: "run" });
  assert.deepEqual(commOpenContent("c1", wire), {
    comm_id: "c1",
    target_name: "jupyter.widget",
    data: { state: { _model_name: "DuelModel", view: "run" }, buffer_paths: [] },
  });
  assert.deepEqual(commOpenMetadata(), { version: "2.1.0" });
});

test("the widget's display holds the widget view and the summary only; the fallbacks have displays of their own", () => {
  const b = displayBundle("c1", { text: "t" }) as { data: Record<string, unknown>; transient: unknown };
  assert.deepEqual(b.data[WIDGET_VIEW_MIME], { model_id: "c1", version_major: 2, version_minor: 0 });
  assert.equal(b.data["text/plain"], "t");
  // nbconvert, Quarto and VS Code show only the widget view of an output whose model is saved:
  // a fallback kept in this bundle would be dropped exactly where it is needed.
  assert.deepEqual(Object.keys(b.data).sort(), [WIDGET_VIEW_MIME, "text/plain"].sort());
  assert.deepEqual(b.transient, { display_id: "c1" });
  const pic = fallbackDisplay("c1", "picture", { "image/png": "AAAA" }, { "image/png": { needs_background: "light" } }) as {
    transient: unknown;
    metadata: unknown;
  };
  const txt = fallbackDisplay("c1", "text", { "text/html": "<p>x</p>" }) as { transient: unknown };
  assert.deepEqual(pic.transient, { display_id: fallbackDisplayId("c1", "picture") });
  assert.deepEqual(txt.transient, { display_id: fallbackDisplayId("c1", "text") });
  assert.notEqual(fallbackDisplayId("c1", "picture"), fallbackDisplayId("c1", "text"));
  assert.deepEqual(pic.metadata, { "image/png": { needs_background: "light" } });
});

test("comm_info_reply lists every comm, or those of the asked target only", () => {
  const comms: [string, string][] = [
    ["a", "jupyter.widget"],
    ["b", "other"],
  ];
  assert.deepEqual(commInfoReply(comms), { status: "ok", comms: { a: { target_name: "jupyter.widget" }, b: { target_name: "other" } } });
  assert.deepEqual(commInfoReply(comms, ""), commInfoReply(comms));
  assert.deepEqual(commInfoReply(comms, "jupyter.widget"), { status: "ok", comms: { a: { target_name: "jupyter.widget" } } });
  assert.deepEqual(commInfoReply(comms, "jupyter.widget.control"), { status: "ok", comms: {} });
});

test("binary values leave the state as buffers at their paths, and come back", () => {
  const bytes = new Uint8Array([7, 8]);
  const wire = splitBuffers({ a: 1, img: bytes, deep: { list: [0, Buffer.from([1])] } });
  assert.deepEqual(wire.state, { a: 1, img: null, deep: { list: [0, null] } });
  assert.deepEqual(wire.buffer_paths, [["img"], ["deep", "list", 1]]);
  assert.deepEqual(
    wire.buffers.map((b) => [...b]),
    [[7, 8], [1]],
  );
  const back = putBuffers(wire.state, wire.buffer_paths, wire.buffers);
  assert.deepEqual([...(back.img as Uint8Array)], [7, 8]);
  assert.deepEqual([...(back.deep as { list: Uint8Array[] }).list[1]], [1]);
  assert.equal(wire.state.img, null, "putBuffers does not mutate its input");
});

test("putBuffers ignores paths that do not lead anywhere instead of throwing", () => {
  assert.deepEqual(putBuffers({ a: 1 }, [["x", "y"]], [new Uint8Array([1])]), { a: 1 });
  assert.deepEqual(putBuffers({ a: 1 }, "nonsense", []), { a: 1 });
  assert.deepEqual(putBuffers({ a: 1 }, [["b"]], []), { a: 1 });
});

test("update and echo_update carry the changed keys only", () => {
  assert.deepEqual(updateContent("c", splitBuffers({ pending: ["x"] })), {
    comm_id: "c",
    data: { method: "update", state: { pending: ["x"] }, buffer_paths: [] },
  });
  assert.equal((updateContent("c", splitBuffers({}), "echo_update").data as { method: string }).method, "echo_update");
});

test("frontend comm data decodes to what the kernel must do", () => {
  assert.deepEqual(decodeCommData({ method: "request_state" }, []), { kind: "request_state" });
  assert.deepEqual(decodeCommData({ method: "custom", content: { type: "cancel" } }, []), { kind: "custom", content: { type: "cancel" } });
  const up = decodeCommData({ method: "update", state: { b: null }, buffer_paths: [["b"]] }, [new Uint8Array([5])]);
  assert.equal(up.kind, "update");
  assert.deepEqual([...((up as { state: Record<string, unknown> }).state.b as Uint8Array)], [5]);
  assert.deepEqual(decodeCommData({ method: "frobnicate" }, []), { kind: "unknown", method: "frobnicate" });
  assert.deepEqual(decodeCommData(null, []), { kind: "unknown", method: "" });
});
