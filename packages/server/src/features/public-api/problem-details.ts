import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ProblemDetails } from '@citable/contract';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The kind of each error status: its title and the anchor of the docs section that explains it. */
export const PROBLEM_KINDS: Record<number, { slug: string; title: string }> = {
  400: { slug: 'invalid-request', title: 'Invalid request' },
  401: { slug: 'unauthorized', title: 'Missing or invalid API key' },
  403: { slug: 'forbidden', title: 'Not allowed on this plan' },
  404: { slug: 'not-found', title: 'Not found' },
  409: { slug: 'conflict', title: 'Conflict' },
  413: { slug: 'payload-too-large', title: 'Request body too large' },
  415: { slug: 'unsupported-media-type', title: 'Unsupported content type' },
  422: { slug: 'unprocessable', title: 'Cannot process this request' },
  429: { slug: 'rate-limited', title: 'Rate limit exceeded' },
  500: { slug: 'internal', title: 'Internal server error' },
  503: { slug: 'unavailable', title: 'Service unavailable' },
};

/** The `type` URI of a status: a section of the API docs, so a person can look the problem up. */
export function problemType(docsBase: string, status: number): string {
  return `${docsBase}#problem-${PROBLEM_KINDS[status]?.slug ?? 'error'}`;
}

/**
 * The problem document of an error body the app's error handler produced (`{ error, details?,
 * requiredPlan? }`). The old members stay, so clients of the pre-problem-details API keep working.
 */
export function toProblem(docsBase: string, status: number, body: Record<string, unknown>, instance: string): ProblemDetails {
  const detail = typeof body.error === 'string' ? body.error : (PROBLEM_KINDS[status]?.title ?? 'Error');
  const issues = Array.isArray(body.details) ? body.details : undefined;
  const errors = issues
    ?.filter((issue): issue is { path: string; message: string } => !!issue && typeof issue === 'object' && typeof issue.path === 'string' && typeof issue.message === 'string')
    .map(({ path, message }) => ({ path, message }));
  return {
    ...body,
    type: problemType(docsBase, status),
    title: PROBLEM_KINDS[status]?.title ?? 'Error',
    status,
    detail,
    instance,
    error: detail,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
}

function rewrite(docsBase: string, request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (reply.statusCode < 400 || !payload || typeof payload !== 'object' || Array.isArray(payload) || Buffer.isBuffer(payload)) return payload;
  const body = payload as Record<string, unknown>;
  if (typeof body.error !== 'string' || typeof body.type === 'string') return payload;
  reply.header('content-type', `${PROBLEM_CONTENT_TYPE}; charset=utf-8`);
  // The path only: a query may hold a cursor or other input not worth echoing into logs and tools.
  return toProblem(docsBase, reply.statusCode, body, request.url.split('?')[0]);
}

/**
 * Every error answered in this context (the v1 routes) becomes RFC 9457 problem details. It works
 * on the body the app's one error handler (or the session gate) chose, before it is serialised
 * (and compressed), so the messages stay the same everywhere, and the other routes' `{ error }`
 * bodies (the dashboard's, the MCP endpoint's) are untouched: this hook lives in the v1 context only.
 */
export function sendProblemDetails(context: FastifyInstance, docsBase: string): void {
  context.addHook('preSerialization', async (request, reply, payload) => rewrite(docsBase, request, reply, payload));
}
