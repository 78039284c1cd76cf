import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { callLocalTool, LOCAL_TOOLS, SERVER_ONLY_TOOLS } from './local-tools';

const INSTRUCTIONS = `Citable audits how well web pages are understood and cited by AI systems. This server runs without an API key, on this computer: run_audit audits one page and audit_site crawls and audits a site, with the local engine, and nothing is saved. The other Citable tools (${SERVER_ONLY_TOOLS.join(', ')}) and the latest audits as resources need a Citable account: set CITABLE_API_KEY (an API key from Settings > API keys) and CITABLE_SERVER (your Citable server's address) in this server's environment.`;

/**
 * `citable mcp` without an API key: the tools that run locally, with the server's names and
 * input shapes. Tools only (no listChanged: the list never changes).
 */
export function localMcpServer(version: string): Server {
  const server = new Server({ name: 'citable', version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: LOCAL_TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args = {}, _meta } = request.params;
    if (!LOCAL_TOOLS.some((tool) => tool.name === name)) {
      const hint = (SERVER_ONLY_TOOLS as readonly string[]).includes(name) ? ': it needs CITABLE_API_KEY in this server\'s environment' : '';
      throw new McpError(ErrorCode.InvalidParams, `Tool ${name} not found${hint}`);
    }
    const progressToken = _meta?.progressToken;
    return callLocalTool(name, args, (progress, total, message) => {
      if (progressToken === undefined) return;
      void extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress, ...(total === undefined ? {} : { total }), message } }).catch(() => {});
    });
  });
  return server;
}
