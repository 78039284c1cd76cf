import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../lib/database-unavailable';
import { HttpError } from '../../lib/http-error';
import { isUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../../lib/unstorable-text';

/**
 * What an MCP caller is told when a tool or resource fails, as REST's error handler
 * (ops/errors-plugin.ts) decides it: an HttpError's own message; text PostgreSQL cannot hold and a
 * database outage by their public messages; anything else, a bug, by one short line with the
 * request id. The SDK would otherwise send the thrown error's message, which for a failed query
 * is the SQL and its parameters (issue #35); the detail goes to the log under the same id.
 */
export function publicToolFailure(error: unknown, requestId: string, log: FastifyBaseLogger): string {
  if (error instanceof HttpError) return error.body.error;
  if (isUnstorableText(error)) return UNSTORABLE_TEXT_MESSAGE;
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error, reqId: requestId }, 'database unavailable');
    return `${DATABASE_UNAVAILABLE_MESSAGE} (request id ${requestId})`;
  }
  log.error({ err: error, reqId: requestId }, 'MCP tool failed');
  return internalToolErrorText(requestId);
}

export const internalToolErrorText = (requestId: string) => `Internal server error (request id ${requestId}).`;

/** A tool result for a failure: isError, the public text, no structured content (it would be checked against the output schema). */
export function toolFailure(error: unknown, requestId: string, log: FastifyBaseLogger): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: publicToolFailure(error, requestId, log) }] };
}
