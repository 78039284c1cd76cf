import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerAuditResources } from './audit-resources';
import { registerAuditTools } from './audit-tools';
import { registerGeneratorTools } from './generator-tools';
import { registerHistoryTools } from './history-tools';
import type { Caller } from './tool-kit';

export type { Caller } from './tool-kit';

/**
 * Citable's tools and resources for AI assistants over MCP, for one key holder. A server per
 * request keeps the endpoint stateless: every call is authenticated and gated on its own, like
 * the REST API.
 */
export function buildMcpServer(caller: Caller): McpServer {
  const server = new McpServer({ name: 'citable', version: '1.0.0' }, { instructions: 'Citable audits how well web pages are understood and cited by AI systems. Audits, scores and citation checks belong to the account of the API key.' });
  registerAuditTools(server, caller);
  registerGeneratorTools(server, caller);
  registerHistoryTools(server, caller);
  registerAuditResources(server, caller);
  // McpServer declares `listChanged: true` for tools and resources as soon as one is registered.
  // This server never sends those notifications (the set is fixed, and a stateless exchange has
  // no later moment to send them in), so the capability is withdrawn before connecting; the
  // capabilities merge key by key, the later value winning.
  server.server.registerCapabilities({ tools: { listChanged: false }, resources: { listChanged: false } });
  return server;
}
