// The worker thread pictures are drawn in (started by picture-offload.ts), so the kernel's event
// loop never waits for a graph layout or a PNG: progress, other cells' widgets and Cancel go on.
// Thin shell around drawPicture.
import { parentPort } from "node:worker_threads";
import { drawPicture } from "./picture-draw";

parentPort?.on("message", (m: { id: number; result: unknown; footer?: string }) => {
  parentPort?.postMessage({ id: m.id, picture: drawPicture(m.result, m.footer) });
});
