// What every judge call of every run sends besides its prompt: the system line and the
// temperature. One place, so weave's and graphite's judges cannot drift apart. Pure.

/** The judge's system message: the parse ladder expects JSON and nothing else. */
export const JUDGE_SYSTEM = "You are a strict JSON API. Output only valid JSON.";

/** A judge samples at temperature 0 (a judge slot's own temperature wins where a run allows it). */
export const JUDGE_TEMPERATURE = 0;
