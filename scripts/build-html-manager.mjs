// Builds dist/widget/html-manager.js: the offline widget renderer that `duellab export` inlines into
// an exported notebook. One IIFE with @jupyter-widgets/html-manager, our widget module, its CSS
// and fonts, so the page needs neither a CDN nor require.js.
// Usage: node scripts/build-html-manager.mjs [--force]   (also run at the end of scripts/build.mjs)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "dist/widget/html-manager.js");
const force = process.argv.includes("--force");
const log = (m) => process.stderr.write(`duellab build: ${m}\n`);

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = 0;
  for (const e of fs.readdirSync(p)) t = Math.max(t, newest(path.join(p, e)));
  return t;
}

const inputs = [path.join(root, "src/widget"), path.join(root, "src/lib/schema"), path.join(root, "package-lock.json"), fileURLToPath(import.meta.url)];
const outTime = fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0;
if (force || outTime === 0 || Math.max(...inputs.map(newest)) > outTime) await build();

/**
 * Font Awesome lists each face five times (eot, woff2, woff, ttf, svg). Every browser that runs the
 * renderer reads woff2, so only that one is inlined: the others would add ~2.5 MB of base64.
 */
function keepWoff2Only(css) {
  return css.replace(/@font-face\s*{[^}]*}/g, (face) => {
    const woff2 = /url\(([^)]+\.woff2)\)\s*format\(["']woff2["']\)/.exec(face);
    if (!woff2) return face;
    const body = face
      .replace(/src\s*:[^;}]*;?/g, "")
      .replace(/}\s*$/, `;src:url(${woff2[1]}) format("woff2")}`)
      .replace(/;;+/g, ";")
      .replace(/{\s*;/, "{");
    return body;
  });
}

async function build() {
  const esbuild = (await import("esbuild")).default ?? (await import("esbuild"));
  const assetLoaders = {
    ".woff2": "dataurl",
    ".woff": "dataurl",
    ".ttf": "dataurl",
    ".eot": "dataurl",
    ".svg": "dataurl",
    ".png": "dataurl",
    ".gif": "dataurl",
  };

  // CSS from packages (Font Awesome, Lumino, the controls) is bundled with its fonts as data URLs
  // and injected as a <style> when the script runs. Our own CSS stays text, as in the JupyterLab
  // bundle (scripts/build.mjs), because the views inject it themselves.
  const cssPlugin = {
    name: "inline-package-css",
    setup(b) {
      b.onLoad({ filter: /\.css$/ }, async (args) => {
        if (!args.path.includes(`${path.sep}node_modules${path.sep}`)) {
          return { contents: fs.readFileSync(args.path, "utf8"), loader: "text" };
        }
        const r = await esbuild.build({
          stdin: { contents: keepWoff2Only(fs.readFileSync(args.path, "utf8")), resolveDir: path.dirname(args.path), loader: "css", sourcefile: args.path },
          bundle: true,
          write: false,
          minify: true,
          logLevel: "silent",
          loader: assetLoaders,
          outfile: "inline.css",
        });
        const css = r.outputFiles.find((f) => f.path.endsWith(".css"))?.text ?? "";
        const name = path.relative(path.join(root, "node_modules"), args.path);
        return {
          loader: "js",
          contents: `var s = document.createElement("style"); s.setAttribute("data-source", ${JSON.stringify(name)}); s.textContent = ${JSON.stringify(css)}; document.head.appendChild(s);`,
        };
      });
    },
  };

  log("bundling the offline widget renderer → dist/widget/html-manager.js");
  const ok = await esbuild
    .build({
      entryPoints: [path.join(root, "src/widget/html-manager/index.ts")],
      outfile: out,
      bundle: true,
      format: "iife",
      platform: "browser",
      target: "es2020",
      minify: true,
      legalComments: "none",
      logLevel: "warning",
      // nbconvert's page may carry require.js: a bundled Backbone/jQuery that sees an AMD `define`
      // registers itself there instead of initialising, and the widgets never render.
      define: { define: "undefined", "process.env.NODE_ENV": '"production"' },
      banner: { js: 'var __webpack_public_path__ = "";' },
      loader: assetLoaders,
      plugins: [cssPlugin],
    })
    .then(
      () => true,
      () => false,
    );
  if (!ok) {
    // esbuild has printed what failed; leave no stale renderer that exports would inline.
    fs.rmSync(out, { force: true });
    log("the offline widget renderer did not build (esbuild errors above); `duellab export` cannot render widgets until it does");
    process.exitCode = 1;
    return;
  }
  const kb = Math.round(fs.statSync(out).size / 1024);
  log(`offline widget renderer: ${kb} KB`);
}
