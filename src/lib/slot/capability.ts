// Capability rules, detected from the slot and never assumed. Pure and import-free, so the kernel
// (what to send) and the widget (which toggles to offer) read the very same rule.

/** The thinking switch (`chat_template_kwargs: {enable_thinking: false}`) exists only here. */
export function supportsThinkingFlag(slot: { provider: string; model: string }): boolean {
  return slot.provider === "particle" && slot.model.trim().toLowerCase().startsWith("deepseek-");
}
