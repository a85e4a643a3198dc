// How local judges actually answer when asked for JSON: fenced, introduced, with smart quotes,
// Python literals, trailing commas and single quotes. Pure renderers over a clean value, so the
// messy judge says exactly what the clean one says, only worse formatted.

const FENCE = (body: string) => `Sure! Here is the JSON:\n\`\`\`json\n${body}\n\`\`\``;

/** A JSON array of strings with smart double quotes and a trailing comma. */
export function messyStringArray(items: string[]): string {
  return FENCE(`[\n${items.map((s) => `  \u201c${s}\u201d,`).join("\n")}\n]`);
}

/** Python-dict style: single quotes, True/None extras, trailing commas everywhere. */
export function messyPairs(pairs: Array<{ a: number; b: number; relation: string; strength: number }>): string {
  const rows = pairs.map((p) => `    {'a': ${p.a}, 'b': ${p.b}, 'relation': '${p.relation}', 'strength': ${p.strength}, 'confident': True, 'note': None,},`);
  return FENCE(`{\n  'pairs': [\n${rows.join("\n")}\n  ],\n}`);
}

/** An object with smart-quoted keys and strings, Python literals and trailing commas. */
export function messyObject(value: Record<string, unknown>): string {
  const q = (s: string) => `\u201c${s}\u201d`;
  const lit = (v: unknown, depth: number): string => {
    if (v === null) return "None";
    if (v === true) return "True";
    if (v === false) return "False";
    if (typeof v === "string") return q(v);
    if (typeof v === "number") return String(v);
    if (Array.isArray(v)) return `[${v.map((x) => `${lit(x, depth + 1)},`).join(" ")}]`;
    const pad = "  ".repeat(depth + 1);
    const entries = Object.entries(v as Record<string, unknown>).map(([k, x]) => `${pad}${q(k)}: ${lit(x, depth + 1)},`);
    return `{\n${entries.join("\n")}\n${"  ".repeat(depth)}}`;
  };
  return FENCE(lit(value, 0));
}

/** What the broken judge says instead of JSON: prose with no brackets at all, so no ladder can parse it. */
export function brokenAnswer(kind: "extract" | "classify" | "chart" | "other"): string {
  const what = {
    extract: "The answer makes several points about the trade-offs involved, mostly sensible ones",
    classify: "The two lists overlap a good deal and disagree here and there, roughly speaking",
    chart: "Both charts have their merits and I would probably ship whichever one looks nicer",
    other: "I am not sure what is being asked",
  }[kind];
  return `${what}. I would rather describe it in my own words than commit to a format. Hope this helps`;
}
