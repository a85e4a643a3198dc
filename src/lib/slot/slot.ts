// A slot: one model, where it lives and how to reach it. Validated once at the boundary with
// messages a person understands; everything inside trusts the parsed value.
import { z } from "zod";
import { type Provider, PROVIDERS, type SlotPublic } from "../schema/common";
import { PRESETS } from "./presets";
import { redact } from "../errors/redact";
import { InputError } from "../errors/errors";

export const SlotInput = z.object(
  {
    provider: z.enum(PROVIDERS, {
      errorMap: () => ({ message: `provider must be one of ${PROVIDERS.join(", ")}` }),
    }),
    model: z
      .string({ required_error: 'model is required (a model id such as "gpt-4o-mini", or a demo persona)' })
      .trim()
      .min(1, "model is empty: name the model to call"),
    // zod's url() accepts "localhost:8000" (scheme "localhost:"); a provider needs http(s).
    baseUrl: z
      .string()
      .trim()
      .refine((u) => /^https?:\/\/[^/\s]+/i.test(u) && URL.canParse(u), "baseUrl must be a full URL such as http://127.0.0.1:11434/v1")
      .optional(),
    apiKey: z.string().optional(),
    temperature: z.number().min(0).max(2).optional(),
    maxTokens: z.number().int().positive().optional(),
    thinking: z.boolean().optional(),
  },
  { invalid_type_error: 'a slot is an object such as { provider: "demo", model: "analyst" }' },
);
export type SlotInput = z.input<typeof SlotInput>;

/** A validated slot with its preset applied. `apiKey` stays inside the client; see `publicSlot`. */
export interface Slot {
  provider: Provider;
  model: string;
  baseUrl: string;
  apiKey: string | null;
  /** Where the key came from, for error messages ("OPENAI_API_KEY", "apiKey option", or null). */
  keySource: string | null;
  temperature: number | undefined;
  maxTokens: number | undefined;
  thinking: boolean | undefined;
}

export class SlotError extends InputError {
  override name = "SlotError";
}

/** Validate a slot as the user wrote it; `name` ("a", "b", "judge") is named in every message. */
export function parseSlot(name: string, input: unknown, env: NodeJS.ProcessEnv = process.env): Slot {
  if (input === undefined || input === null) {
    throw new SlotError(`Slot ${name} is missing: pass ${name}: { provider: "demo", model: "..." } or a real provider.`);
  }
  const parsed = SlotInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join(".") || "slot";
    // Messages that already name their field ("provider must be one of ...") need no prefix.
    const prefix = field === "slot" || issue.message.startsWith(`${field} `) ? "" : `${field}: `;
    throw new SlotError(`Slot ${name}: ${prefix}${issue.message}.`);
  }
  const s = parsed.data;
  const preset = PRESETS[s.provider];
  const baseUrl = (s.baseUrl ?? preset.baseUrl ?? "").replace(/\/+$/, "");
  if (!baseUrl) {
    throw new SlotError(`Slot ${name}: provider "${s.provider}" has no default URL: set baseUrl (for example http://127.0.0.1:8000/v1).`);
  }
  let apiKey: string | null = s.apiKey ?? null;
  let keySource: string | null = apiKey ? "apiKey option" : null;
  if (!apiKey && preset.keyEnv) {
    const fromEnv = env[preset.keyEnv];
    if (fromEnv) {
      apiKey = fromEnv;
      keySource = preset.keyEnv;
    } else {
      keySource = preset.keyEnv;
    }
  }
  return {
    provider: s.provider,
    model: s.model,
    baseUrl,
    apiKey,
    keySource,
    temperature: s.temperature,
    maxTokens: s.maxTokens,
    thinking: s.thinking,
  };
}

/** What a result may say about a slot: never the key. */
export function publicSlot(slot: Slot): SlotPublic {
  return {
    provider: slot.provider,
    model: slot.model,
    // A key can hide in a URL (?key=..., user:pass@); a result must never carry it.
    baseUrl: redact(slot.baseUrl, [slot.apiKey]),
    temperature: slot.temperature ?? null,
    maxTokens: slot.maxTokens ?? null,
    thinking: slot.thinking ?? null,
  };
}

export { supportsThinkingFlag } from "./capability";
