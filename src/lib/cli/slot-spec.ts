// A model slot as the command line writes it: provider:model with an optional @baseUrl. Shared by
// `duellab weave` and `duellab batch`. Pure.
import type { SlotInput } from "../slot/slot";
import { PROVIDERS } from "../schema/common";

/** "demo:atlas", "ollama:llama3.2", "custom:my-model@http://127.0.0.1:8000/v1". */
export function parseSlotSpec(flag: string, spec: string): SlotInput | { error: string } {
  const m = /^([a-z]+):([^@]+?)(?:@(\S+))?$/.exec(spec.trim());
  if (!m || !(PROVIDERS as readonly string[]).includes(m[1]!)) {
    return { error: `${flag} takes provider:model (provider one of ${PROVIDERS.join(", ")}), e.g. ${flag} demo:atlas; got "${spec}"` };
  }
  return { provider: m[1] as SlotInput["provider"], model: m[2]!, ...(m[3] ? { baseUrl: m[3] } : {}) };
}
