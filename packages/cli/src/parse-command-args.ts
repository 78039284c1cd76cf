import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError } from './cli-error';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * node:util's parseArgs in strict mode, with its errors turned into one-line CliErrors so a
 * typo in an option exits 2 with a readable message rather than a stack trace. (--help never
 * gets here: runCli answers it for every command.)
 */
export function parseCommandArgs<T extends Options>(command: string, args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    // Node's messages go on to explain the "--" convention; the first sentence is the point.
    const message = (error instanceof Error ? error.message : String(error)).split(/\.(?:\s|$)/)[0];
    throw new CliError(`${message} (see citable help ${command})`);
  }
}

/** A whole number within [min, max], for options such as --max-pages. */
export function integerOption(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new CliError(`--${name} must be a whole number from ${min} to ${max}, not ${JSON.stringify(value)}`);
  }
  return n;
}

/** Exactly one positional argument, named in the error when it is missing or repeated. */
export function singlePositional(command: string, what: string, positionals: string[]): string {
  if (positionals.length === 0) throw new CliError(`citable ${command} needs a ${what} (see citable help ${command})`);
  if (positionals.length > 1) throw new CliError(`citable ${command} takes one ${what}, got ${positionals.length}: ${positionals.join(' ')}`);
  return positionals[0];
}
