// The built-in dataset with a secret: 215 working days of one team's build log. Two real signals
// are planted so a good chart has something to find: from 2025-01-15 a remote build cache makes
// every stack faster (a step change), and Swift builds run 2-4x slower than the rest throughout.
// Deterministic: a seeded PRNG, so every run, test and notebook sees the same bytes.

import { seededRng } from "../stats/prng";
export const BUILDLOG_COLUMNS = [
  "date",
  "weekday",
  "shipped",
  "stack",
  "tools",
  "build_seconds",
  "tests_run",
  "tests_failed",
  "lines_changed",
  "cache_enabled",
] as const;

export const BUILDLOG_START = "2024-09-02";
export const BUILDLOG_DAYS = 215;
export const CACHE_CUTOVER = "2025-01-15";
export const STACKS = ["TypeScript", "Python", "Go", "Kotlin", "Swift"] as const;

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** Typical uncached build time per stack, seconds. Swift is ~3x the others' mean. */
const BASE_SECONDS: Record<(typeof STACKS)[number], number> = {
  TypeScript: 150,
  Python: 110,
  Go: 85,
  Kotlin: 205,
  Swift: 430,
};

const TOOLS: Record<(typeof STACKS)[number], string> = {
  TypeScript: "npm;vitest;eslint",
  Python: "uv;pytest;ruff",
  Go: "go build;go test",
  Kotlin: "gradle;junit",
  Swift: "xcodebuild;xctest",
};

const WORK = [
  "checkout flow",
  "login fix",
  "search ranking",
  "billing export",
  "push notifications",
  "onboarding copy",
  "dark mode",
  "rate limiter",
  "audit log",
  "settings page",
  "image upload",
  "offline sync",
  "CSV import",
  "invoice PDF",
  "SSO",
  "crash fix",
  "dependency bump",
  "flaky test fix",
];

export interface BuildLogRow {
  date: string;
  weekday: string;
  shipped: string;
  stack: (typeof STACKS)[number];
  tools: string;
  build_seconds: number;
  tests_run: number;
  tests_failed: number;
  lines_changed: number;
  cache_enabled: 0 | 1;
}

/** The rows behind `buildLogCsv()`, for tests and for anyone who wants the data without parsing. */
export function buildLogRows(seed = 20250115): BuildLogRow[] {
  const rand = seededRng(seed);
  const rows: BuildLogRow[] = [];
  const day = new Date(`${BUILDLOG_START}T00:00:00Z`);
  // A shuffled rotation of the stacks (not independent draws) keeps every stack well represented
  // on both sides of the cut-over, so the step change is visible per stack.
  let bag: (typeof STACKS)[number][] = [];
  while (rows.length < BUILDLOG_DAYS) {
    const dow = day.getUTCDay();
    if (dow !== 0 && dow !== 6) {
      if (bag.length === 0) {
        bag = [...STACKS];
        for (let i = bag.length - 1; i > 0; i--) {
          const j = Math.floor(rand() * (i + 1));
          [bag[i], bag[j]] = [bag[j]!, bag[i]!];
        }
      }
      const stack = bag.pop()!;
      const date = day.toISOString().slice(0, 10);
      const cached = date >= CACHE_CUTOVER;
      const lines = Math.round(40 + rand() * rand() * 1400);
      // Build time: stack base, a little growth with change size, +-12% noise; the cache cuts it
      // to roughly 45-55% from the cut-over on.
      const noise = 0.88 + rand() * 0.24;
      const cacheFactor = cached ? 0.45 + rand() * 0.1 : 1;
      const seconds = Math.round(BASE_SECONDS[stack] * (1 + lines / 6000) * noise * cacheFactor);
      const testsRun = Math.round((stack === "Swift" ? 320 : 480) + rand() * 260);
      const failRoll = rand();
      const testsFailed = failRoll < 0.7 ? 0 : failRoll < 0.92 ? 1 + Math.floor(rand() * 3) : 4 + Math.floor(rand() * 9);
      rows.push({
        date,
        weekday: WEEKDAYS[dow]!,
        shipped: WORK[Math.floor(rand() * WORK.length)]!,
        stack,
        tools: TOOLS[stack],
        build_seconds: seconds,
        tests_run: testsRun,
        tests_failed: testsFailed,
        lines_changed: lines,
        cache_enabled: cached ? 1 : 0,
      });
    }
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return rows;
}

/** The build log as CSV text (header + 215 rows, `\n` line ends, no quoting needed). */
export function buildLogCsv(): string {
  const lines = [BUILDLOG_COLUMNS.join(",")];
  for (const r of buildLogRows()) lines.push(BUILDLOG_COLUMNS.map((c) => String(r[c])).join(","));
  return lines.join("\n") + "\n";
}
