// Where each provider lives by default and which environment variable holds its key.
import type { Provider } from "../schema/common";

export interface Preset {
  label: string;
  /** null: the user must give baseUrl. The demo provider's URL is filled in when its server starts. */
  baseUrl: string | null;
  keyEnv: string | null;
  local: boolean;
}

export const PRESETS: Record<Provider, Preset> = {
  openai: { label: "OpenAI", baseUrl: "https://api.openai.com/v1", keyEnv: "OPENAI_API_KEY", local: false },
  openrouter: { label: "OpenRouter", baseUrl: "https://openrouter.ai/api/v1", keyEnv: "OPENROUTER_API_KEY", local: false },
  particle: { label: "Particle", baseUrl: "https://api.particle.ai/v1", keyEnv: "PARTICLE_API_KEY", local: false },
  ollama: { label: "Ollama", baseUrl: "http://127.0.0.1:11434/v1", keyEnv: null, local: true },
  lmstudio: { label: "LM Studio", baseUrl: "http://127.0.0.1:1234/v1", keyEnv: null, local: true },
  custom: { label: "OpenAI-compatible", baseUrl: null, keyEnv: null, local: false },
  demo: { label: "demo (offline)", baseUrl: "http://demo.invalid/v1", keyEnv: null, local: true },
};
