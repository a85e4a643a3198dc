// The two functions of `semver` (bundled by @jupyter-widgets/html-manager anyway) that the loader
// uses; the package ships no types and @types/semver is not installed.
declare module "semver" {
  export function satisfies(version: string, range: string): boolean;
  export function validRange(range: string): string | null;
}
