// Where a slot really sends its calls. The demo provider's preset URL is a placeholder that means
// "the in-process loopback demo server", started on first use.
import { ensureDemoServer } from "../demo/server";
import { PRESETS } from "../slot/presets";
import type { Slot } from "../slot/slot";

export async function resolveBaseUrl(slot: Slot): Promise<string> {
  if (slot.provider === "demo" && slot.baseUrl === PRESETS.demo.baseUrl) return ensureDemoServer();
  return slot.baseUrl;
}
