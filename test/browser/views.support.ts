// Shared by the view and export browser tests: one headless Chromium with the network off (every
// request that is not a file: or data: URL is aborted and recorded), console errors collected.
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { CHROMIUM_ARGS, chromiumOrSkip } from "../support/chromium";

export const ROOT = path.resolve(__dirname, "../..");
export const FIXTURES = path.join(ROOT, "test/fixtures/results");

export function fixture<T = any>(name: string): T {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), "utf8")) as T;
}

export interface Offline {
  page: Page;
  context: BrowserContext;
  consoleErrors: string[];
  blockedRequests: string[];
}

export async function launch(t: { skip(m?: string): void }): Promise<Browser | null> {
  const exe = chromiumOrSkip(t);
  if (!exe) return null;
  const { chromium } = await import("playwright-core");
  return chromium.launch({ executablePath: exe, args: CHROMIUM_ARGS });
}

export async function offlinePage(browser: Browser, opts: { reducedMotion?: "reduce" | "no-preference"; javaScriptEnabled?: boolean } = {}): Promise<Offline> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
    reducedMotion: opts.reducedMotion ?? "no-preference",
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
  });
  await context.setOffline(true);
  const blockedRequests: string[] = [];
  await context.route(/.*/, (route) => {
    const url = route.request().url();
    if (url.startsWith("file:") || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
    blockedRequests.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
  page.on("pageerror", (e) => consoleErrors.push(`pageerror: ${e.message}`));
  return { page, context, consoleErrors, blockedRequests };
}

/** The standalone bundle (`npm test` builds it first; built here only when missing). */
export function standaloneBundle(): string {
  const file = path.join(ROOT, "dist/widget/standalone.js");
  if (!fs.existsSync(file)) {
    const { execFileSync } = require("node:child_process") as typeof import("node:child_process");
    execFileSync(process.execPath, [path.join(ROOT, "scripts/build.mjs")], { stdio: "ignore", cwd: ROOT });
  }
  return fs.readFileSync(file, "utf8");
}

/** A blank page that has the view bundle loaded and a recorder for the events views send. */
export async function viewPage(o: Offline, bundle: string): Promise<void> {
  const html = `<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div><script>${bundle.replace(/<\/script/gi, "<\\/script")}</script><script>window.__events=[];window.__host={send:function(e){window.__events.push(e)}};</script></body></html>`;
  const file = path.join(require("node:os").tmpdir(), `duellab-view-${process.pid}.html`);
  fs.writeFileSync(file, html);
  await o.page.goto(`file://${file}`);
}

/** axe-core's own script, injected into a page as text (nothing is fetched). */
export function axeSource(): string {
  return fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: string[];
}

/**
 * Runs axe-core in the page: on the whole document, or only inside the elements `include` selects
 * (our widget roots inside JupyterLab). Every violation of any impact, each with the elements and
 * axe's own reason, so a failing assertion says what to fix.
 */
export async function axe(page: Page, include?: string): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => !!(window as unknown as { axe?: unknown }).axe))) await page.addScriptTag({ content: axeSource() });
  return page.evaluate(async (inc) => {
    const run = (
      window as unknown as {
        axe: {
          run(
            ctx: unknown,
            opts: unknown,
          ): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[]; failureSummary?: string }> }> }>;
        };
      }
    ).axe.run;
    const r = await run(inc ? { include: [[inc]] } : document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => `${n.target.join(" ")} — ${(n.failureSummary ?? "").split("\n").slice(1).join(" ").trim()}`),
    }));
  }, include ?? null);
}

/** What has keyboard focus, in words a test can compare: "tab:graph", "node:a:a0", "button:Copy code", … */
export function describeFocusFn(): string {
  return `window.__describe = function (el) {
    if (!el || el === document.body || el === document.documentElement) return "body";
    if (el.dataset.tab) return "tab:" + el.dataset.tab;
    if (el.dataset.tabpanel) return "panel:" + el.dataset.tabpanel;
    if (el.classList.contains("dl-node")) return "node:" + el.closest("[data-panel]").dataset.panel + ":" + el.dataset.id;
    if (el.tagName === "SUMMARY") return "summary:" + el.textContent.trim().slice(0, 40);
    if (el.tagName === "BUTTON") return "button:" + (el.dataset.side ? el.dataset.side + ":" : "") + el.textContent.trim().slice(0, 40);
    if (el.getAttribute("aria-label")) return el.tagName.toLowerCase() + ":" + el.getAttribute("aria-label");
    if (el.tagName === "TR" && el.dataset.key) return "run:" + el.dataset.key;
    return el.tagName.toLowerCase() + "." + el.className;
  };`;
}

/**
 * Presses Tab until focus leaves the page (or `max` presses), describing where focus lands each
 * time; and, for every element that can take focus and is shown, the same description in DOM order.
 */
export async function tabWalk(page: Page, max = 400): Promise<{ walked: string[]; expected: string[] }> {
  await page.evaluate(describeFocusFn());
  const expected = await page.evaluate(() => {
    const els = Array.from(document.querySelectorAll<HTMLElement>("a[href], button, summary, input, select, textarea, [tabindex]")).filter(
      (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.checkVisibility(),
    );
    return els.map((el) => (window as unknown as { __describe(e: Element): string }).__describe(el));
  });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const walked: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const d = await page.evaluate(() => (window as unknown as { __describe(e: Element | null): string }).__describe(document.activeElement));
    if (d === "body" || d === walked[0]) break;
    walked.push(d);
  }
  return { walked, expected };
}
