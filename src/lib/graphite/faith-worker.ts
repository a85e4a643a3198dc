// The worker thread the faithfulness check runs in (started by faith-offload.ts), so the kernel's
// event loop never waits for the check's search: progress, other cells' widgets and Cancel go on.
// Says "ready" once loaded, "started" when a check's time limit should start, then the answer.
// Thin shell around faith-answer.ts.
import { parentPort } from "node:worker_threads";
import { answer, type FaithRequest } from "./faith-answer";

parentPort?.on("message", (m: FaithRequest) => {
  parentPort?.postMessage(answer(m, () => parentPort?.postMessage({ id: m.id, started: true })));
});
parentPort?.postMessage({ ready: true });
