import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { auditIssueSchema, auditRunSchema, httpUrlSchema, SITE_AUDIT_DEFAULT_PAGES, SITE_AUDIT_MAX_PAGES, subscoresSchema } from '@citable/contract';

/**
 * The inputs and outputs of the tools `citable mcp` runs without a key, written as the server's
 * tools of the same names write theirs (packages/server/src/features/mcp/audit-tools.ts) and
 * turned into JSON Schema the way the SDK's McpServer does: an assistant's prompts and programs
 * work the same with and without a key. packages/server/test/cli-remote compares the two.
 */
export const RUN_AUDIT_INPUT = z.object({ url: httpUrlSchema.describe('The page to audit, e.g. https://example.com/') });

export const RUN_AUDIT_OUTPUT = z.object({
  id: z.string(),
  url: z.string(),
  /** The HTTP status the page answered, after redirects (the audit result's page.httpStatus). */
  httpStatus: z.number().int().optional(),
  overallScore: z.number(),
  subscores: subscoresSchema.nullable(),
  topIssues: z.array(auditIssueSchema),
  recommendations: z.array(z.string()),
});

export const AUDIT_SITE_INPUT = z.object({
  url: httpUrlSchema.describe('Where the crawl starts, e.g. https://example.com/'),
  maxPages: z.number().int().min(1).max(SITE_AUDIT_MAX_PAGES).optional().describe(`The most pages to audit (default ${SITE_AUDIT_DEFAULT_PAGES}, at most the plan\u2019s limit)`),
});

/** A site audit answers the run, as GET /api/v1/audits/{id} shows it once completed. */
export const AUDIT_SITE_OUTPUT = auditRunSchema;

export function inputJsonSchema(schema: z.ZodObject): Tool['inputSchema'] {
  return toJsonSchemaCompat(schema, { strictUnions: true, pipeStrategy: 'input' }) as Tool['inputSchema'];
}

export function outputJsonSchema(schema: z.ZodObject): NonNullable<Tool['outputSchema']> {
  return toJsonSchemaCompat(schema, { strictUnions: true, pipeStrategy: 'output' }) as NonNullable<Tool['outputSchema']>;
}
