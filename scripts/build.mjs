// Builds what the checkout needs at run time, each part only when its sources changed:
//   dist/lib           the kernel-side library (tsc: JS + declarations tslab's TS 5.0 can read)
//   dist/widget        the browser bundles (esbuild): the JupyterLab plugin entry, the standalone view
//   dist/index.js      the widget as an AMD module, for html-manager (nbconvert, nbviewer, Quarto) and VS Code
//   labextension/      the prebuilt JupyterLab extension (@jupyterlab/builder, webpack)
// Usage: node scripts/build.mjs [--force] [--core-path <dir holding jupyterlab's core package.json>]
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const force = args.includes("--force");
const corePathArg = args.includes("--core-path") ? args[args.indexOf("--core-path") + 1] : null;

function newest(dir) {
  let t = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}
const stampTime = (f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0);
const touch = (f) => {
  fs.mkdirSync(path.dirname(f), { recursive: true });
  fs.writeFileSync(f, String(Date.now()));
};
const log = (m) => process.stderr.write(`duellab build: ${m}\n`);

const libStamp = path.join(root, "dist/.lib-stamp");
const srcTime = Math.max(newest(path.join(root, "src/lib")), stampTime(path.join(root, "tsconfig.json")));
if (force || srcTime > stampTime(libStamp)) {
  log("compiling src/lib → dist/lib");
  // tsc emits even when it reports type errors, so one unfinished file does not stop every other
  // part from running; test/types/typecheck.test.ts is what fails on them.
  try {
    execFileSync(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", root], { stdio: "inherit" });
  } catch {
    log("type errors above (output emitted anyway; `npm test` fails on them)");
  }
  touch(libStamp);
}

const esbuild = (await import("esbuild")).default ?? (await import("esbuild"));
const widgetStamp = path.join(root, "dist/.widget-stamp");
const widgetTime = Math.max(newest(path.join(root, "src/widget")), newest(path.join(root, "src/lib/schema")), srcTime);
let widgetRebuilt = false;
if (force || widgetTime > stampTime(widgetStamp)) {
  log("bundling src/widget → dist/widget");
  const common = { bundle: true, logLevel: "warning", loader: { ".css": "text" }, target: "es2020", minify: false, sourcemap: false };
  // The JupyterLab entry: @jupyter-widgets/base and JupyterLab come from the page at run time.
  await esbuild.build({
    ...common,
    entryPoints: [path.join(root, "src/widget/plugin.ts")],
    outfile: path.join(root, "dist/widget/plugin.js"),
    format: "esm",
    external: ["@jupyter-widgets/base", "@jupyterlab/*", "@lumino/*"],
  });
  // The renderer of the fallback displays (JupyterLab's mime extension): hides them while the widget is live.
  await esbuild.build({
    ...common,
    entryPoints: [path.join(root, "src/widget/mime.ts")],
    outfile: path.join(root, "dist/widget/mime.js"),
    format: "esm",
    external: ["@jupyter-widgets/base", "@jupyterlab/*", "@lumino/*"],
  });
  // The standalone view (exported HTML, no Jupyter): renders a result from inlined state.
  await esbuild.build({
    ...common,
    entryPoints: [path.join(root, "src/widget/standalone.ts")],
    outfile: path.join(root, "dist/widget/standalone.js"),
    format: "iife",
    globalName: "duellabView",
  });
  // The AMD module at dist/index.js (the widget cookiecutter's layout), for html-manager and VS Code.
  const amd = await esbuild.build({
    ...common,
    entryPoints: [path.join(root, "src/widget/amd.ts")],
    write: false,
    format: "cjs",
    platform: "browser",
    minify: true,
    external: ["@jupyter-widgets/base"],
  });
  fs.writeFileSync(path.join(root, "dist/index.js"), amdModule(amd.outputFiles[0].text));
  touch(widgetStamp);
  widgetRebuilt = true;
}

const extStamp = path.join(root, "labextension/.stamp");
if (force || widgetRebuilt || !fs.existsSync(extStamp) || stampTime(path.join(root, "package.json")) > stampTime(extStamp)) {
  const corePath = corePathArg ?? findCorePath();
  if (!corePath) {
    log("skipping the JupyterLab extension: no jupyterlab Python package found (run `npm run setup`)");
  } else {
    log("building the JupyterLab extension → labextension/");
    // The builder exposes the package's `main` too, which for duellab is the Node library; so the
    // extension is built from a small generated package whose main is the browser plugin alone.
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
    const stage = path.join(root, "dist", "labext-pkg");
    fs.rmSync(stage, { recursive: true, force: true });
    fs.mkdirSync(stage, { recursive: true });
    fs.copyFileSync(path.join(root, "dist/widget/plugin.js"), path.join(stage, "plugin.js"));
    fs.copyFileSync(path.join(root, "dist/widget/mime.js"), path.join(stage, "mime.js"));
    fs.writeFileSync(
      path.join(stage, "package.json"),
      JSON.stringify(
        {
          name: pkg.name,
          version: pkg.version,
          description: pkg.description,
          license: pkg.license,
          main: "plugin.js",
          dependencies: { "@jupyter-widgets/base": pkg.devDependencies["@jupyter-widgets/base"], "@lumino/widgets": "^2.0.0" },
          jupyterlab: { extension: "plugin.js", mimeExtension: "mime.js", outputDir: "../../labextension", sharedPackages: pkg.jupyterlab.sharedPackages },
        },
        null,
        2,
      ),
    );
    fs.rmSync(path.join(root, "labextension"), { recursive: true, force: true });
    execFileSync(process.execPath, [path.join(root, "node_modules/@jupyterlab/builder/lib/build-labextension.js"), "--core-path", corePath, stage], {
      stdio: ["ignore", "ignore", "inherit"],
      cwd: root,
    });
    touch(extStamp);
  }
}

/**
 * A CommonJS bundle as an anonymous AMD module: require.js names it after the path it was asked
 * for (html-manager asks for "duellab"), hands it the page's @jupyter-widgets/base, and gets the
 * exports back. Anything else the bundle asks for at run time is a build mistake, said as such.
 */
function amdModule(cjs) {
  return [
    "// duellab widget module (AMD): built by scripts/build.mjs from src/widget/amd.ts",
    'define(["@jupyter-widgets/base"], function (__jupyterWidgetsBase) {',
    "var module = { exports: {} }, exports = module.exports;",
    "var require = function (name) {",
    '  if (name === "@jupyter-widgets/base") return __jupyterWidgetsBase;',
    '  throw new Error("duellab: the widget module asked for " + name + ", which the page does not provide");',
    "};",
    cjs,
    "return module.exports;",
    "});",
    "",
  ].join("\n");
}

function findCorePath() {
  const lib = path.join(root, ".venv/lib");
  if (!fs.existsSync(lib)) return null;
  for (const py of fs.readdirSync(lib)) {
    const p = path.join(lib, py, "site-packages/jupyterlab/staging");
    if (fs.existsSync(path.join(p, "package.json"))) return p;
  }
  return null;
}

// The offline widget renderer for `duellab export` (its own script; it skips itself when fresh).
if (fs.existsSync(path.join(root, "scripts/build-html-manager.mjs"))) await import("./build-html-manager.mjs");
