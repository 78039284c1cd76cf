import { CliError, EXIT_CODES_HELP, EXIT_OK } from '../cli-error';
import type { Command } from '../command';

/** The top-level usage: every command of the table with its summary. */
export function generalUsage(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((command) => command.name.length)) + 2;
  return [
    'Usage: citable <command> [options]',
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.name.padEnd(width)}${command.summary}`),
    '',
    'citable --version prints the version.',
    'Run citable help <command> for its options. Private and local addresses are refused unless',
    'listed in FETCH_ALLOW_HOSTS (e.g. FETCH_ALLOW_HOSTS=127.0.0.1,localhost).',
    'Remote mode: with CITABLE_API_KEY set, citable audit runs on a Citable server (--server URL or',
    'CITABLE_SERVER) through its public API, and citable mcp serves that server\'s MCP tools.',
    EXIT_CODES_HELP,
    '',
  ].join('\n');
}

/** `citable help [command]`; takes the table it describes, which also contains it. */
export function helpCommand(commands: () => readonly Command[]): Command {
  return {
    name: 'help',
    summary: 'show this help, or a command\'s options',
    usage: 'citable help [command]',
    async run(args, io) {
      const [name] = args;
      if (name === undefined) {
        io.stdout.write(generalUsage(commands()));
        return EXIT_OK;
      }
      const command = commands().find((candidate) => candidate.name === name);
      if (!command) throw new CliError(`unknown command "${name}" (run citable help)`);
      io.stdout.write(`Usage: ${command.usage}\n`);
      return EXIT_OK;
    },
  };
}
