import type { Io } from './io';

/**
 * One `citable <name>` subcommand. New groups (e.g. `citable admin ...`) are added as entries of
 * the command table in commands.ts; a group can dispatch its own sub-table from `run`.
 */
export interface Command {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** The full usage text of `citable help <name>`. */
  usage: string;
  /** Resolves to the exit code; throws CliError (or a CrawlerError) for a one-line failure. */
  run(args: string[], io: Io): Promise<number>;
}
