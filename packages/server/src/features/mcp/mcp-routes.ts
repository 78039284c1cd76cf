import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { chargeExpensiveWork, expensiveWorkMessage } from '../../ops/rate-limit';
import { type KeyHolder, type PublicApiOptions, guardKeyRequest } from '../public-api';
import { cancelCall, cancelledRequestIds, trackCall } from './cancellations';
import { bearerChallenge, MCP_PATH, resourceMetadataRoutes } from './protected-resource';
import { EXPENSIVE_MCP_TOOLS } from './tool-names';

type JsonRpcId = string | number | null;

/**
 * The MCP SDK and the tool definitions, imported on the first MCP request and kept: building the
 * app (every test file does) then costs nothing for a protocol most requests never speak.
 */
let runtime: Promise<[typeof import('./mcp-server'), typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js')]> | undefined;
const loadRuntime = () => {
  runtime ??= Promise.all([import('./mcp-server'), import('@modelcontextprotocol/sdk/server/streamableHttp.js')]).catch((error: unknown) => {
    runtime = undefined;
    throw error;
  });
  return runtime;
};

interface Message {
  method?: unknown;
  params?: { name?: unknown; _meta?: { progressToken?: unknown } };
  id?: unknown;
}

const messagesOf = (body: unknown): Message[] => (Array.isArray(body) ? body : [body]).filter((message): message is Message => !!message && typeof message === 'object');

const jsonRpcId = (id: unknown): JsonRpcId => (typeof id === 'string' || typeof id === 'number' ? id : null);

/**
 * The `tools/call` requests of a POST body (one JSON-RPC message or a batch) that run expensive
 * tools. Everything else the transport sends (initialize, tools/list, notifications) is free.
 */
const expensiveToolCalls = (body: unknown): { id: JsonRpcId }[] =>
  messagesOf(body).flatMap(({ method, params, id }) => (method === 'tools/call' && typeof params?.name === 'string' && EXPENSIVE_MCP_TOOLS.has(params.name) ? [{ id: jsonRpcId(id) }] : []));

/** The ids of a batch's requests (notifications have none and get no answer). */
const requestIds = (body: unknown): JsonRpcId[] => messagesOf(body).flatMap((message) => (typeof message.method === 'string' && 'id' in message ? [jsonRpcId(message.id)] : []));

/**
 * Whether the POST asks for progress. Progress notifications need a stream: such a POST is
 * answered with server-sent events, every other one with plain JSON, which any HTTP client reads.
 */
const wantsProgress = (body: unknown) => messagesOf(body).some((message) => message.params?._meta?.progressToken !== undefined);

const holders = new WeakMap<FastifyRequest, KeyHolder>();

/**
 * `/api/mcp`: the Model Context Protocol over streamable HTTP, stateless (no session id), with the
 * API key as a Bearer token and the same per-key rate limit as /api/v1. Each call of an expensive
 * tool also counts once against the key owner's account budget, shared with the account's sessions
 * and its other keys; a spent budget answers 429 with Retry-After and a JSON-RPC error.
 */
export const mcpRoutes: FastifyPluginAsync<PublicApiOptions> = async (app, options) => {
  // Read per request: without PUBLIC_URL the public address is the one the server listens on,
  // known only once it listens (app.publicUrl(), web/public-url.ts); the configured one otherwise.
  const publicUrl = () => (app.hasDecorator('publicUrl') ? app.publicUrl() : options.publicUrl);
  resourceMetadataRoutes(app, publicUrl);

  // onRequest, in this plugin only: before the app's session gate, which would refuse a request
  // without a key with a bare 401, and before the body is parsed, so nothing is read for a stranger.
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== MCP_PATH) return;
    try {
      holders.set(request, await guardKeyRequest(app.db, { perKey: options.rateLimitPerMinute, anonymousPerAddress: options.anonymousPerMinute ?? 0 }, request, reply));
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) reply.header('www-authenticate', bearerChallenge(publicUrl(), request));
      throw error;
    }
  });

  app.post(MCP_PATH, async (request, reply) => {
    const holder = holders.get(request);
    if (!holder) throw new Error('the MCP route runs behind its key guard');
    for (const requestId of cancelledRequestIds(request.body)) cancelCall(holder.keyId, requestId);
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

    const [{ buildMcpServer }, { StreamableHTTPServerTransport }] = await loadRuntime();
    const cancelled = new AbortController();
    const server = buildMcpServer({ app, options, holder, requestId: request.id, cancelled: cancelled.signal });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !wantsProgress(request.body) });
    const close = () => {
      void transport.close();
      void server.close();
    };
    // Closing the exchange aborts its calls' signals (the SDK aborts in-flight handlers on close)
    // and ends the response; the flag tells the tools it was a cancellation, not a lost client.
    const untrack = requestIds(request.body).flatMap((id) =>
      id === null
        ? []
        : [
            trackCall(holder.keyId, id, () => {
              cancelled.abort();
              close();
            }),
          ],
    );
    // The transport writes the answer itself; Fastify's headers so far (rate limits) go with it.
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value as string);
    const ended = () => {
      for (const done of untrack) done();
      close();
    };
    reply.raw.on('close', ended);
    // A client gone while the SDK loaded: its 'close' has already been emitted.
    if (reply.raw.destroyed || request.raw.socket.destroyed) return ended();
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  // Stateless: there is no stream to resume and no session to end.
  const notAllowed = { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless; use POST.' }, id: null };
  app.get(MCP_PATH, async (_request, reply) => reply.status(405).header('allow', 'POST').send(notAllowed));
  app.delete(MCP_PATH, async (_request, reply) => reply.status(405).header('allow', 'POST').send(notAllowed));
};
