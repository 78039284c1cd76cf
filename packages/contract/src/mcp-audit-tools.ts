import { z } from 'zod';
import { auditIssueSchema, subscoresSchema } from './audit-result';
import { auditRunSchema, SITE_AUDIT_DEFAULT_PAGES, SITE_AUDIT_MAX_PAGES } from './audits-api';
import { httpUrlSchema } from './profile';

/**
 * The inputs and outputs of the MCP tools a server's `/api/mcp` and a keyless `citable mcp` both
 * offer, defined once so that an assistant's prompts and programs work the same with and without a
 * key (packages/server/test/cli-remote compares the two as the SDK lists them).
 */
export const runAuditToolInput = z.object({ url: httpUrlSchema.describe('The page to audit, e.g. https://example.com/') });

export const runAuditToolOutput = z.object({
  id: z.string(),
  url: z.string(),
  /** The HTTP status the page answered, after redirects (the audit result's page.httpStatus). */
  httpStatus: z.number().int().optional(),
  overallScore: z.number(),
  subscores: subscoresSchema.nullable(),
  topIssues: z.array(auditIssueSchema),
  recommendations: z.array(z.string()),
});

export const auditSiteToolInput = z.object({
  url: httpUrlSchema.describe('Where the crawl starts, e.g. https://example.com/'),
  maxPages: z.number().int().min(1).max(SITE_AUDIT_MAX_PAGES).optional().describe(`The most pages to audit (default ${SITE_AUDIT_DEFAULT_PAGES}, at most the plan\u2019s limit)`),
});

/** A site audit answers the run, as GET /api/v1/audits/{id} shows it once completed. */
export const auditSiteToolOutput = auditRunSchema;
