import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { auditSiteToolInput, auditSiteToolOutput, runAuditToolInput, runAuditToolOutput } from '@citable/contract';

/**
 * The inputs and outputs of the tools `citable mcp` runs without a key: the server's tools of the
 * same names use the same definitions (packages/contract/src/mcp-audit-tools.ts), turned into JSON
 * Schema here the way the SDK's McpServer does. packages/server/test/cli-remote compares the two.
 */
export const RUN_AUDIT_INPUT = runAuditToolInput;
export const RUN_AUDIT_OUTPUT = runAuditToolOutput;
export const AUDIT_SITE_INPUT = auditSiteToolInput;
export const AUDIT_SITE_OUTPUT = auditSiteToolOutput;

export function inputJsonSchema(schema: z.ZodObject): Tool['inputSchema'] {
  return toJsonSchemaCompat(schema, { strictUnions: true, pipeStrategy: 'input' }) as Tool['inputSchema'];
}

export function outputJsonSchema(schema: z.ZodObject): NonNullable<Tool['outputSchema']> {
  return toJsonSchemaCompat(schema, { strictUnions: true, pipeStrategy: 'output' }) as NonNullable<Tool['outputSchema']>;
}
