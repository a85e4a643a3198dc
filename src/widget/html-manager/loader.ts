// Resolves a widget module by name for the offline HTML manager. The page has no network and no
// require.js, so every module a saved notebook may name must already be in the bundle; a name or
// version we do not carry is refused with a sentence that says which one and what we do carry.
import { satisfies, validRange } from "semver";

export interface BundledModule {
  version: string;
  exports: Record<string, unknown>;
}

export type ModuleLoader = (moduleName: string, moduleVersion: string) => Promise<Record<string, unknown>>;

export function bundledLoader(modules: Record<string, BundledModule>): ModuleLoader {
  return async (moduleName, moduleVersion) => {
    // biome-ignore lint/suspicious/noPrototypeBuiltins: this runs in whatever browser opens the notebook; Object.hasOwn is newer than some of them.
    const m = Object.prototype.hasOwnProperty.call(modules, moduleName) ? modules[moduleName] : undefined;
    const carried =
      Object.entries(modules)
        .map(([n, b]) => `${n}@${b.version}`)
        .join(", ") || "none";
    if (!m) {
      throw new Error(`widget module "${moduleName}" is not bundled in this offline page (bundled: ${carried})`);
    }
    // An absent or malformed range is not a reason to show nothing: the saved state names the
    // module, and the module is ours.
    if (moduleVersion && validRange(moduleVersion) && !satisfies(m.version, moduleVersion)) {
      throw new Error(`widget module "${moduleName}" was saved for version ${moduleVersion}, but this page bundles ${m.version}`);
    }
    return m.exports;
  };
}
