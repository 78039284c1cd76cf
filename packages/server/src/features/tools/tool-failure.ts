import { isCrawlerError, type CrawlerErrorCode } from '@citable/crawler';
import { HttpError } from '../../lib/http-error';

/** A tool that cannot run for a reason the user should read (no page could be read, no website set up). */
export class ToolFailure extends Error {}

// A URL that is not one at all is the caller's input (400); everything the crawler met at the
// address, private ranges and robots.txt included, is about the site (422).
const INPUT_CODES = new Set<CrawlerErrorCode>(['INVALID_URL', 'UNSUPPORTED_PROTOCOL', 'CREDENTIALS_IN_URL']);

/** Expected failures become 4xx with their clear message; anything else stays a bug (500, logged). */
export function toHttpError(error: unknown): unknown {
  if (isCrawlerError(error)) return new HttpError(INPUT_CODES.has(error.code) ? 400 : 422, { error: error.message });
  if (error instanceof ToolFailure) return new HttpError(422, { error: error.message });
  return error;
}
