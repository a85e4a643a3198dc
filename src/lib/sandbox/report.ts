// Human-readable text for a sandbox run and for the host's layers (CLI and doctor). Pure.
import type { SandboxRun, Layer } from "../schema/sandbox";

/** The portable core: POSIX only (fork, sessions and process groups, rlimits, waitpid, pipes), on every host. */
export const PORTABLE_LAYERS = ["rlimits", "filecap", "cleanenv", "supervisor"];
/** Layers used only where the host offers them, with the operating system that can. */
export const HOST_LAYERS: Record<string, "linux" | "darwin"> = {
  namespaces: "linux",
  landlock: "linux",
  seccomp: "linux",
  privileges: "linux",
  diskquota: "linux",
  pdeathsig: "linux",
  subreaper: "linux",
  pidfd: "linux",
  seatbelt: "darwin",
};
export const LAYER_ORDER = [
  "namespaces",
  "landlock",
  "seccomp",
  "privileges",
  "seatbelt",
  "pdeathsig",
  "subreaper",
  "pidfd",
  "diskquota",
  "rlimits",
  "filecap",
  "cleanenv",
  "supervisor",
];

export function formatLayers(layers: Record<string, Layer>): string[] {
  const names = [...LAYER_ORDER.filter((k) => k in layers), ...Object.keys(layers).filter((k) => !LAYER_ORDER.includes(k))];
  return names.map((k) => `  ${layers[k]!.on ? "on " : "OFF"}  ${k.padEnd(11)} ${layers[k]!.detail}`);
}

/** The doctor's report: the portable core, then each host layer (whether this host offers it and
 * why not), then what is missing among the layers this operating system could have. */
export function formatDoctor(layers: Record<string, Layer>, platform: string): string[] {
  const pick = (names: string[]) => Object.fromEntries(names.filter((k) => k in layers).map((k) => [k, layers[k]!]));
  const host = Object.keys(HOST_LAYERS);
  const other = Object.keys(layers).filter((k) => !host.includes(k) && !PORTABLE_LAYERS.includes(k));
  const out = [
    "portable core (POSIX: fork, sessions and process groups, rlimits, waitpid, pipes; every host):",
    ...formatLayers(pick([...PORTABLE_LAYERS, ...other])),
    `host layers (each used only where the host offers it; this host is ${platform}):`,
    ...formatLayers(pick(host)),
  ];
  const missing = Object.entries(layers)
    .filter(([k, l]) => !l.on && (HOST_LAYERS[k] === undefined || HOST_LAYERS[k] === platform))
    .map(([k]) => k);
  const elsewhere = host.filter((k) => k in layers && !layers[k]!.on && HOST_LAYERS[k] !== platform);
  out.push(
    missing.length
      ? `missing here: ${missing.join(", ")}; see sandbox/README.md for what is then not covered.`
      : "every layer this operating system can offer is active.",
  );
  if (elsewhere.length) out.push(`not for this operating system: ${elsewhere.join(", ")}.`);
  return out;
}

export function formatRun(r: SandboxRun): string {
  const out = [`status: ${r.status}   (${r.durationMs} ms)`];
  for (const [i, p] of r.pngs.entries())
    out.push(`png ${i + 1}: ${p.width}×${p.height}, bit depth ${p.bitDepth}, colour type ${p.colorType}, ${Math.round((p.base64.length * 3) / 4)} bytes`);
  for (const [i, f] of r.figures.entries()) {
    out.push(
      `figure ${i + 1}: ${f.figsizeIn[0]}×${f.figsizeIn[1]} in @ ${f.dpi} dpi; axes ${f.axes}, lines ${f.lines}, patches ${f.patches}, titles ${f.titles}, x labels ${f.xlabels}, y labels ${f.ylabels}, legends ${f.legends}; ` +
        `colours ${f.distinctColors.length} (${f.distinctColors.join(" ")}); overlapping text ${f.overlappingText ?? "n/a"}; outside ${f.outsideArtists ?? "n/a"}; empty axes ${f.emptyAxes}`,
    );
    for (const s of f.data)
      out.push(
        `  ${s.kind} on axes ${s.axes}${s.label ? ` "${s.label}"` : ""}: ${s.shape ? `${s.shape[0]} × ${s.shape[1]} cells` : `${s.x.length} points`}${s.truncated ? " (truncated)" : ""}`,
      );
  }
  for (const v of r.violations) out.push(`blocked: line ${v.line}: ${v.detail} [${v.rule}]`);
  if (r.traceback) out.push("traceback:", r.traceback.trimEnd());
  if (r.stdout) out.push("stdout:", r.stdout.trimEnd());
  if (r.stderr) out.push("stderr:", r.stderr.trimEnd());
  for (const n of r.notes) out.push(`note: ${n}`);
  out.push("layers:", ...formatLayers(r.layers));
  return out.join("\n");
}
