// A loopback CDN for browser tests, laid out like the real ones: jsDelivr (`/npm/<name>@<range>/<path>`),
// unpkg (`/<name>@<range>/<path>`) and cdnjs (`/ajax/libs/<library>/<version>/<file>`). It serves
// unpacked npm packages (what `npm pack` produced, or a package in node_modules), resolving a
// version range to the highest version it holds that satisfies it, as the real CDNs do, and 404s a
// name or range it cannot serve. `routeCdn` sends a Playwright context's requests for
// cdn.jsdelivr.net, unpkg.com and cdnjs.cloudflare.com to it and aborts every other request that
// leaves the page, so nothing can pass by reaching the internet. I/O shell (an HTTP server).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import semver from "semver";

export const CDN_HOSTS = ["cdn.jsdelivr.net", "unpkg.com", "cdnjs.cloudflare.com"] as const;

/** One version of one package: its name, version and the folder holding its files (package/). */
export interface CdnPackage {
  name: string;
  version: string;
  dir: string;
}

export interface Cdn {
  url: string;
  /** Every path asked of the server, with the status it got: what a page really loaded. */
  log: { host: string; path: string; status: number }[];
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  ".js": "application/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".svg": "image/svg+xml",
  ".map": "application/json",
};

/** A package as it sits in a folder (its package.json names it). */
export function packageAt(dir: string): CdnPackage {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version, dir };
}

/** `npm pack` of the checkout, unpacked into a temp folder: exactly what a CDN would serve once published. */
export function packCheckout(root: string, into = fs.mkdtempSync(path.join(os.tmpdir(), "duellab-pack-"))): CdnPackage {
  const r = spawnSync("npm", ["pack", "--json", "--pack-destination", into], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`npm pack failed (${r.status}): ${r.stderr.slice(-2000)}`);
  const file = (JSON.parse(r.stdout) as { filename: string }[])[0]?.filename;
  if (!file) throw new Error(`npm pack printed no file name: ${r.stdout.slice(0, 500)}`);
  const t = spawnSync("tar", ["-xzf", path.join(into, file), "-C", into], { encoding: "utf8" });
  if (t.status !== 0) throw new Error(`could not unpack ${file}: ${t.stderr}`);
  return packageAt(path.join(into, "package"));
}

/** Split `@scope/name@range/rest` or `name@range/rest` (the version may be absent). */
export function splitSpec(spec: string): { name: string; range: string; rest: string } | null {
  const m = /^((?:@[^/@]+\/)?[^/@]+)(?:@([^/]*))?(?:\/(.*))?$/.exec(spec);
  if (!m?.[1]) return null;
  return { name: m[1], range: decodeURIComponent(m[2] ?? "latest"), rest: m[3] ?? "" };
}

export async function startCdn(o: { packages: CdnPackage[]; requirejs: string }): Promise<Cdn> {
  const log: Cdn["log"] = [];
  const pick = (name: string, range: string): CdnPackage | undefined => {
    const versions = o.packages.filter((p) => p.name === name);
    if (range === "latest" || range === "") return versions.sort((a, b) => semver.rcompare(a.version, b.version))[0];
    const best = semver.maxSatisfying(
      versions.map((p) => p.version),
      range,
    );
    return versions.find((p) => p.version === best);
  };
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://x");
    const host = String(req.headers["x-cdn-host"] ?? "");
    let file: string | null = null;
    if (host === "cdnjs.cloudflare.com") {
      // require.js is the only library the widget pages take from cdnjs; any version is served the
      // one in node_modules, as the tests only need a working loader.
      if (/^\/ajax\/libs\/require\.js\/[^/]+\/require(\.min)?\.js$/.test(u.pathname)) file = o.requirejs;
    } else {
      const spec = host === "cdn.jsdelivr.net" ? u.pathname.replace(/^\/npm\//, "") : u.pathname.replace(/^\//, "");
      const s = splitSpec(spec);
      const p = s ? pick(s.name, s.range) : undefined;
      if (s && p) {
        const full = path.resolve(p.dir, s.rest);
        if (full.startsWith(p.dir + path.sep) && fs.existsSync(full) && fs.statSync(full).isFile()) file = full;
      }
    }
    const status = file ? 200 : 404;
    log.push({ host, path: u.pathname, status });
    if (!file) {
      res.writeHead(404, { "content-type": "text/plain", "access-control-allow-origin": "*" });
      res.end(`Couldn't find the requested file ${u.pathname}.`);
      return;
    }
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream", "access-control-allow-origin": "*" });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Route a context's CDN requests to the loopback CDN; abort everything else that is not the page's
 * own file, data or blob URL. Returns the URLs that were aborted (a page that needed one of them
 * would show it).
 */
export async function routeCdn(context: BrowserContext, cdn: Cdn | null): Promise<string[]> {
  const aborted: string[] = [];
  await context.route("**/*", async (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === "file:" || url.protocol === "data:" || url.protocol === "blob:") return route.continue();
    if (cdn && (CDN_HOSTS as readonly string[]).includes(url.hostname)) {
      const response = await route.fetch({
        url: `${cdn.url}${url.pathname}${url.search}`,
        headers: { ...route.request().headers(), "x-cdn-host": url.hostname },
      });
      return route.fulfill({ response });
    }
    if (url.hostname === "127.0.0.1" || url.hostname === "localhost") return route.continue();
    aborted.push(url.href);
    return route.abort("internetdisconnected");
  });
  return aborted;
}
