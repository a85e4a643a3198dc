// The errors duellab throws at its public edge, one model for all of them (as execa has one
// ExecaError and zod one ZodError). Pure: no I/O.
//
// - Input errors (WeaveInputError, GraphiteInputError, BatchInputError, SlotError, CsvError) share
//   `InputError`: the input was bad, nothing ran, the message says what to pass instead.
// - `RunError`: a run that started and did not finish: which run, which stage, why ("cancelled",
//   "stage-failed", "internal"), with what went wrong underneath kept as `cause` (a ProviderError,
//   a SandboxError, a bug). Its message is the one sentence the user reads ("Weave stopped at
//   "Asking": Model A could not answer: ...").
// - `SandboxError`: the chart sandbox itself failed (not the user's code: that is a run status).
// - Provider errors stay `ProviderError` (providers/errors.ts): they name slot, provider and model.
//
// `RunError` and `SandboxError` keep the name "Error" on purpose: the printed line of a failed run
// ("Error: Weave stopped at ...") is what notebooks and tests have always shown; tell them apart
// with `instanceof` and the fields, not by the name.

export type RunKind = "weave" | "graphite" | "repair" | "batch";

/** Why a run ended early: the user (or a signal) stopped it, a stage could not go on, or a bug. */
export type RunErrorReason = "cancelled" | "stage-failed" | "internal";

/** Bad input, said in one sentence that tells the user what to do. Nothing was run. */
export class InputError extends Error {
  override name = "InputError";
}

export class RunError extends Error {
  /** Which run: "weave", "graphite", "repair" (a graphite chart's repair) or "batch". */
  readonly run: RunKind;
  /** The stage id it stopped in ("asking", "executing", ...), or null before the first stage. */
  readonly stage: string | null;
  readonly reason: RunErrorReason;

  constructor(o: { run: RunKind; stage: string | null; reason: RunErrorReason; message: string; cause?: unknown }) {
    super(o.message, o.cause === undefined ? undefined : { cause: o.cause });
    this.run = o.run;
    this.stage = o.stage;
    this.reason = o.reason;
  }
}

/**
 * A stage that cannot go on, thrown inside a run and turned into a RunError at its edge. The
 * message is the stage's own sentence; the cause is what failed underneath.
 */
export class StageFailure extends Error {
  constructor(
    readonly stage: string,
    message: string,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

/** Thrown inside a run when its signal was aborted; turned into a RunError ("cancelled") at the edge. */
export class Cancelled extends Error {}

/**
 * start: the Python sandbox did not start; crashed: its process died during a run; unresponsive:
 * the supervisor gave no answer past the run's limit and was killed; protocol: a reply that is not
 * JSON, an error reply, or one that does not match the SandboxRun schema; closed: run() on a
 * sandbox that has ended; aborted: cancelled before it started (read as a cancellation, like a
 * ProviderError of kind "aborted").
 */
export type SandboxErrorKind = "start" | "crashed" | "unresponsive" | "protocol" | "closed" | "aborted";

/**
 * The sandbox could not run a snippet at all (its process would not start, died, spoke garbage, or
 * was closed). A snippet that ran and failed is not an error: it is a SandboxRun with a status.
 * The sandbox client (sandbox/sandbox.ts) is where these are meant to be thrown.
 */
export class SandboxError extends Error {
  readonly kind: SandboxErrorKind;
  constructor(kind: SandboxErrorKind, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.kind = kind;
  }
}
