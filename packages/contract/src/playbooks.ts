import { z } from 'zod';
import type { AuditIssue, IssueCategory, Subscores } from './audit-result';
import { AREAS, canUseTool, PLAYBOOK_REQUIRED_PLAN } from './entitlements';
import { GOAL_IDS, type GoalId } from './goals';
import { PLAN_RANK, type PlanId } from './plans';
import { TOOLS } from './tools';

/** Optimization Playbooks (spec 002 §2.7, §3, §4, §6, §9), defined once for the server and the web app. */

/** The sections a step can open: tool ids plus the Content Editor. */
export const PLAYBOOK_STEP_TOOL_IDS = ['audit', 'schema', 'optimizer', 'citations', 'voice', 'entities', 'generator', 'summaries', 'prompts', 'discovery', 'competitive', 'editor'] as const;
export type PlaybookStepToolId = (typeof PLAYBOOK_STEP_TOOL_IDS)[number];

export const PLAYBOOK_DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type PlaybookDifficulty = (typeof PLAYBOOK_DIFFICULTIES)[number];

export const playbookStepSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  action: z.string(),
  toolId: z.enum(PLAYBOOK_STEP_TOOL_IDS),
  estimatedTime: z.string(),
  /** 1 (first) to 5; the custom playbook's closing verification step is 10. */
  priority: z.number().int().min(1).max(10),
  dependsOn: z.array(z.string()).optional(),
  /**
   * The engine checks (packages/engine/src/checks) the step works on: what the playbook's match
   * is measured on. A step that only measures (an audit, a test run) works on none.
   */
  checkIds: z.array(z.string()).optional(),
});
export type PlaybookStep = z.infer<typeof playbookStepSchema>;

export const playbookSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  goal: z.string(),
  difficulty: z.enum(PLAYBOOK_DIFFICULTIES),
  estimatedTime: z.string(),
  category: z.string(),
  relatedGoals: z.array(z.enum(GOAL_IDS)),
  steps: z.array(playbookStepSchema),
  benefits: z.array(z.string()),
  recommendedFor: z.array(z.string()),
  custom: z.boolean().default(false),
});
export type Playbook = z.infer<typeof playbookSchema>;

/**
 * How much of a playbook the user's latest own audit calls for: of the `total` engine checks its
 * steps work on, the `failing` ones (applicable and scoring below the pass threshold: the audit's
 * issues), and their share as a percent, rounded.
 */
export const playbookMatchSchema = z.object({
  failing: z.number().int().min(0),
  total: z.number().int().min(1),
  percent: z.number().int().min(0).max(100),
});
export type PlaybookMatch = z.infer<typeof playbookMatchSchema>;

/** Custom playbooks need Core (spec 002 §6); their ids carry this prefix so the gate can tell them apart. */
export const CUSTOM_PLAYBOOK_PREFIX = 'custom-';
/** A custom playbook's step that fixes one check is named after it: `fix-<check id>`. */
export const CUSTOM_FIX_STEP_PREFIX = 'fix-';
export const VERIFY_STEP_ID = 'verify-improvements';
export const VERIFY_STEP_PRIORITY = 10;
/** A custom playbook covers the checks that cost the most; beyond this the list stops being a plan. */
export const CUSTOM_PLAYBOOK_MAX_FIXES = 8;

export const PLAYBOOK_MESSAGES = {
  stepLocked: 'Complete the steps this one depends on first.',
  noAudit: 'Run an AI Visibility Audit first: a custom playbook is built from its results.',
  nothingToFix: 'Your latest audit has no failing checks to build a playbook from.',
  notFound: 'Playbook not found',
} as const;

const step = (s: PlaybookStep): PlaybookStep => s;

