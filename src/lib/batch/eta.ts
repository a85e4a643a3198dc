// Time left, from this session's own pace: items finished here per elapsed millisecond. Items
// taken from a results file cost no time, so they do not speed the estimate up. Pure.

export function etaMs(o: { finishedHere: number; elapsedMs: number; remaining: number }): number | null {
  if (o.remaining <= 0) return 0;
  if (o.finishedHere <= 0 || o.elapsedMs <= 0) return null;
  return Math.round((o.elapsedMs / o.finishedHere) * o.remaining);
}
