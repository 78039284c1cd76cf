/** Exit codes: 0 success, 1 score under --min-score, 2 the command could not do its job. */
export const EXIT_OK = 0;
export const EXIT_BELOW_MIN_SCORE = 1;
export const EXIT_FAILURE = 2;

/**
 * A failure the user can act on (bad arguments, missing file, unreachable site): main prints
 * its message as one line on stderr and exits with EXIT_FAILURE, without a stack trace.
 */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}
