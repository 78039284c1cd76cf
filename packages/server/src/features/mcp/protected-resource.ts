import type { FastifyInstance, FastifyRequest } from 'fastify';

export const MCP_PATH = '/api/mcp';
const METADATA_PATH = '/.well-known/oauth-protected-resource';
/** The page that documents the API keys the endpoint takes and the tools it offers. */
const DOCS_PATH = '/docs/api-overview';

const origin = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** Where clients discover how to authenticate (RFC 9728 §3): the resource metadata document. */
export const resourceMetadataUrl = (publicUrl: string) => `${origin(publicUrl)}${METADATA_PATH}`;

/**
 * The `WWW-Authenticate` challenge of a 401 from /api/mcp, as the MCP authorization specification
 * (2025-06-18) asks: the resource metadata URL, and `error="invalid_token"` when a key was sent
 * but is unknown or revoked (RFC 6750 §3.1), so a client can tell "log in" from "wrong key".
 */
export function bearerChallenge(publicUrl: string, request: FastifyRequest): string {
  const sentKey = /^Bearer\s+\S/i.test(request.headers.authorization ?? '');
  const parts = [`resource_metadata="${resourceMetadataUrl(publicUrl)}"`];
  if (sentKey) parts.push('error="invalid_token"', 'error_description="The API key is unknown or revoked"');
  return `Bearer ${parts.join(', ')}`;
}

/**
 * RFC 9728 protected resource metadata for the MCP endpoint. There is no `authorization_servers`:
 * Citable issues no OAuth tokens, its API keys are created in the dashboard (Settings, API keys)
 * and sent as Bearer tokens, so there is no authorization server for a client to discover.
 */
export function resourceMetadata(publicUrl: string) {
  return {
    resource: `${origin(publicUrl)}${MCP_PATH}`,
    bearer_methods_supported: ['header'],
    resource_name: 'Citable MCP server',
    resource_documentation: `${origin(publicUrl)}${DOCS_PATH}`,
  };
}

/**
 * The metadata at the well-known address and at its path-suffixed form for /api/mcp (RFC 9728
 * §3.1), as JSON. Explicit routes, so the web app's catch-all never answers them with its shell.
 */
export function resourceMetadataRoutes(app: FastifyInstance, publicUrl: () => string): void {
  for (const url of [METADATA_PATH, `${METADATA_PATH}${MCP_PATH}`]) {
    app.get(url, async (_request, reply) =>
      // Public and the same for everyone: browser-based clients may read it from any origin.
      reply.header('access-control-allow-origin', '*').header('cache-control', 'public, max-age=3600').send(resourceMetadata(publicUrl())),
    );
  }
}
