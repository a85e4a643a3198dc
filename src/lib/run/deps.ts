// What a run needs from the world, injected in one object the same way for weave, graphite and
// their batches: the model client, the sandbox, the live widget, the clock, and where ids and
// nonces come from. Tests replace any of them (a fake callModel, a scripted sandbox, a widget that
// records). The defaults are the real ones; loading this module also registers the demo
// provider's loopback server with the client's base-URL seam, so a demo slot works in every run.
import { randomBytes, randomUUID } from "node:crypto";
import "../demo/server";
import { callModel as realCallModel } from "../providers/client";
import type { CallRequest, CallResult } from "../providers/contract";
import type { SandboxRun } from "../schema/sandbox";
import { startLiveRun, type LiveRun, type LiveRunOptions } from "./live";

export type CallModel = (req: CallRequest) => Promise<CallResult>;

/** The part of the sandbox a run uses: one snippet in, one measured run out. */
export interface SandboxLike {
  run(req: { code: string; files?: Record<string, string | Uint8Array>; timeoutMs?: number; signal?: AbortSignal }): Promise<SandboxRun>;
}

export interface RunDeps {
  callModel: CallModel;
  /** The warm sandbox, started on first use (weave never asks for it). */
  sandbox: () => Promise<SandboxLike>;
  /** The live run (widget); tests pass one that records what the widget would receive. */
  startLive: (o: LiveRunOptions) => LiveRun;
  /** Wall-clock milliseconds, for createdAt and the total time. */
  now: () => number;
  newRunId: () => string;
  /** The per-run nonce every prompt carries, so no two runs send the same bytes. */
  newNonce: () => string;
}

export const defaultRunDeps: RunDeps = {
  callModel: realCallModel,
  // Loaded on first use: a weave never pays for the sandbox module.
  sandbox: async () => (await import("../sandbox/sandbox.js")).sharedSandbox(),
  startLive: startLiveRun,
  now: Date.now,
  newRunId: randomUUID,
  newNonce: () => randomBytes(8).toString("hex"),
};

/** The real deps with the given ones put in their place. */
export function runDeps(given: Partial<RunDeps> = {}): RunDeps {
  const out = { ...defaultRunDeps };
  for (const [k, v] of Object.entries(given) as [keyof RunDeps, RunDeps[keyof RunDeps] | undefined][]) {
    if (v !== undefined) (out as Record<keyof RunDeps, unknown>)[k] = v;
  }
  return out;
}
