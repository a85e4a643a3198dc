// What graphite's stages need from the run they are part of (GraphiteSession implements it), and
// the two sides. Kept apart from ../session.ts so the stages and the session do not import each
// other. Types and two constants; pure.
import type { RunCall } from "../../run/call";
import type { RunDeps } from "../../run/deps";
import type { LiveRun } from "../../run/live";
import type { Attempt, GraphiteResult } from "../../schema/graphite";
import type { Slot } from "../../slot/slot";
import type { CsvHead } from "../csv-transfer";

export const SIDES = ["a", "b"] as const;
export type Side = (typeof SIDES)[number];
export const label = (s: Side) => s.toUpperCase();

/** A coder's answer before it is run: the attempt without its sandbox run, and whether it was prose. */
export interface Asked {
  attempt: Omit<Attempt, "run">;
  prose: boolean;
}

export interface StageSession {
  readonly result: GraphiteResult;
  readonly slots: Record<Side | "judge", Slot>;
  /** The CSV without its rows (the checks read its text again in their workers). */
  readonly csv: CsvHead;
  readonly live: LiveRun;
  readonly deps: Pick<RunDeps, "sandbox">;
  /** The coder prompt both sides got (byte-identical), the base of every repair prompt. */
  readonly basePrompt: string;
  readonly sandboxTimeoutMs: number | undefined;
  /** Judge runs per scoring. */
  readonly judgeRuns: number;
  /** One model call, recorded into the result. */
  readonly call: RunCall;
  publish(): void;
}
