// The `duellab` command line. The table of subcommands is ./commands.ts; each lives in its own file.
import { COMMANDS } from "./commands";

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([n, c]) => `  duellab ${n.padEnd(14)} ${c.help}`);
  return ["usage:", ...lines].join("\n");
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(usage() + "\n");
    return name ? 0 : 1;
  }
  const cmd = COMMANDS[name];
  if (!cmd) {
    process.stderr.write(`duellab: unknown command "${name}".\n${usage()}\n`);
    return 2;
  }
  return (await cmd.load())(rest);
}
