// Where a slot really sends its calls. A provider whose preset URL is a placeholder (the demo's
// "http://demo.invalid/v1" means "the in-process loopback demo server") registers how to resolve
// it here; the client knows only this seam, not the demo models behind it. The demo registers
// itself when demo/server.ts is loaded (the package entry point and the run shells load it).
import type { Slot } from "../slot/slot";

type Resolve = () => Promise<string>;
const resolvers = new Map<string, Resolve>();

/** `placeholder` is a preset base URL that is not a real address; `resolve` gives the real one. */
export function registerBaseUrl(placeholder: string, resolve: Resolve): void {
  resolvers.set(placeholder.replace(/\/+$/, ""), resolve);
}

export async function resolveBaseUrl(slot: Slot): Promise<string> {
  const resolve = resolvers.get(slot.baseUrl.replace(/\/+$/, ""));
  if (resolve) return resolve();
  if (slot.provider === "demo" && /\.invalid(?:[:/]|$)/.test(new URL(slot.baseUrl).host)) {
    throw new Error(`The demo provider is not loaded: import duellab (or its demo/server module) before calling a demo slot, or pass its baseUrl.`);
  }
  return slot.baseUrl;
}
