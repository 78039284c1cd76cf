import { isCrawlerError, type CrawlerError, type CrawlerErrorCode } from '@citable/crawler';
import { isUnstorableText } from '../../lib/unstorable-text';

/** An audit that cannot be made for a reason the user should read (as a crawler error is). */
export class AuditFailure extends Error {}

/** The user-facing reason of an expected failure, or null for a bug. */
export function expectedFailureMessage(error: unknown): string | null {
  if (isCrawlerError(error) || error instanceof AuditFailure) return error.message;
  // The storage boundary (db/storable-text.ts) should make this unreachable; if a save is still
  // refused for its text, the run says why instead of staying "running" and blocking the account.
  if (isUnstorableText(error)) return UNSTORABLE_RESULT_MESSAGE;
  return null;
}

// Refusals of the address itself are the caller's input; the rest is about the site (422).
const INPUT_CODES = new Set<CrawlerErrorCode>(['INVALID_URL', 'UNSUPPORTED_PROTOCOL', 'CREDENTIALS_IN_URL', 'BLOCKED_ADDRESS']);

export function failureStatus(error: unknown): 400 | 422 {
  return isAddressRefusal(error) ? 400 : 422;
}

/**
 * The crawler refused the address itself (not a URL, not http(s), credentials in it, or a host the
 * address policy blocks): asking again gives the same answer, so it is a final failure, not one to retry.
 */
export function isAddressRefusal(error: unknown): error is CrawlerError {
  return isCrawlerError(error) && INPUT_CODES.has(error.code);
}

export const UNSTORABLE_RESULT_MESSAGE = 'The audit could not be saved: the page contains text that cannot be stored.';

export const INTERNAL_FAILURE_MESSAGE = 'The audit could not be completed because of an internal error. Please try again.';
