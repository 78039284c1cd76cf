import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, written when it is answered: request id, method, URL, status and
 * time. Fastify's default is two lines (received, then completed), each serialising the request
 * and running the redaction; under load those writes cost more than some routes' own work.
 * Requests that fail still get their error line from the error handler, with the same reqId.
 */
export function logEachRequestOnce(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: { method: request.method, url: request.url }, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}