export const PLAYBOOKS: Playbook[] = [
  {
    id: 'ai-visibility-foundation',
    title: 'AI Visibility Foundation',
    description: 'Make your site readable and identifiable by AI systems: a measured baseline, structured data, an llms.txt summary and pages an answer engine can parse.',
    goal: 'Be understood correctly by AI assistants',
    difficulty: 'beginner',
    estimatedTime: '2-3 hours',
    category: 'Foundation',
    relatedGoals: ['improve_understanding', 'content_structure'],
    benefits: ['A measured baseline to track progress against', 'Structured data that names your business and pages', 'Pages whose headings and passages machines can parse'],
    recommendedFor: ['New sites', 'Sites without structured data', 'Low AI Understanding or Content Structure scores'],
    custom: false,
    steps: [
      step({ id: 'baseline-audit', title: 'Run your baseline audit', description: 'Audit your main page to see the four subscores and the checks that cost the most points.', action: 'Run the AI Visibility Audit', toolId: 'audit', estimatedTime: '10 min', priority: 1 }),
      step({ id: 'add-schema', title: 'Add Organization and page schema', description: 'Generate JSON-LD that states who you are and what each page is, then add it to your pages.', action: 'Generate schema', toolId: 'schema', estimatedTime: '30 min', priority: 2, dependsOn: ['baseline-audit'], checkIds: ['structured-data', 'schema-validity', 'json-ld-syntax', 'organization-identity'] }),
      step({ id: 'publish-llms-txt', title: 'Publish an llms.txt summary', description: 'Summarise your site for language models and publish the generated llms.txt at your site root.', action: 'Create site summaries', toolId: 'summaries', estimatedTime: '20 min', priority: 3, dependsOn: ['baseline-audit'], checkIds: ['llms-txt'] }),
      step({ id: 'restructure-content', title: 'Restructure your key page', description: 'Use the Content Editor to give the page one clear heading hierarchy, short paragraphs and an answer-first opening.', action: 'Open the Content Editor', toolId: 'editor', estimatedTime: '45 min', priority: 3, dependsOn: ['baseline-audit'], checkIds: ['single-h1', 'heading-hierarchy', 'paragraph-length', 'answer-first'] }),
      step({ id: 're-audit', title: 'Re-audit and compare', description: 'Audit the page again and compare the subscores with your baseline.', action: 'Run the audit again', toolId: 'audit', estimatedTime: '10 min', priority: 5, dependsOn: ['add-schema', 'publish-llms-txt', 'restructure-content'] }),
    ],
  },
  {
    id: 'voice-search-optimization',
    title: 'Voice Search Optimization',
    description: 'Become the answer voice assistants read out: question headings, concise spoken answers and FAQ and speakable markup.',
    goal: 'Be the answer voice assistants read out',
    difficulty: 'intermediate',
    estimatedTime: '3-4 hours',
    category: 'Voice',
    relatedGoals: ['voice_search'],
    benefits: ['Answers short enough to be read aloud', 'Headings that match spoken questions', 'FAQ and speakable markup assistants can use'],
    recommendedFor: ['Local businesses', 'Service and how-to content', 'Low Conversational Readiness scores'],
    custom: false,
    steps: [
      step({ id: 'test-voice', title: 'Test what assistants read out', description: 'Ask the Voice Assistant Tester your customers’ questions and note which ones your page does not answer.', action: 'Run the Voice Assistant Tester', toolId: 'voice', estimatedTime: '15 min', priority: 1 }),
      step({ id: 'question-headings', title: 'Rewrite headings as questions', description: 'Turn section headings into the questions people ask, so each section answers one spoken query.', action: 'Open the Content Editor', toolId: 'editor', estimatedTime: '30 min', priority: 2, dependsOn: ['test-voice'], checkIds: ['question-headings'] }),
      step({ id: 'concise-answers', title: 'Answer in 40-60 words', description: 'Open each section with a direct answer an assistant can read in one breath, then add the detail.', action: 'Optimize the content', toolId: 'optimizer', estimatedTime: '45 min', priority: 2, dependsOn: ['question-headings'], checkIds: ['concise-answers'] }),
      step({ id: 'faq-speakable', title: 'Add FAQPage and speakable markup', description: 'Generate FAQPage schema for the questions you answer and mark the answers as speakable.', action: 'Generate schema', toolId: 'schema', estimatedTime: '30 min', priority: 3, dependsOn: ['concise-answers'], checkIds: ['faq-content', 'speakable-markup'] }),
      step({ id: 'retest-voice', title: 'Re-test the questions', description: 'Run the same questions through the Voice Assistant Tester and check that your answers are now chosen.', action: 'Run the Voice Assistant Tester', toolId: 'voice', estimatedTime: '15 min', priority: 4, dependsOn: ['faq-speakable'] }),
    ],
  },
  {
    id: 'content-optimization-mastery',
    title: 'Content Optimization Mastery',
    description: 'Raise the odds of being quoted: evidence, entity coverage, generated FAQs and a benchmark against the competitors that are cited instead of you.',
    goal: 'Get cited in AI answers',
    difficulty: 'advanced',
    estimatedTime: '5-6 hours',
    category: 'Citations',
    relatedGoals: ['increase_citations', 'competitive_edge'],
    benefits: ['Statistics, quotations and sources answer engines prefer to quote', 'Coverage of the entities competitors are cited for', 'A measured comparison with competitors'],
    recommendedFor: ['Publishers and SaaS', 'Competitive topics', 'Low Citation Likelihood scores'],
    custom: false,
    steps: [
      step({ id: 'measure-citations', title: 'Measure where you are cited', description: 'Track how often AI answers mention your brand today, for the keywords you care about.', action: 'Run the Citation Tracker', toolId: 'citations', estimatedTime: '15 min', priority: 1 }),
      step({ id: 'add-evidence', title: 'Add statistics, quotes and sources', description: 'Rewrite the key passages so each claim carries a figure, a quotation or a cited source.', action: 'Optimize the content', toolId: 'optimizer', estimatedTime: '60 min', priority: 1, dependsOn: ['measure-citations'], checkIds: ['statistics', 'quotations', 'cited-sources'] }),
      step({ id: 'entity-gaps', title: 'Close entity gaps', description: 'Find the people, products and topics competitors cover and you do not, and cover them.', action: 'Analyze entity coverage', toolId: 'entities', estimatedTime: '30 min', priority: 2, dependsOn: ['measure-citations'], checkIds: ['entity-clarity'] }),
      step({ id: 'generate-faqs', title: 'Generate FAQs from your content', description: 'Generate FAQs and snippets grounded in your own passages and publish the best ones.', action: 'Generate content', toolId: 'generator', estimatedTime: '30 min', priority: 3, dependsOn: ['add-evidence'], checkIds: ['faq-content'] }),
      step({ id: 'polish-in-editor', title: 'Polish in the Content Editor', description: 'Apply the editor’s inline fixes until no errors or warnings remain.', action: 'Open the Content Editor', toolId: 'editor', estimatedTime: '30 min', priority: 3, dependsOn: ['add-evidence'], checkIds: ['sentence-length', 'keyword-stuffing'] }),
      step({ id: 'benchmark', title: 'Benchmark against competitors', description: 'Compare your scores with your competitors’ and note the checks where they still beat you.', action: 'Run Competitive Analysis', toolId: 'competitive', estimatedTime: '20 min', priority: 4, dependsOn: ['entity-gaps', 'polish-in-editor'] }),
      step({ id: 'track-citations', title: 'Track citations after publishing', description: 'Re-run the Citation Tracker after publishing and compare the mention rate with your first measurement.', action: 'Run the Citation Tracker', toolId: 'citations', estimatedTime: '15 min', priority: 5, dependsOn: ['benchmark', 'generate-faqs'] }),
    ],
  },
];

