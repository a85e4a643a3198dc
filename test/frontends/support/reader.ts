// What a reader of a rendered notebook page sees, read off the page in real Chromium: the live
// duellab widgets (with the nodes and charts each draws), the static fallbacks that are visible
// (their named numbers and whether their picture decoded), the summary lines, and any error
// placeholder a widget loader left (html-manager's "Click to show javascript error", JupyterLab's
// "Error displaying widget"). Shared by every front-end test, so each row of the README's
// front-end table is checked by the same reading.
import { after, before } from "node:test";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { chromiumOrSkip, CHROMIUM_ARGS } from "../../support/chromium";
import { type Cdn, packageAt, packCheckout, routeCdn, startCdn } from "../../support/cdn";
import { NAMED_VALUES_IN } from "../../support/named-values";
import { ROOT } from "./executed";

export interface LiveWidget {
  model: string;
  /** Circles per claim panel (data-panel), images (charts), rows of tables. */
  panels: Record<string, number>;
  circles: number;
  images: number;
}

export interface VisibleFallback {
  model: string;
  rows: [string, string][];
  text: string;
}

export interface Reading {
  live: LiveWidget[];
  fallbacks: VisibleFallback[];
  /** Visible pictures (decoded images) that are duellab fallbacks (alt or the output they sit in). */
  pictures: number;
  /** Error placeholders of widget loaders that are visible. */
  placeholders: string[];
  text: string;
}

/**
 * Reads the page. The reading runs in the page as source text, not as a compiled function: the
 * test compiler names inner functions with a helper the page does not have.
 */
export async function read(page: Page): Promise<Reading> {
  return (await page.evaluate(READ_IN_PAGE)) as Reading;
}

const READ_IN_PAGE = `(() => {
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === "none" || cs.visibility === "hidden") return false;
    }
    return true;
  };
  const live = Array.from(document.querySelectorAll(".duellab-root[data-duellab-model]")).filter(visible).map((el) => {
    const panels = {};
    for (const p of Array.from(el.querySelectorAll("[data-panel]"))) {
      const k = p.getAttribute("data-panel") || "?";
      panels[k] = (panels[k] || 0) + p.querySelectorAll("circle").length;
    }
    return {
      model: el.getAttribute("data-duellab-model") || "",
      panels,
      circles: el.querySelectorAll("svg circle").length,
      images: Array.from(el.querySelectorAll("article img")).filter((i) => i.naturalWidth > 0).length,
    };
  });
  const fallbacks = Array.from(document.querySelectorAll("[data-duellab-fallback]")).filter(visible).map((el) => ({
    model: el.getAttribute("data-duellab-fallback") || "",
    rows: ${NAMED_VALUES_IN}(el),
    text: el.innerText,
  }));
  const pictures = Array.from(document.querySelectorAll("img")).filter((img) => visible(img) && img.naturalWidth === 1200 && !img.closest(".duellab-root")).length;
  const placeholders = Array.from(document.querySelectorAll(".jupyter-widgets-error-widget, .jupyter-widgets"))
    .filter((el) => visible(el) && /Click to show javascript error|Error displaying widget|Failed to load/.test(el.innerText))
    .map((el) => el.innerText.slice(0, 200));
  return { live, fallbacks, pictures, placeholders, text: document.body.innerText };
})()`;

export interface Opened {
  page: Page;
  context: BrowserContext;
  errors: string[];
  aborted: string[];
  close(): Promise<void>;
}

/**
 * Opens a file with the loopback CDN standing in for jsDelivr, unpkg and cdnjs (or with none: the
 * reader is offline). Every other request that leaves the page is aborted.
 */
export async function openFile(browser: Browser, file: string, cdn: Cdn | null, o: { javaScriptEnabled?: boolean } = {}): Promise<Opened> {
  const context = await browser.newContext({ javaScriptEnabled: o.javaScriptEnabled ?? true });
  const aborted = await routeCdn(context, cdn);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto(`file://${file}`, { waitUntil: "load" });
  return { page, context, errors, aborted, close: () => context.close() };
}

/** Waits until `n` duellab widgets are drawn with content (the loader fetched the module and rendered). */
export async function widgetsDrawn(page: Page, n: number, timeout = 120_000): Promise<void> {
  await page.waitForFunction(
    (k) => Array.from(document.querySelectorAll(".duellab-root[data-duellab-model]")).filter((el) => el.querySelector(".dl-view, .dl-header")).length >= k,
    n,
    { timeout },
  );
}

/** The loopback CDN serving what `npm pack` produces (packed once per process), html-manager and require.js. */
let packed: ReturnType<typeof packCheckout> | null = null;
export async function loopbackCdn(extra: ReturnType<typeof packageAt>[] = []): Promise<Cdn> {
  packed ??= packCheckout(ROOT);
  return startCdn({
    packages: [packed, packageAt(path.join(ROOT, "node_modules/@jupyter-widgets/html-manager")), ...extra],
    requirejs: path.join(ROOT, "node_modules/requirejs/require.js"),
    jquery: path.join(ROOT, "node_modules/jquery/dist/jquery.min.js"),
  });
}

export function packedDuellab(): ReturnType<typeof packCheckout> {
  packed ??= packCheckout(ROOT);
  return packed;
}

/**
 * Console errors a reader's page shows whatever duellab does: html-manager first asks require.js
 * for the module by its bare name (a file next to the page, absent by design) before the CDN, and
 * nbconvert's page asks cdnjs for MathJax, which the tests do not serve.
 */
export function foreignErrors(errors: string[]): string[] {
  return errors.filter((e) => !/net::ERR_FILE_NOT_FOUND|status of 404|ERR_INTERNET_DISCONNECTED|ERR_FAILED/.test(e));
}

/**
 * One Chromium (launched on first use) and, with `cdn`, one loopback CDN for a test file; the
 * hooks that start and stop them are registered here.
 */
export function frontendSession(o: { cdn?: boolean; extra?: () => ReturnType<typeof packageAt>[] } = {}) {
  let browser: Browser | null = null;
  let cdn: Cdn | null = null;
  before(async () => {
    if (o.cdn) cdn = await loopbackCdn(o.extra?.() ?? []);
  });
  after(async () => {
    await browser?.close();
    await cdn?.close();
  });
  return {
    /** The browser, or null after the test was skipped (no Chromium; with CI set, it fails). */
    async browser(t: { skip(m?: string): void }): Promise<Browser | null> {
      const exe = chromiumOrSkip(t);
      if (!exe) return null;
      browser ??= await chromium.launch({ executablePath: exe, args: CHROMIUM_ARGS });
      return browser;
    },
    get cdn(): Cdn {
      if (!cdn) throw new Error("this session was made without a CDN");
      return cdn;
    },
  };
}
