import { ErrorCode, McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { HttpError } from '../../lib/http-error';
import { latestAudits, readAudit } from '../public-api';
import type { Caller } from './tool-kit';
import { publicToolFailure } from './tool-errors';

/** The MCP specification's code for a resource that does not exist (resources, error handling). */
const RESOURCE_NOT_FOUND = -32002;
/** Audits listed as resources: the newest, as the dashboard's overview lists them. */
const LISTED_AUDITS = 20;

export const auditUri = (id: string) => `citable://audits/${encodeURIComponent(id)}`;

/**
 * The account's latest audits as resources `citable://audits/{id}`: the JSON of
 * `GET /api/v1/audits/{id}`, so an assistant can attach an audit to a conversation. Reads are
 * scoped by the key owner like every other query: another account's id is simply not found.
 */
export function registerAuditResources(server: McpServer, caller: Caller): void {
  const template = new ResourceTemplate('citable://audits/{id}', {
    list: async () => {
      const { audits } = await latestAudits(caller.app, caller.holder.userId, LISTED_AUDITS).catch((error: unknown) => {
        throw new McpError(ErrorCode.InternalError, publicToolFailure(error, caller.requestId, caller.app.log));
      });
      return {
        resources: audits.map((audit) => ({
          uri: auditUri(audit.id),
          name: `${audit.website_url ?? 'Pasted content'}, ${audit.created_at.slice(0, 10)}`,
          description: `${audit.kind} audit, ${audit.overall_score}/100`,
          mimeType: 'application/json',
        })),
      };
    },
  });

  server.registerResource(
    'audit',
    template,
    { title: 'Audit', description: 'One audit of this account: status, progress and, once completed, the report with scores, issues and recommendations.', mimeType: 'application/json' },
    async (uri, { id }): Promise<ReadResourceResult> => {
      const auditId = decodeURIComponent(String(id));
      try {
        const audit = await readAudit(caller.app, caller.holder.userId, auditId);
        return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(audit, null, 2) }] };
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri.href}`, { uri: uri.href });
        // The SDK would send the thrown message (a failed query's SQL): the public line instead.
        throw new McpError(ErrorCode.InternalError, publicToolFailure(error, caller.requestId, caller.app.log));
      }
    },
  );
}