export const PLAYBOOKS_BY_ID: ReadonlyMap<string, Playbook> = new Map(PLAYBOOKS.map((playbook) => [playbook.id, playbook]));

export const isCustomPlaybookId = (id: string) => id.startsWith(CUSTOM_PLAYBOOK_PREFIX);

/** The plan a playbook needs: custom ones need Core, known ones their entry in PLAYBOOK_REQUIRED_PLAN. */
export function playbookRequiredPlan(id: string): PlanId {
  if (isCustomPlaybookId(id)) return 'core';
  return PLAYBOOK_REQUIRED_PLAN[id] ?? 'pro';
}

export type StepState = 'completed' | 'available' | 'locked';

/** A step is locked until every step it depends on is completed (spec 002 §4). */
/**
 * The plan a step's work needs (issue 33). An audit step is done on the overview, where every
 * plan runs its site's audit (the AI Visibility Audit tool adds page audits and more on Core);
 * the editor is an area; every other step needs its tool's plan.
 */
export function stepRequiredPlan(step: Pick<PlaybookStep, 'toolId'>): PlanId {
  if (step.toolId === 'audit') return 'free';
  if (step.toolId === 'editor') return AREAS.editor.requiredPlan;
  return TOOLS[step.toolId].requiredPlan;
}

/** Whether `plan` can do a step's work; a step it cannot is an upgrade step, shown with its plan. */
export function canDoStep(plan: PlanId, step: Pick<PlaybookStep, 'toolId'>): boolean {
  return PLAN_RANK[plan] >= PLAN_RANK[stepRequiredPlan(step)];
}

