// Pictures drawn off the kernel's event loop: one worker thread, started on first use and kept
// (referenced only while a picture is being drawn, so it never holds a script open), draws each picture (picture-worker.ts); the
// kernel only posts the result and awaits the PNG. A worker that fails or takes longer than
// PICTURE_TIMEOUT_MS is ended and the picture's absence is said, never thrown. I/O shell.
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { Picture } from "./picture-draw";

export const PICTURE_TIMEOUT_MS = 30_000;

/** The worker's script: the compiled .js beside this file; under tsx (tests, benches) the .ts through tsx's require hook. */
function script(): { file: string; eval: boolean } {
  if (!__filename.endsWith(".ts")) return { file: path.join(__dirname, "picture-worker.js"), eval: false };
  return { file: `require(${JSON.stringify(require.resolve("tsx/cjs"))}); require(${JSON.stringify(path.join(__dirname, "picture-worker.ts"))});`, eval: true };
}

let worker: Worker | null = null;
let next = 1;
const waiting = new Map<number, (p: Picture) => void>();

function settleAll(reason: string): void {
  for (const [, resolve] of waiting) resolve({ reason });
  waiting.clear();
}

function start(): Worker {
  const s = script();
  // Not the parent's flags: under `node --test` they would make the worker a test runner too.
  const w = new Worker(s.file, { eval: s.eval, execArgv: [] });
  w.unref();
  w.on("message", (m: { id: number; picture: Picture }) => {
    const resolve = waiting.get(m.id);
    waiting.delete(m.id);
    resolve?.(m.picture);
    if (waiting.size === 0) w.unref();
  });
  const gone = (why: string) => {
    if (worker === w) worker = null;
    settleAll(why);
  };
  w.on("error", (e) => gone(`the picture worker failed (${e.message}).`));
  w.on("exit", (code) => gone(`the picture worker stopped (exit code ${code}).`));
  return w;
}

/** The picture of a result, drawn in the worker. */
export function drawPictureOffLoop(result: unknown, footer?: string): Promise<Picture> {
  worker ??= start();
  const w = worker;
  const id = next++;
  return new Promise<Picture>((resolve) => {
    const timer = setTimeout(() => {
      if (!waiting.has(id)) return;
      waiting.delete(id);
      resolve({ reason: `drawing it took longer than ${PICTURE_TIMEOUT_MS / 1000} s, so it was stopped.` });
      void w.terminate();
    }, PICTURE_TIMEOUT_MS);
    timer.unref();
    waiting.set(id, (p) => {
      clearTimeout(timer);
      resolve(p);
    });
    try {
      w.ref();
      w.postMessage({ id, result, footer });
    } catch (e) {
      waiting.delete(id);
      clearTimeout(timer);
      resolve({ reason: `the result could not be sent to the picture worker (${e instanceof Error ? e.message : String(e)}).` });
    }
  });
}
