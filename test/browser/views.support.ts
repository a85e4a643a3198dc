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
    viewport: { width: 1280, height: 900 }, acceptDownloads: true,
    reducedMotion: opts.reducedMotion ?? "no-preference", javaScriptEnabled: opts.javaScriptEnabled ?? true,
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
  page.on("console", (m) => { if (m.type() === "error") consoleErrors.push(m.text()); });
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