/** The dashboard section a step opens on `plan`: its tool, or the overview's audit where the plan lacks the audit tool. */
export function stepSection(step: Pick<PlaybookStep, 'toolId'>, plan: PlanId): PlaybookStepToolId | 'overview' {
  return step.toolId === 'audit' && !canUseTool(plan, 'audit') ? 'overview' : step.toolId;
}

/**
 * A step is completed, available, or locked behind steps it depends on. With `plan`, a dependency
 * the plan cannot do (an upgrade step) does not hold the steps after it: a Free user re-audits
 * after the steps Free can do, instead of waiting behind Core tools for ever (issue 33).
 */
export function stepState(step: PlaybookStep, completed: ReadonlySet<string>, plan?: PlanId, steps?: readonly PlaybookStep[]): StepState {
  if (completed.has(step.id)) return 'completed';
  // A waived upgrade step stands for what it waits on, so the order of the steps the plan can do holds.
  const satisfied = (id: string, seen: ReadonlySet<string>): boolean => {
    if (completed.has(id)) return true;
    const other = plan !== undefined && !seen.has(id) ? steps?.find((candidate) => candidate.id === id) : undefined;
    if (!other || canDoStep(plan!, other)) return false;
    return (other.dependsOn ?? []).every((dependency) => satisfied(dependency, new Set([...seen, id])));
  };
  return (step.dependsOn ?? []).every((id) => satisfied(id, new Set([step.id]))) ? 'available' : 'locked';
}

/**
 * The steps done before any click (issue 33: an audit already run counted for nothing): with an
 * audit of the user's own site, a playbook's opening audit steps (an audit step that waits on
 * nothing) count as completed, added to the `stored` completions.
 */
export function withOpeningAudits(playbooks: readonly Playbook[], stored: Record<string, string[]>, audited: boolean): Record<string, string[]> {
  if (!audited) return stored;
  const result: Record<string, string[]> = { ...stored };
  for (const playbook of playbooks) {
    const opening = playbook.steps.filter((step) => step.toolId === 'audit' && (step.dependsOn ?? []).length === 0).map((step) => step.id);
    const done = new Set(result[playbook.id] ?? []);
    if (opening.every((id) => done.has(id))) continue;
    result[playbook.id] = [...done, ...opening.filter((id) => !done.has(id))];
  }
  return result;
}

/** Progress percent = completed steps over total steps, rounded. */
export function playbookProgress(playbook: Playbook, completed: ReadonlySet<string>): number {
  if (playbook.steps.length === 0) return 0;
  const done = playbook.steps.filter((s) => completed.has(s.id)).length;
  return Math.round((done / playbook.steps.length) * 100);
}

const GOAL_PLAYBOOK: Record<GoalId, string> = {
  improve_understanding: 'ai-visibility-foundation',
  content_structure: 'ai-visibility-foundation',
  voice_search: 'voice-search-optimization',
  increase_citations: 'content-optimization-mastery',
  competitive_edge: 'content-optimization-mastery',
};

const SUBSCORE_PLAYBOOK: Record<keyof Subscores, string> = {
  aiUnderstanding: 'ai-visibility-foundation',
  contentStructure: 'ai-visibility-foundation',
  citationLikelihood: 'content-optimization-mastery',
  conversationalReadiness: 'voice-search-optimization',
};

/**
 * The recommended playbook (spec 002 §9): the user's first goal decides when there is one;
 * otherwise the weakest subscore of the latest audit; without either, the foundation.
 */
