import { isCrawlerError } from '@citable/crawler';
import { CliError, ErrorPageError, EXIT_ERROR_PAGE, EXIT_FAILURE, EXIT_OK } from './cli-error';
import { COMMANDS } from './commands';
import { generalUsage } from './commands/help';
import type { Io } from './io';
import cliPackage from '../package.json' with { type: 'json' };

/**
 * Dispatches argv to its command and turns every expected failure into one line on stderr and
 * exit code 2 (3 for an error page, which is not audited). Returns the exit code rather than
 * exiting, so output is flushed by the caller.
 */
export async function runCli(argv: string[], io: Io): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined) {
    io.stderr.write(generalUsage(COMMANDS));
    return EXIT_FAILURE;
  }
  // bin/citable.mjs answers these before loading the CLI; here for a CLI started another way (the test bundle).
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${cliPackage.version}\n`);
    return EXIT_OK;
  }
  if (name === '--help' || name === '-h') {
    io.stdout.write(generalUsage(COMMANDS));
    return EXIT_OK;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) return fail(io, `unknown command "${name}" (run citable help)`);
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout.write(`Usage: ${command.usage}\n`);
    return EXIT_OK;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof ErrorPageError) return fail(io, error.message, EXIT_ERROR_PAGE);
    if (error instanceof CliError) return fail(io, error.message);
    if (isCrawlerError(error)) return fail(io, withAllowListHint(error.code, error.message));
    // Anything else is a bug, not the user's doing: keep the stack for the report.
    io.stderr.write(`citable: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return EXIT_FAILURE;
  }
}

function fail(io: Io, message: string, code = EXIT_FAILURE): number {
  io.stderr.write(`citable: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
  return code;
}

/** A refused private address is usually a local test site: say how to allow it. */
function withAllowListHint(code: string, message: string): string {
  return code === 'BLOCKED_ADDRESS' ? `${message} (to audit it anyway, list the host in FETCH_ALLOW_HOSTS)` : message;
}
