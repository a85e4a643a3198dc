// What can be known before a request is sent.
import { PRESETS } from "../slot/presets";
import type { Slot } from "../slot/slot";

/** A hosted provider at its own URL always wants a key: say so before sending anything. Behind a
 * custom baseUrl (a proxy, a gateway) a key may not be needed, so the call is tried. */
export function needsKeyFirst(slot: Slot): boolean {
  const preset = PRESETS[slot.provider];
  return !slot.apiKey && !!preset.keyEnv && !preset.local && slot.baseUrl === preset.baseUrl;
}