export function recommendPlaybook(latest: Subscores | null, goals: readonly GoalId[]): string {
  const goal = goals.find((id) => GOAL_PLAYBOOK[id]);
  if (goal) return GOAL_PLAYBOOK[goal];
  if (!latest) return 'ai-visibility-foundation';
  const weakest = (Object.keys(SUBSCORE_PLAYBOOK) as (keyof Subscores)[]).reduce((low, id) => (latest[id] < latest[low] ? id : low));
  return SUBSCORE_PLAYBOOK[weakest];
}

/** The tool that fixes each engine check, for the custom playbook's steps. */
const CHECK_TOOL: Record<string, PlaybookStepToolId> = {
  'answer-first': 'editor',
  'author-attribution': 'optimizer',
  'author-profile': 'schema',
  breadcrumbs: 'schema',
  'cited-sources': 'optimizer',
  'concise-answers': 'voice',
  'content-depth': 'generator',
  'content-freshness': 'optimizer',
  'document-title': 'generator',
  'entity-clarity': 'entities',
  'faq-content': 'generator',
  'heading-hierarchy': 'editor',
  // Manipulation is removed from the page itself; the audit checks that it is gone.
  'hidden-text': 'audit',
  'json-ld-syntax': 'schema',
  'keyword-stuffing': 'editor',
  'link-text': 'editor',
  'list-usage': 'editor',
  'llms-txt': 'summaries',
  'meta-description': 'generator',
  'modification-date': 'schema',
  'organization-identity': 'schema',
  'paragraph-length': 'editor',
  'prompt-injection': 'audit',
  'publication-date': 'schema',
  'question-headings': 'editor',
  quotations: 'optimizer',
  'reading-ease': 'editor',
  'schema-validity': 'schema',
  'sentence-length': 'editor',
  'single-h1': 'editor',
  'social-metadata': 'generator',
  'speakable-markup': 'schema',
  statistics: 'optimizer',
  'step-lists': 'editor',
  'structured-data': 'schema',
  'subheading-distribution': 'editor',
  'summary-intro': 'optimizer',
  'table-usage': 'editor',
  'unique-facts': 'optimizer',
};

/** Checks without an entry are fixed on the site itself (crawling, status, sitemaps): the audit re-checks them. */
const CATEGORY_TOOL: Record<IssueCategory, PlaybookStepToolId> = {
  Content: 'optimizer',
  Schema: 'schema',
  'Technical SEO': 'audit',
  'User Experience': 'editor',
};

const STEP_TOOL_NAMES: Record<PlaybookStepToolId, string> = {
  audit: 'AI Visibility Audit',
  schema: 'Schema Generator',
  optimizer: 'AI Content Optimizer',
  citations: 'Citation Tracker',
  voice: 'Voice Assistant Tester',
  entities: 'Entity Coverage Analyzer',
  generator: 'AI Content Generator',
  summaries: 'LLM Site Summaries',
  prompts: 'Prompt Match Suggestions',
  discovery: 'Competitor Discovery',
  competitive: 'Competitive Analysis',
  editor: 'Content Editor',
};

const PRIORITY_STEP: Record<AuditIssue['priority'], { priority: number; estimatedTime: string }> = {
  High: { priority: 1, estimatedTime: '45 min' },
  Medium: { priority: 3, estimatedTime: '30 min' },
  Low: { priority: 5, estimatedTime: '15 min' },
};

export interface CustomPlaybookSource {
  /** The latest audit's failing checks, most points lost first (as audit_history stores them). */
  issues: AuditIssue[];
  websiteUrl: string | null;
  auditedAt: string;
}

/**
 * A playbook from the user's own latest audit: one step per failing check, in the order of the
 * points it costs, each opening the tool that fixes it, then "Verify Improvements", which depends
 * on every other step so it is the last one unlocked. Null when nothing fails.
 */
