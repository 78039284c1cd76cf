import type { ErrorPage } from '@citable/contract';

/**
 * Exit codes: 0 success, 1 a gate failed (a score under --fail-under, a failed --assert, a
 * regression with --fail-on-regression), 2 the command could not do its job, 3 the page is an
 * error page (4xx, 5xx or a soft 404; a crawl: every page read was one) and was not audited.
 * A run of many pages exits with the highest code any of its pages or gates gives.
 */
export const EXIT_OK = 0;
export const EXIT_GATE_FAILED = 1;
export const EXIT_FAILURE = 2;
export const EXIT_ERROR_PAGE = 3;
/** Ctrl-C stopped the command (128 + SIGINT, as shells report it). */
export const EXIT_INTERRUPTED = 130;

/** The exit codes as the help prints them. */
export const EXIT_CODES_HELP =
  'Exit codes: 0 done, 1 a gate failed (--fail-under, --assert, --fail-on-regression), 2 the command could\nnot run, 3 an error page (4xx, 5xx or a soft 404) that was not audited; with many pages, the highest.';

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

/**
 * The page answered 4xx/5xx or is a soft 404: error pages are not audited. main prints the message
 * as one line on stderr and exits with EXIT_ERROR_PAGE, so a script can tell it from a failure.
 */
export class ErrorPageError extends CliError {
  constructor(
    message: string,
    readonly errorPage: ErrorPage,
  ) {
    super(message);
    this.name = 'ErrorPageError';
  }
}
