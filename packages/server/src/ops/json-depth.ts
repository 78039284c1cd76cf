import type { FastifyInstance } from 'fastify';

/** Deeper JSON than any request of this API needs; deeper than this overflows the stack when re-serialised. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a JSON text nests arrays/objects deeper than `max`, in one linear scan without parsing,
 * so a hostile body is refused with 400 before JSON.parse or JSON.stringify recurse through it.
 */
export function exceedsJsonDepth(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92) i += 1; // backslash: skip the escaped character
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 || code === 91) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 125 || code === 93) depth -= 1;
  }
  return false;
}

/**
 * Replaces the app's JSON parser with Fastify's own (prototype-poisoning keys refused) behind the
 * depth check, for every route. Call on the root instance before routes are registered.
 */
export function limitJsonDepth(app: FastifyInstance, max = MAX_JSON_DEPTH): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    if (typeof text === 'string' && exceedsJsonDepth(text, max)) {
      done(Object.assign(new Error(`JSON nested deeper than ${max} levels`), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
      return;
    }
    parseJson(request, text as string, done);
  });
}
