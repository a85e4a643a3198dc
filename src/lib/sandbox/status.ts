// The warm parent's answer to a ping (pure schema): what it is doing right now. Validated at the
// boundary like every reply from the Python side.
import { z } from "zod";

export const SandboxStatus = z.object({
  /** Runs executing now. */
  active: z.number().int().nonnegative(),
  /** Runs waiting for a free slot (or for the later warm-up, during which no child is forked). */
  waiting: z.number().int().nonnegative(),
  /** Each warm-up left out of the start, by the module it loads (seaborn): "pending" until the
   * first run has been answered and nothing runs, "loading", then "loaded", "not installed" or
   * "failed: …". A run's child has the module loaded only if it was forked after "loaded". */
  later: z.record(z.string(), z.string()),
  /** Each run executing now: what it holds on disk at this moment as the sandbox accounts it
   * (its run dir, and where the host lets it see them, files it deleted but keeps open or
   * mapped); null where that cannot be measured. */
  runs: z.array(z.object({ id: z.number(), diskBytes: z.number().nullable() })).optional(),
});
export type SandboxStatus = z.infer<typeof SandboxStatus>;
