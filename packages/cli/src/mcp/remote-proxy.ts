import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type ServerCapabilities,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { CliError } from '../cli-error';
import type { RemoteSettings } from '../remote/remote-settings';

/** The longest a forwarded call may go without a word from the server (progress resets it): a site audit crawls for minutes. */
const CALL_TIMEOUT_MS = 10 * 60_000;

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * `citable mcp` with an API key: a stdio MCP server that is the server's /api/mcp seen locally.
 * It connects to it as an MCP client (streamable HTTP, the key as a Bearer token) and offers
 * exactly what it offers (the tools with their schemas and annotations, the resources, the
 * prompts, the instructions), forwarding each request, its cancellation and the progress
 * notifications of a call. It advertises no listChanged or subscribe: a stateless endpoint
 * never sends those notifications, so this proxy has none to pass on.
 */
export async function remoteProxyServer(settings: RemoteSettings, version: string): Promise<{ server: Server; close(): Promise<void> }> {
  const client = new Client({ name: 'citable-cli', version });
  const endpoint = new URL(`${settings.server}/api/mcp`);
  const transport = new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { authorization: `Bearer ${settings.apiKey}` } } });
  try {
    await client.connect(transport);
  } catch (error) {
    await client.close().catch(() => {});
    throw new CliError(connectFailure(error, endpoint.href));
  }
  const remote = client.getServerCapabilities() ?? {};
  const capabilities: ServerCapabilities = {
    ...(remote.tools ? { tools: {} } : {}),
    ...(remote.resources ? { resources: {} } : {}),
    ...(remote.prompts ? { prompts: {} } : {}),
  };
  const info = client.getServerVersion();
  const server = new Server({ name: info?.name ?? 'citable', version: info?.version ?? version, ...(info?.title ? { title: info.title } : {}) }, { capabilities, instructions: client.getInstructions() });

  // Requests go on as they came; the local client's cancellation cancels the remote request.
  const forward = (extra: Extra) => ({ signal: extra.signal, timeout: CALL_TIMEOUT_MS, resetTimeoutOnProgress: true });
  if (remote.tools) {
    server.setRequestHandler(ListToolsRequestSchema, (request, extra) => client.listTools(request.params, forward(extra)));
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const progressToken = request.params._meta?.progressToken;
      const { _meta, ...params } = request.params;
      // Notifications are sent in order, and all before the result: a progress notification
      // that arrived after its call's answer would name a token the assistant has forgotten.
      let sent = Promise.resolve();
      const result = await client.request({ method: 'tools/call', params }, CallToolResultSchema, {
        ...forward(extra),
        // The SDK gives the remote request its own token; the local client knows its own.
        onprogress:
          progressToken === undefined
            ? undefined
            : (progress) => {
                sent = sent.then(() => extra.sendNotification({ method: 'notifications/progress', params: { ...progress, progressToken } })).catch(() => {});
              },
      });
      await sent;
      return result;
    });
  }
  if (remote.resources) {
    server.setRequestHandler(ListResourcesRequestSchema, (request, extra) => client.listResources(request.params, forward(extra)));
    server.setRequestHandler(ListResourceTemplatesRequestSchema, (request, extra) => client.listResourceTemplates(request.params, forward(extra)));
    server.setRequestHandler(ReadResourceRequestSchema, (request, extra) => client.readResource(request.params, forward(extra)));
  }
  if (remote.prompts) {
    server.setRequestHandler(ListPromptsRequestSchema, (request, extra) => client.listPrompts(request.params, forward(extra)));
    server.setRequestHandler(GetPromptRequestSchema, (request, extra) => client.getPrompt(request.params, forward(extra)));
  }
  return {
    server,
    close: async () => {
      await client.close().catch(() => {});
    },
  };
}

/** One line on why the server's MCP endpoint could not be reached; never the key. */
function connectFailure(error: unknown, endpoint: string): string {
  if (error instanceof StreamableHTTPError) {
    if (error.code === 401) return `the Citable server at ${endpoint} refused the API key (401); check CITABLE_API_KEY or create a key in Settings > API keys`;
    if (error.code === 429) return `the Citable server at ${endpoint} is rate limiting this key (429); try again in a minute`;
    if (error.code === 404 || error.code === 405) return `${endpoint} is not a Citable MCP endpoint (HTTP ${error.code}); check --server or CITABLE_SERVER`;
    if (error.code !== undefined && error.code >= 500) return `the Citable server at ${endpoint} failed (HTTP ${error.code}); try again later`;
  }
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined)?.code : undefined;
  const reason = cause ?? (error instanceof Error ? error.message.split('\n')[0] : String(error));
  return `could not connect to the Citable MCP endpoint ${endpoint} (${reason}); check --server or CITABLE_SERVER`;
}