export function buildCustomPlaybook(id: string, source: CustomPlaybookSource): Playbook | null {
  const issues = source.issues.slice(0, CUSTOM_PLAYBOOK_MAX_FIXES);
  if (issues.length === 0) return null;
  const fixes: PlaybookStep[] = issues.map((issue) => {
    const toolId = CHECK_TOOL[issue.checkId] ?? CATEGORY_TOOL[issue.category];
    return {
      id: `${CUSTOM_FIX_STEP_PREFIX}${issue.checkId}`,
      title: issue.title,
      description: issue.suggestion,
      action: `Fix with the ${STEP_TOOL_NAMES[toolId]}`,
      toolId,
      ...PRIORITY_STEP[issue.priority],
      checkIds: [issue.checkId],
    };
  });
  const verify: PlaybookStep = {
    id: VERIFY_STEP_ID,
    title: 'Verify Improvements',
    description: 'Audit the page again to confirm each fix raised the score.',
    action: 'Run the AI Visibility Audit',
    toolId: 'audit',
    estimatedTime: '10 min',
    priority: VERIFY_STEP_PRIORITY,
    dependsOn: fixes.map((s) => s.id),
  };
  const site = source.websiteUrl ? ` for ${source.websiteUrl}` : '';
  return {
    id,
    title: `Your Custom Playbook${site}`,
    description: `Built from your audit of ${source.auditedAt.slice(0, 10)}: the ${fixes.length} failing checks that cost the most points, in that order.`,
    goal: 'Fix what your latest audit found',
    difficulty: fixes.some((s) => s.priority === 1) ? 'intermediate' : 'beginner',
    estimatedTime: `${fixes.length + 1} steps`,
    category: 'Custom',
    relatedGoals: [],
    steps: [...fixes, verify],
    benefits: ['Targets the checks that cost you the most points first', 'Each step opens the tool that fixes it', 'Ends with an audit that measures the gain'],
    recommendedFor: ['Your site, as audited'],
    custom: true,
  };
}

/** The engine checks a playbook works on: its steps' checks, each once, in step order. */
export function playbookCheckIds(playbook: Pick<Playbook, 'steps'>): string[] {
  return [...new Set(playbook.steps.flatMap((s) => s.checkIds ?? []))];
}

/**
 * The playbook's match against an audit, from the audit's failing check ids (its issues): null
 * without an audit, or for a playbook whose steps work on no check; never a figure made up.
 */
export function playbookMatch(playbook: Pick<Playbook, 'steps'>, failingCheckIds: ReadonlySet<string> | null): PlaybookMatch | null {
  if (failingCheckIds === null) return null;
  const checks = playbookCheckIds(playbook);
  if (checks.length === 0) return null;
  const failing = checks.filter((id) => failingCheckIds.has(id)).length;
  return { failing, total: checks.length, percent: Math.round((failing / checks.length) * 100) };
}

/**
 * A playbook as listed for one user: whether the plan opens it, which plan does, and its match
 * against the user's latest own audit (absent without one, or when its steps work on no check).
 */
export const playbookListItemSchema = playbookSchema.extend({ available: z.boolean(), requiredPlan: z.enum(['free', 'core', 'pro', 'agency']), match: playbookMatchSchema.optional() });
export type PlaybookListItem = z.infer<typeof playbookListItemSchema>;

/** GET /api/playbooks. Custom playbooks first, newest first, then the known ones. */
export const playbooksResponseSchema = z.object({
  playbooks: z.array(playbookListItemSchema),
  /** Completed step ids per playbook id. */
  completed: z.record(z.string(), z.array(z.string())),
  recommendedId: z.string(),
  customAllowed: z.boolean(),
  /**
   * The audit the matches are measured against: the latest own audit of the primary website (the
   * profile's first), or the newest own audit when the profile lists no website; null without one.
   */
  matchAudit: z.object({ websiteUrl: z.string().nullable(), auditedAt: z.string() }).nullable(),
});
export type PlaybooksResponse = z.infer<typeof playbooksResponseSchema>;

/** POST /api/playbooks/:id/steps/:stepId/complete */
export const stepCompleteResponseSchema = z.object({ playbookId: z.string(), completed: z.array(z.string()), progress: z.number() });
export type StepCompleteResponse = z.infer<typeof stepCompleteResponseSchema>;

/** POST /api/playbooks/custom */
export const customPlaybookResponseSchema = z.object({ playbook: playbookListItemSchema });
export type CustomPlaybookResponse = z.infer<typeof customPlaybookResponseSchema>;
