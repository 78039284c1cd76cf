/**
 * The interactive reference is a page of its own in the API group, rendered from the OpenAPI
 * document. Kept apart from docs.ts, which compiles every article in, so that the router can name
 * the route without loading the docs.
 */
export const API_REFERENCE_PATH = '/docs/api-reference';
