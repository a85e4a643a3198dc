// Reads a subcommand's arguments with node:util `parseArgs` and turns what it finds into one
// sentence per mistake. Every command shares it: -h/--help anywhere asks for the usage; an unknown
// option, an option without its value, or a value given to a switch is refused. The command's own
// meaning of each value (a number, a provider:model) stays in the command. Pure.
import { parseArgs } from "node:util";

export interface OptionSpec {
  type: "string" | "boolean";
  short?: string;
  /** What to say after the flag when its value is missing; default "needs a value". */
  missing?: string;
}

export type Options = Record<string, OptionSpec>;

/** One option as written, in order: `name` is the long name, `raw` how the user wrote it (-o, --output). */
export interface Flag {
  name: string;
  raw: string;
  value: string | undefined;
}

export type Walk = { help: true } | { help: false; error: string } | { help: false; error: null };

/**
 * Walks the arguments in order, calling `onOption` for each known option and `onPositional` for
 * each plain argument; the first sentence either returns (or a structural mistake) ends the walk.
 * Without `onPositional`, a plain argument is refused as an unknown option, as the commands
 * always did.
 */
export function walkArgs(
  args: string[],
  options: Options,
  // biome-ignore lint/suspicious/noConfusingVoidType: most handlers only store the value and return nothing; a string is a mistake to report
  onOption: (flag: Flag) => string | null | void,
  // biome-ignore lint/suspicious/noConfusingVoidType: as above
  onPositional?: (value: string) => string | null | void,
): Walk {
  const config = Object.fromEntries(Object.entries(options).map(([k, o]) => [k, o.short ? { type: o.type, short: o.short } : { type: o.type }]));
  const { tokens } = parseArgs({ args, options: { ...config, help: { type: "boolean", short: "h" } }, strict: false, allowPositionals: true, tokens: true });
  if (tokens.some((t) => t.kind === "option" && t.name === "help")) return { help: true };
  for (const t of tokens) {
    if (t.kind === "option-terminator") continue;
    if (t.kind === "positional") {
      const said = onPositional ? onPositional(t.value) : `unknown option ${t.value}`;
      if (said) return { help: false, error: said };
      continue;
    }
    const spec = options[t.name];
    if (!spec) return { help: false, error: `unknown option ${t.rawName}` };
    if (spec.type === "string" && t.value === undefined) return { help: false, error: `${t.rawName} ${spec.missing ?? "needs a value"}` };
    if (spec.type === "boolean" && t.inlineValue) return { help: false, error: `${t.rawName} is a switch and takes no value` };
    const said = onOption({ name: t.name, raw: t.rawName, value: t.value });
    if (said) return { help: false, error: said };
  }
  return { help: false, error: null };
}

/** Whether the arguments ask for help (-h or --help as an option, not as some flag's value). */
export function wantsHelp(args: string[], options: Options = {}): boolean {
  return walkArgs(
    args,
    options,
    () => null,
    () => null,
  ).help;
}

/** The one line a usage mistake prints: an unknown option also says where the options are listed. */
export function mistake(command: string, error: string): string {
  const sentence = error.replace(/\.$/, "");
  return /^unknown option /.test(sentence)
    ? `duellab ${command}: ${sentence}; \`duellab ${command} --help\` lists the options.`
    : `duellab ${command}: ${sentence}.`;
}

/**
 * The shape of the commands that take one file and an optional `-o`: the file, the output if
 * given, or one sentence. `what` names the file in the sentences ("notebook", "notebook or result file").
 */
export function fileAndOutput(args: string[], options: Options, what: string): { input: string; output?: string } | { error: string } {
  let input: string | undefined;
  let output: string | undefined;
  const walk = walkArgs(
    args,
    options,
    ({ value }) => {
      output = value;
    },
    (value) => {
      if (input) return `one ${what} at a time (got "${input}" and "${value}")`;
      input = value;
      return null;
    },
  );
  if (walk.help) return { error: "-h/--help prints the usage and does nothing else" };
  if (walk.error) return { error: walk.error };
  if (!input) return { error: `give the ${what}` };
  return output ? { input, output } : { input };
}
