import { API_KEY_MESSAGES, AUDIT_MESSAGES, checkSiteCaps, PUBLIC_API_V1_MESSAGES, requiredPlanFor, upgradeMessage, type V1ToolName } from '@citable/contract';
import { V1_RESULT_EXAMPLES } from './v1-result-examples';
import { toolOperationId } from './v1-routes';
import { V1_TOOLS } from './v1-tools';

export interface Example {
  summary: string;
  value: unknown;
}

export interface ErrorExample {
  status: number;
  summary: string;
  detail: string;
  details?: { path: string; message: string }[];
  requiredPlan?: string;
}

/** The OpenAPI examples of one operation: its request body, its success and its usual errors. */
export interface OperationExamples {
  request?: Example;
  success?: Example;
  errors: ErrorExample[];
}

const invalidUrl = { status: 400, summary: 'Invalid URL', detail: 'Invalid request', details: [{ path: 'body.url', message: 'Enter a full web address starting with https://' }] };
function planGate(name: V1ToolName): ErrorExample {
  const plan = requiredPlanFor({ tool: V1_TOOLS[name].toolId });
  return { status: 403, summary: 'Plan too low', detail: upgradeMessage(plan), requiredPlan: plan };
}

const TOOL_REQUESTS: Record<V1ToolName, unknown> = {
  'schema-generator': { url: 'https://example.com/faq', scope: 'page' },
  'citation-tracker': { domain: 'example.com', keywords: ['green tea storage'] },
  'content-optimizer': { content: 'Green tea keeps for six months. Store it cool and dark, in an airtight tin, away from spices.', targetKeywords: ['green tea'] },
  'entity-coverage-analyzer': { url: 'https://example.com/', competitors: ['https://competitor.example/'] },
  'llm-site-summaries': { url: 'https://example.com/', summaryType: 'overview' },
  'prompt-match-suggestions': { topic: 'green tea storage', industry: 'E-commerce' },
  'voice-assistant-tester': { query: 'how long does green tea keep', assistants: ['siri', 'alexa'] },
  'competitive-analysis': { primaryUrl: 'https://example.com/', competitorUrls: ['https://competitor.example/'] },
  'competitor-discovery': { url: 'https://example.com/', industry: 'E-commerce' },
};

/** The 403 a free account gets for one entry too many (the same caps and words as Settings). */
function capExample(list: 'websites' | 'competitors'): ErrorExample {
  const [violation] = checkSiteCaps('free', { [list]: Array.from({ length: 30 }, () => ({ name: '', url: '' })) });
  return { status: 403, summary: 'Plan limit', detail: violation.message, requiredPlan: 'core', details: [{ path: list, message: violation.message }] };
}

const siteExamples = (one: 'website' | 'competitor', Many: 'Websites' | 'Competitors', One: 'Website' | 'Competitor'): Record<string, OperationExamples> => {
  const list = `${one}s`;
  const site = one === 'website' ? { name: 'Tea Shop', url: 'https://example.com/' } : { name: 'Rival Teas', url: 'https://competitor.example/' };
  const id = Buffer.from(new URL(site.url).origin).toString('base64url');
  return {
    [`list${Many}`]: {
      success: { summary: `The ${list}`, value: { [list]: [{ id, ...site }], nextCursor: null } },
      errors: [{ status: 400, summary: 'Bad cursor', detail: PUBLIC_API_V1_MESSAGES.badCursor, details: [{ path: 'querystring.cursor', message: PUBLIC_API_V1_MESSAGES.badCursor }] }],
    },
    [`create${One}`]: {
      request: { summary: `A ${one}`, value: site },
      success: { summary: `The ${one} added`, value: { id, ...site } },
      errors: [
        invalidUrl,
        capExample(list as 'websites' | 'competitors'),
        { status: 409, summary: 'Already listed', detail: one === 'website' ? PUBLIC_API_V1_MESSAGES.websiteExists : PUBLIC_API_V1_MESSAGES.competitorExists },
      ],
    },
    [`delete${One}`]: {
      errors: [
        { status: 404, summary: 'Unknown id', detail: one === 'website' ? PUBLIC_API_V1_MESSAGES.websiteNotFound : PUBLIC_API_V1_MESSAGES.competitorNotFound },
        ...(one === 'website' ? [{ status: 409, summary: 'Last website', detail: PUBLIC_API_V1_MESSAGES.lastWebsite }] : []),
      ],
    },
  };
};

/** Examples by operationId; the tests check each value against its operation's schema. */
export const V1_EXAMPLES: Record<string, OperationExamples> = {
  createAudit: {
    request: { summary: 'A page audit', value: { url: 'https://example.com/', scope: 'page' } },
    success: { summary: 'Queued', value: V1_RESULT_EXAMPLES.createAudit },
    errors: [invalidUrl, { status: 409, summary: 'Audit running', detail: AUDIT_MESSAGES.alreadyRunning }, { status: 403, summary: 'Monthly limit', detail: AUDIT_MESSAGES.limitReached }],
  },
  listAudits: {
    success: { summary: 'A page of audits', value: V1_RESULT_EXAMPLES.listAudits },
    errors: [{ status: 400, summary: 'Bad cursor', detail: PUBLIC_API_V1_MESSAGES.badCursor, details: [{ path: 'querystring.cursor', message: PUBLIC_API_V1_MESSAGES.badCursor }] }],
  },
  getAudit: {
    success: { summary: 'Completed, with its report', value: V1_RESULT_EXAMPLES.getAudit },
    errors: [{ status: 404, summary: 'Unknown id', detail: 'Not found' }],
  },
  ...siteExamples('website', 'Websites', 'Website'),
  ...siteExamples('competitor', 'Competitors', 'Competitor'),
  ...Object.fromEntries(
    (Object.keys(TOOL_REQUESTS) as V1ToolName[]).map((name) => [
      toolOperationId(name),
      {
        request: { summary: 'A typical request', value: TOOL_REQUESTS[name] },
        success: { summary: 'The result', value: V1_RESULT_EXAMPLES[toolOperationId(name)] },
        errors: [planGate(name), { status: 429, summary: 'Too many calls', detail: API_KEY_MESSAGES.rateLimited(42) }],
      } satisfies OperationExamples,
    ]),
  ),
};

/** The request bodies of the tools' examples, so a script can replay them (the examples' capture). */
export const V1_TOOL_REQUEST_EXAMPLES = TOOL_REQUESTS;
