import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyPluginAsync } from 'fastify';
import { chargeExpensiveWork, expensiveWorkMessage } from '../../ops/rate-limit';
import { type PublicApiOptions, guardKeyRequest } from '../public-api';
import { buildMcpServer, EXPENSIVE_MCP_TOOLS } from './mcp-server';

type JsonRpcId = string | number | null;

/**
 * The `tools/call` requests of a POST body (one JSON-RPC message or a batch) that run expensive
 * tools. Everything else the transport sends (initialize, tools/list, notifications) is free.
 */
function expensiveToolCalls(body: unknown): { id: JsonRpcId }[] {
  const messages = Array.isArray(body) ? body : [body];
  return messages.flatMap((message) => {
    if (!message || typeof message !== 'object') return [];
    const { method, params, id } = message as { method?: unknown; params?: { name?: unknown }; id?: unknown };
    if (method !== 'tools/call' || typeof params?.name !== 'string' || !EXPENSIVE_MCP_TOOLS.has(params.name)) return [];
    return [{ id: jsonRpcId(id) }];
  });
}

const jsonRpcId = (id: unknown): JsonRpcId => (typeof id === 'string' || typeof id === 'number' ? id : null);

/** The ids of a batch's requests (notifications have none and get no answer). */
const requestIds = (batch: unknown[]): JsonRpcId[] =>
  batch.flatMap((message) => (message && typeof message === 'object' && 'method' in message && 'id' in message ? [jsonRpcId(message.id)] : []));

/**
 * `/api/mcp`: the Model Context Protocol over streamable HTTP, stateless (no session id), with the
 * API key as a Bearer token and the same per-key rate limit as /api/v1. Each call of an expensive
 * tool also counts once against the key owner's account budget, shared with the account's sessions
 * and its other keys; a spent budget answers 429 with Retry-After and a JSON-RPC error.
 */
export const mcpRoutes: FastifyPluginAsync<PublicApiOptions> = async (app, options) => {
  app.post('/api/mcp', async (request, reply) => {
    const holder = await guardKeyRequest(app.db, options.rateLimitPerMinute, request, reply);
    const calls = expensiveToolCalls(request.body);
    if (calls.length > 0) {
      const decision = chargeExpensiveWork(app, holder.userId, reply, calls.length);
      if (decision && !decision.allowed) {
        // -32000: implementation-defined server error, as the SDK's transport uses for HTTP-level
        // refusals. The whole POST is refused, so in a batch every request gets the error.
        const refusal = (id: JsonRpcId) => ({ jsonrpc: '2.0', error: { code: -32000, message: expensiveWorkMessage(decision), data: { retryAfter: decision.resetSeconds } }, id });
        return reply.status(429).send(Array.isArray(request.body) ? requestIds(request.body).map(refusal) : refusal(calls[0].id));
      }
    }
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
