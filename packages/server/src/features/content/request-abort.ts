import type { FastifyRequest } from 'fastify';

/** Aborts when the client goes away mid-request, so a model call it no longer waits for stops. */
export function clientGone(request: FastifyRequest): AbortSignal {
  const closed = new AbortController();
  request.raw.once('close', () => {
    if (!request.raw.complete) closed.abort();
  });
  return closed.signal;
}
