import { z } from 'zod';
import { auditListResponseSchema } from './audits-api';
import { siteEntrySchema } from './profile';

/** Items per page of a /api/v1 list when `limit` is not given, and the most one page holds. */
export const V1_PAGE_DEFAULT = 50;
export const V1_PAGE_MAX = 100;

/** Query of every /api/v1 list: a page size and the opaque cursor the previous page answered. */
export const v1PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(V1_PAGE_MAX).optional().meta({ description: `Items per page (default ${V1_PAGE_DEFAULT}, at most ${V1_PAGE_MAX}).` }),
  cursor: z.string().max(500).optional().meta({ description: 'The `nextCursor` of the previous page; omit it for the first page.' }),
});
export type V1PageQuery = z.output<typeof v1PageQuerySchema>;

const nextCursor = z.string().nullable().meta({ description: 'Pass it as `cursor` to read the next page; null on the last page.' });

/**
 * "Your score" as the API states it (contract/your-score.ts, issue 30): the latest site audit of
 * the account's own websites; only when there is none, the latest page audit, labelled as one
 * page's score and never as the site's. Null before any audit of an address.
 */
export const v1YourScoreSchema = z
  .object({
    kind: z.enum(['site', 'page']).meta({ description: '`site`: the latest site audit, the site\u2019s score. `page`: no site audit yet, so the latest page audit, one page\u2019s score and not the site\u2019s.' }),
    auditId: z.string(),
    url: z.string().nullable().meta({ description: 'The address the audit started from.' }),
    score: z.number().meta({ description: 'Overall score, 0 to 100.' }),
    pageCount: z.number().int().min(0).meta({ description: 'Pages the score was measured on.' }),
    measuredAt: z.string().meta({ description: 'When the audit was saved (ISO 8601).' }),
    label: z.string().meta({ description: 'What the score is, in words, to show beside it.' }),
  })
  .nullable()
  .meta({ description: 'Your score: the latest site audit of your own websites; a page audit, labelled as such, only when no site has been audited yet; null before any audit.' });
export type V1YourScore = z.infer<typeof v1YourScoreSchema>;

/** What `label` says of a site audit's score. */
export const siteScoreLabel = (url: string | null, pages: number) => `Site audit of ${url ?? 'your website'} (${pages} ${pages === 1 ? 'page' : 'pages'}): the site's score.`;

/** `GET /api/v1/audits`: the dashboard's list plus the cursor of the next page, and your score. */
export const v1AuditListResponseSchema = auditListResponseSchema.extend({ nextCursor, yourScore: v1YourScoreSchema });
export type V1AuditListResponse = z.infer<typeof v1AuditListResponseSchema>;

/** A website or competitor of the account, as the API shows it: the profile's entry and a stable id. */
export const v1SiteSchema = z.object({
  id: z.string().meta({ description: 'Stable id of the address; use it to delete the entry.' }),
  name: z.string(),
  url: z.string(),
});
export type V1Site = z.infer<typeof v1SiteSchema>;

export const v1WebsiteListSchema = z.object({ websites: z.array(v1SiteSchema), nextCursor });
export const v1CompetitorListSchema = z.object({ competitors: z.array(v1SiteSchema), nextCursor });

/** Body of `POST /api/v1/websites` and `POST /api/v1/competitors`: the same entry as Settings saves. */
export const v1SiteCreateSchema = siteEntrySchema;
export type V1SiteCreate = z.infer<typeof v1SiteCreateSchema>;

export const PUBLIC_API_V1_MESSAGES = {
  badCursor: 'Invalid cursor: pass the nextCursor of the previous page unchanged.',
  websiteExists: 'This website is already in your list.',
  competitorExists: 'This competitor is already in your list.',
  lastWebsite: 'Add at least one website',
  websiteNotFound: 'No website with this id in your account.',
  competitorNotFound: 'No competitor with this id in your account.',
  routeNotFound: 'No such endpoint. See /api/v1/openapi.json for the list.',
} as const;

/**
 * RFC 9457 problem details, as every /api/v1 error is sent (`application/problem+json`). `error`
 * repeats `detail` and `details` the validation issues, for clients written before problem details.
 */
export const problemDetailsSchema = z.object({
  type: z.string().meta({ description: 'A URI naming the kind of problem; its page explains it.' }),
  title: z.string().meta({ description: 'Short summary of the kind of problem.' }),
  status: z.number().int().meta({ description: 'The HTTP status code.' }),
  detail: z.string().meta({ description: 'What went wrong with this request, for a person.' }),
  instance: z.string().optional().meta({ description: 'The request path the problem occurred on.' }),
  error: z.string().meta({ description: 'Same as detail (kept for older clients).' }),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional().meta({ description: 'Validation issues, one per invalid field.' }),
  details: z.array(z.unknown()).optional().meta({ description: 'Same as errors (kept for older clients).' }),
  requiredPlan: z.string().optional().meta({ description: 'On a 403 plan gate: the lowest plan that allows the request.' }),
});
export type ProblemDetails = z.infer<typeof problemDetailsSchema>;
