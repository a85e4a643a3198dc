// One repair pass for one chart: the same slot gets the original prompt, the code that failed and
// the sandbox's verbatim traceback (or the rule that refused it), writes new code; the sandbox
// runs it; the judge re-scores both charts. Each attempt is kept. The widget's repair button and
// `result.repair(side)` both land here; a second request while one is running joins it.
import { buildRepairPrompt } from "./prompt";
import { errorKind, errorText } from "../errors/record";
import { RunError } from "../errors/errors";
import { label, type GraphiteSession, type Side } from "./session";
import { graphiteSummary } from "./summary";
import { publicSlot, supportsThinkingFlag } from "../slot/slot";

export interface RepairOptions {
  /** For slots that support it (Particle, deepseek-*): let the model think (true) or not (false). */
  thinking?: boolean;
}

const inFlight = new WeakMap<GraphiteSession, Map<Side, Promise<void>>>();

export function repairChart(session: GraphiteSession, side: Side, opts: RepairOptions = {}): Promise<void> {
  if (side !== "a" && side !== "b") return Promise.reject(new Error(`repair() takes "a" or "b" (got ${JSON.stringify(side)}).`));
  let mine = inFlight.get(session);
  if (!mine) inFlight.set(session, (mine = new Map()));
  const running = mine.get(side);
  if (running) return running;
  const p = repairOnce(session, side, opts).finally(() => {
    mine!.delete(side);
    session.live.setPending([...mine!.keys()].map((s) => `repair-${s}`));
  });
  mine.set(side, p);
  session.live.setPending([...mine.keys()].map((s) => `repair-${s}`));
  return p;
}

async function repairOnce(session: GraphiteSession, side: Side, opts: RepairOptions): Promise<void> {
  const { result, live } = session;
  // The thinking switch is honoured only where the capability rule says the flag can be sent;
  // anywhere else it is ignored rather than sent to a provider that would reject it.
  if (opts.thinking !== undefined && supportsThinkingFlag(session.slots[side])) {
    session.slots[side] = { ...session.slots[side], thinking: opts.thinking };
    result.slots[side] = publicSlot(session.slots[side]);
  }
  const { tracker } = live;
  const chart = result.charts[side];
  const S = label(side);
  if (chart.error) throw new Error(`Chart ${S} has no code to repair: model ${S} could not be asked (${chart.error}). Run graphite() again.`);
  if (chart.run.status === "ok") throw new Error(`Chart ${S} rendered (status ok), so there is no crash to repair.`);

  // A repair has its own cancel: the run's signal may already have been used up by an earlier Cancel.
  const controller = new AbortController();
  const onCancel = () => controller.abort(new DOMException("The repair was cancelled.", "AbortError"));
  live.onEvent((e) => {
    if (e?.type === "cancel") onCancel();
  });
  if (!live.signal.aborted) live.signal.addEventListener("abort", onCancel, { once: true });
  const signal = controller.signal;

  const n = chart.attempts.filter((a) => a.kind === "repair").length + 1;
  const refusal = chart.run.violations.length ? chart.run.violations.map((v) => `${v.rule} (line ${v.line}): ${v.detail}`).join("\n") : null;
  const prompt = buildRepairPrompt({ basePrompt: session.basePrompt, code: chart.code, traceback: chart.run.traceback, refusal, attempt: n });

  tracker.reopen("asking");
  tracker.detail(`Model ${S} is reading its traceback and rewriting the code (repair ${n})`);
  try {
    const asked = await session.ask(side, `${S}-repair`, prompt, n, signal);
    if (signal.aborted) throw signal.reason;
    tracker.enter("executing", `Running chart ${S}'s repaired code in the sandbox`);
    await live.yieldToLoop();
    const run = await session.execute(side, asked.attempt.code, signal);
    if (signal.aborted) throw signal.reason;
    await session.settle(side, asked, run);
    session.publish();
    tracker.enter("judging", "The judge is re-scoring both charts");
    await live.yieldToLoop();
    await session.judge((result.judge?.round ?? 0) + 1, signal);
    if (signal.aborted) throw signal.reason;
    tracker.enter("finished");
    session.publish();
    tracker.finish();
    await live.fallback({ text: graphiteSummary(result) });
  } catch (e) {
    const active = tracker.state.stages.find((s) => s.status === "active");
    const stage = active?.label.toLowerCase() ?? "running";
    if (signal.aborted || errorKind(e) === "aborted") {
      if (tracker.state.status === "running") tracker.cancel();
      throw new RunError({ run: "repair", stage: active?.id ?? null, reason: "cancelled", message: `The repair of chart ${S} was cancelled while ${stage}.` });
    }
    const message = `The repair of chart ${S} failed while ${stage}: ${errorText(e)}`;
    result.warnings.push(message);
    tracker.fail(errorText(e));
    session.publish();
    throw new RunError({ run: "repair", stage: active?.id ?? null, reason: "stage-failed", message, cause: e });
  } finally {
    live.signal.removeEventListener("abort", onCancel);
  }
}
