import { isCrawlerError, type CrawlerErrorCode } from '@citable/crawler';

/** An audit that cannot be made for a reason the user should read (as a crawler error is). */
export class AuditFailure extends Error {}

/** The user-facing reason of an expected failure, or null for a bug. */
export function expectedFailureMessage(error: unknown): string | null {
  if (isCrawlerError(error) || error instanceof AuditFailure) return error.message;
  return null;
}

// Refusals of the address itself are the caller's input; the rest is about the site (422).
const INPUT_CODES = new Set<CrawlerErrorCode>(['INVALID_URL', 'UNSUPPORTED_PROTOCOL', 'CREDENTIALS_IN_URL', 'BLOCKED_ADDRESS']);

export function failureStatus(error: unknown): 400 | 422 {
  return isCrawlerError(error) && INPUT_CODES.has(error.code) ? 400 : 422;
}

export const INTERNAL_FAILURE_MESSAGE = 'The audit could not be completed because of an internal error. Please try again.';
