// Test-only TypeScript (the scripted run) compiled for the kernel: one CommonJS file whose imports
// of the library point at the built dist/lib, so the kernel loads the same bridge as `duellab`.
import path from "node:path";
import { ROOT } from "./kernel";

export async function compileForKernel(entry: string, outfile: string): Promise<string> {
  const esbuild = await import("esbuild");
  const srcLib = path.join(ROOT, "src/lib");
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    logLevel: "warning",
    plugins: [
      {
        name: "library-from-dist",
        setup(b) {
          b.onResolve({ filter: /src\/lib\// }, (args) => {
            const abs = path.resolve(args.resolveDir, args.path);
            if (!abs.startsWith(srcLib)) return undefined;
            return { path: path.join(ROOT, "dist/lib", path.relative(srcLib, abs)).replace(/\.ts$/, "") + ".js", external: true };
          });
        },
      },
    ],
  });
  return outfile;
}
