import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../lib/database-unavailable';
import { isUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../lib/unstorable-text';
import { HttpError } from '../lib/http-error';

interface Detail {
  path: string;
  message: string;
}

function validationDetails(error: { validation: { instancePath?: string; message?: string; params?: unknown }[]; validationContext?: string }): Detail[] {
  return error.validation.map((issue) => {
    const where = error.validationContext ?? 'body';
    const pointer = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    return { path: pointer ? `${where}.${pointer}` : where, message: issue.message ?? 'Invalid value' };
  });
}

/**
 * One place turns every failure into the API's `{ error, details? }` shape. Client mistakes keep
 * their 4xx status; anything else is a bug: logged with the request id, answered with a bare 500.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) return reply.status(error.status).send(error.body);
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.status(400).send({ error: 'Invalid request', details: validationDetails(error) });
      }
      const status = error.statusCode ?? 500;
      if (status === 413) return reply.status(413).send({ error: 'Request body is too large (limit 1 MB)' });
      if (status === 415) return reply.status(415).send({ error: 'Unsupported content type: send JSON with Content-Type: application/json' });
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.name === 'SyntaxError') {
        return reply.status(400).send({ error: 'Malformed JSON body', details: [{ path: 'body', message: error.message }] });
      }
      if (status >= 400 && status < 500) return reply.status(status).send({ error: error.message });
      // Text PostgreSQL cannot hold (a NUL byte in an id, say) is the client's mistake, not ours.
      if (isUnstorableText(error)) return reply.status(400).send({ error: UNSTORABLE_TEXT_MESSAGE });
      // An outage, not a bug: the client may retry, and a balancer may send it elsewhere meanwhile.
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error, reqId: request.id }, 'database unavailable');
        return reply.status(503).header('retry-after', '5').send({ error: DATABASE_UNAVAILABLE_MESSAGE });
      }
      request.log.error({ err: error, reqId: request.id }, 'unhandled error');
      return reply.status(500).send({ error: 'Internal server error' });
    });
  },
  { name: 'errors' },
);
