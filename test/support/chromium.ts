// Where the browser tests find Chromium. No Chromium: a loud SKIP line and the test is skipped,
// unless CI is set, where a missing browser is a failure (CI installs it).
import fs from "node:fs";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const wanted = env.DUELLAB_CHROMIUM ? [env.DUELLAB_CHROMIUM] : CANDIDATES;
  return wanted.find((p) => fs.existsSync(p)) ?? null;
}

/**
 * The Chromium to use, or null after skipping the test with a loud line. With CI set it throws, so
 * a CI run without a browser cannot pass by skipping everything.
 */
export function chromiumOrSkip(t: { skip(message?: string): void }, env: NodeJS.ProcessEnv = process.env): string | null {
  const found = findChromium(env);
  if (found) return found;
  const where = env.DUELLAB_CHROMIUM ? `DUELLAB_CHROMIUM=${env.DUELLAB_CHROMIUM}` : CANDIDATES.join(", ");
  if (env.CI) throw new Error(`no Chromium found (looked at ${where}) and CI is set: install it (Debian: apt-get install chromium).`);
  process.stdout.write(
    `\n${"!".repeat(72)}\nSKIP: no Chromium found (looked at ${where}); browser tests did not run. Install chromium or set DUELLAB_CHROMIUM.\n${"!".repeat(72)}\n\n`,
  );
  t.skip("no Chromium found");
  return null;
}
