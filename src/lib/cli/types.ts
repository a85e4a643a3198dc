// What the command files share, kept apart from the command table (./commands.ts) so that a
// command file never imports the table that loads it. Pure types.

/** A subcommand: its arguments after the subcommand's name in, the process's exit code out. */
export type Command = (args: string[]) => Promise<number>;
