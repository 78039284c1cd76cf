import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyPluginAsync } from 'fastify';
import type { PublicApiOptions } from '../public-api/plugin';
import { guardKeyRequest } from '../public-api/key-guard';
import { buildMcpServer } from './mcp-server';

/**
 * `/api/mcp`: the Model Context Protocol over streamable HTTP, stateless (no session id), with the
 * API key as a Bearer token and the same per-key rate limit as /api/v1.
 */
export const mcpRoutes: FastifyPluginAsync<PublicApiOptions> = async (app, options) => {
  app.post('/api/mcp', async (request, reply) => {
    const holder = await guardKeyRequest(app.db, options.rateLimitPerMinute, request, reply);
    const server = buildMcpServer({ app, options, holder, request });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    // The transport writes the answer itself; Fastify's headers so far (rate limits) go with it.
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value as string);
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  // Stateless: there is no stream to resume and no session to end.
  const notAllowed = { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless; use POST.' }, id: null };
  app.get('/api/mcp', async (_request, reply) => reply.status(405).header('allow', 'POST').send(notAllowed));
  app.delete('/api/mcp', async (_request, reply) => reply.status(405).header('allow', 'POST').send(notAllowed));
};
