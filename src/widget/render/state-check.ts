// Whether a saved widget state holds a result this build can draw, and if not, the one sentence a
// reader gets instead of a broken view: what does not match, which duellab wrote it, and which to
// install. Results that are still arriving (a running run publishes partial results) are not
// checked. Pure: unit-tested in Node.
import { BatchResult } from "../../lib/schema/batch";
import { GraphiteResult } from "../../lib/schema/graphite";
import { WeaveResult } from "../../lib/schema/weave";
import { WIDGET_VERSION, type WidgetState } from "../../lib/schema/widget";

const SCHEMAS = { weave: WeaveResult, graphite: GraphiteResult, batch: BatchResult } as const;
const checked = new WeakMap<object, string | null>();

/** -1, 0 or 1 for two x.y.z versions (pre-release tags ignored); null when either is not one. */
export function compareVersions(a: string, b: string): number | null {
  const parse = (v: string) => /^(\d+)\.(\d+)\.(\d+)/.exec(v)?.slice(1).map(Number);
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return null;
  for (let i = 0; i < 3; i++) if ((x[i] as number) !== (y[i] as number)) return (x[i] as number) < (y[i] as number) ? -1 : 1;
  return 0;
}

export function resultProblem(state: WidgetState, savedBy: unknown): string | null {
  const r = state.result as { kind?: unknown } | null;
  if (r === null || r === undefined || typeof r !== "object") return null;
  if (state.run?.status === "running") return null;
  const kind = typeof r.kind === "string" ? r.kind : "";
  const schema = (
    SCHEMAS as Record<string, { safeParse(v: unknown): { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } } }>
  )[kind];
  if (!schema) return null;
  const cached = checked.get(r);
  if (cached !== undefined) return cached;
  const parsed = schema.safeParse(r);
  let problem: string | null = null;
  if (!parsed.success) {
    const issue = parsed.error?.issues[0];
    const what = issue ? `${issue.path.join(".") || "the result"}: ${issue.message}` : "it does not parse";
    const saved = typeof savedBy === "string" ? savedBy.replace(/^[\^~=]/, "") : null;
    const order = saved ? compareVersions(saved, WIDGET_VERSION) : null;
    problem =
      order === 1
        ? `This ${kind} was saved by duellab ${saved}, newer than the duellab ${WIDGET_VERSION} drawing it here, and its result does not match what ${WIDGET_VERSION} reads (${what}): install duellab ${saved} or later to see it live; the static view saved beside the widget shows its numbers.`
        : `This ${kind}'s saved result does not match what duellab ${WIDGET_VERSION} reads (${what})${saved && order !== 0 ? `; it was saved by duellab ${saved}, so install duellab ${saved} to see it live` : ""}; the static view saved beside the widget shows its numbers.`;
  }
  checked.set(r, problem);
  return problem;
}
