/**
 * What each plan may use: tools, dashboard areas, CMS connectors, playbooks, report templates and
 * monthly usage. The server enforces these gates (packages/server/src/features/billing/gates.ts) and the web
 * app shows the same table in the billing dialog, so a gate changes in this file only.
 */
import { PLAN_IDS, PLAN_RANK, PLANS, USAGE_LIMITS, type PlanId } from './plans';
import { TOOL_IDS, TOOLS, type ToolId } from './tools';

/** Gated dashboard areas and options of spec 002 §6 and spec 000 §6. */
export const AREA_IDS = [
  'subscores',
  'reports',
  'report-competitor-benchmarks',
  'report-white-label',
  'editor',
  'competitive-viz',
  'trends-compare',
  'playbooks',
  'custom-playbook',
  'integrations',
  'white-label',
  'team-access',
  'genie',
  'genie-full',
  'proactive-suggestions',
] as const;
export type AreaId = (typeof AREA_IDS)[number];

export interface AreaDefinition {
  id: AreaId;
  label: string;
  /** The lowest plan that may use it. */
  requiredPlan: PlanId;
}

const area = (id: AreaId, label: string, requiredPlan: PlanId): AreaDefinition => ({ id, label, requiredPlan });

export const AREAS: Record<AreaId, AreaDefinition> = {
  subscores: area('subscores', 'AI Visibility subscores', 'core'),
  reports: area('reports', 'Advanced Reports', 'core'),
  'report-competitor-benchmarks': area('report-competitor-benchmarks', 'Competitor benchmarks in reports', 'pro'),
  'report-white-label': area('report-white-label', 'White-label reports (logo, company name, footer)', 'agency'),
  editor: area('editor', 'Content Editor', 'core'),
  'competitive-viz': area('competitive-viz', 'Competitive Intelligence', 'pro'),
  'trends-compare': area('trends-compare', 'Trends compare', 'pro'),
  // Free users see the playbooks area with the foundation playbook only (PLAYBOOK_REQUIRED_PLAN).
  playbooks: area('playbooks', 'Optimization Playbooks', 'free'),
  'custom-playbook': area('custom-playbook', 'Custom playbooks', 'core'),
  integrations: area('integrations', 'CMS Integrations', 'core'),
  'white-label': area('white-label', 'White-label theming', 'agency'),
  'team-access': area('team-access', 'Team access', 'agency'),
  genie: area('genie', 'Genie assistant (tool guidance)', 'core'),
  'genie-full': area('genie-full', 'Full Genie assistant', 'pro'),
  'proactive-suggestions': area('proactive-suggestions', 'Weekly proactive suggestions', 'pro'),
};

/**
 * CMS connectors and the plan that unlocks each (spec 002 §6 CMS tiers). Only connectors that
 * exist are here, so no plan table can sell one that does not: Squarespace has no public API to
 * write pages or posts (see UNSUPPORTED_CMS in cms.ts) and is not sold.
 */
export const CMS_REQUIRED_PLAN = {
  wordpress: 'core',
  shopify: 'pro',
  webflow: 'pro',
  contentful: 'pro',
  drupal: 'agency',
} as const satisfies Record<string, PlanId>;
export type CmsType = keyof typeof CMS_REQUIRED_PLAN;
export const CMS_TYPES = Object.keys(CMS_REQUIRED_PLAN) as CmsType[];
export const CMS_NAMES: Record<CmsType, string> = {
  wordpress: 'WordPress',
  shopify: 'Shopify',
  webflow: 'Webflow',
  contentful: 'Contentful',
  drupal: 'Drupal',
};

/** Report templates of spec 002 §3 and their plans. */
export const REPORT_TEMPLATE_REQUIRED_PLAN = {
  'executive-summary': 'core',
  'technical-audit': 'core',
  'competitive-intelligence': 'pro',
} as const satisfies Record<string, PlanId>;
export type ReportTemplateId = keyof typeof REPORT_TEMPLATE_REQUIRED_PLAN;
export const REPORT_TEMPLATE_IDS = Object.keys(REPORT_TEMPLATE_REQUIRED_PLAN) as ReportTemplateId[];
export const REPORT_TEMPLATE_NAMES: Record<ReportTemplateId, string> = {
  'executive-summary': 'Executive summary',
  'technical-audit': 'Technical audit',
  'competitive-intelligence': 'Competitive intelligence',
};

/**
 * Known playbooks and their plans: free gets the foundation, core adds voice search, pro and agency
 * get all. Playbooks not listed here (future ones) need pro, the plan that gets "all".
 */
export const PLAYBOOK_REQUIRED_PLAN: Record<string, PlanId> = {
  'ai-visibility-foundation': 'free',
  'voice-search-optimization': 'core',
  'content-optimization-mastery': 'pro',
};
export const PLAYBOOK_NAMES: Record<string, string> = {
  'ai-visibility-foundation': 'AI visibility foundation',
  'voice-search-optimization': 'Voice search',
  'content-optimization-mastery': 'Content optimization',
};
const UNLISTED_PLAYBOOK_PLAN: PlanId = 'pro';

/** Monthly usage meters of the billing dialog (spec 002 §9); a calendar month in UTC. */
export const USAGE_METERS = ['audits', 'toolUses', 'reports'] as const;
export type UsageMeter = (typeof USAGE_METERS)[number];

export const USAGE_METER_LABELS: Record<UsageMeter, string> = {
  audits: 'Audits',
  toolUses: 'Tool uses',
  reports: 'Reports',
};

const TOOL_USES_PER_MONTH: Record<PlanId, number> = { free: 10, core: 100, pro: 500, agency: 2000 };
// Free has no reports at all (the reports area needs core), so its limit of 0 means "not included".
const REPORTS_PER_MONTH: Record<PlanId, number> = { free: 0, core: 10, pro: 50, agency: 200 };

/** The plan's monthly allowance of one meter; 0 means the plan does not include it. */
export function usageLimit(plan: PlanId, meter: UsageMeter): number {
  switch (meter) {
    case 'audits':
      return USAGE_LIMITS[plan].auditsPerMonth;
    case 'toolUses':
      return TOOL_USES_PER_MONTH[plan];
    case 'reports':
      return REPORTS_PER_MONTH[plan];
  }
}

/** The next plan whose monthly allowance of `meter` is larger than `plan`'s, if any. */
export function nextPlanFor(plan: PlanId, meter: UsageMeter): PlanId | undefined {
  return PLAN_IDS.find((candidate) => PLAN_RANK[candidate] > PLAN_RANK[plan] && usageLimit(candidate, meter) > usageLimit(plan, meter));
}

/** The 403 of a tool run once the month's tool uses reach the plan's allowance (issue 19). */
export function toolUsesExhaustedMessage(plan: PlanId, renewsOn: Date): string {
  const limit = usageLimit(plan, 'toolUses').toLocaleString('en-US');
  const next = nextPlanFor(plan, 'toolUses');
  const renews = renewsOn.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const upgrade = next ? ` The ${PLANS[next].name} plan includes ${usageLimit(next, 'toolUses').toLocaleString('en-US')} a month.` : '';
  return `You have used all ${limit} tool uses of the ${PLANS[plan].name} plan this month.${upgrade} Your allowance renews on ${renews}.`;
}

/** One thing a request may be gated on. */
export type Gate =
  | { plan: PlanId }
  | { tool: ToolId }
  | { area: AreaId }
  | { cms: CmsType }
  | { playbook: string }
  | { reportTemplate: ReportTemplateId };

export function requiredPlanFor(gate: Gate): PlanId {
  if ('plan' in gate) return gate.plan;
  if ('tool' in gate) return TOOLS[gate.tool].requiredPlan;
  if ('area' in gate) return AREAS[gate.area].requiredPlan;
  if ('cms' in gate) return CMS_REQUIRED_PLAN[gate.cms];
  if ('playbook' in gate) return PLAYBOOK_REQUIRED_PLAN[gate.playbook] ?? UNLISTED_PLAYBOOK_PLAN;
  return REPORT_TEMPLATE_REQUIRED_PLAN[gate.reportTemplate];
}

export function canUse(plan: PlanId, gate: Gate): boolean {
  return PLAN_RANK[plan] >= PLAN_RANK[requiredPlanFor(gate)];
}

export function canUseTool(plan: PlanId, toolId: ToolId): boolean {
  return canUse(plan, { tool: toolId });
}

export function canUseArea(plan: PlanId, areaId: AreaId): boolean {
  return canUse(plan, { area: areaId });
}

/**
 * Whether the plan reveals the four subscores, and every figure read off them, on every output:
 * the dashboard, insights, alerts, digests, webhooks, the API, MCP and reports. Below it, only
 * the overall score goes out (spec 000 §6: subscores are Core and up).
 */
export function revealsSubscores(plan: PlanId): boolean {
  return canUseArea(plan, 'subscores');
}

export function toolsForPlan(plan: PlanId): ToolId[] {
  return TOOL_IDS.filter((id) => canUseTool(plan, id));
}

/** The tools of the dashboard's Tools grid: every tool section but the overview, which every plan has. */
export const GRID_TOOL_IDS: readonly ToolId[] = TOOL_IDS.filter((id) => id !== 'overview');

/**
 * How many of the tools a plan includes, counted one way on the pricing page, the plan cards and
 * the dashboard (issue 33: "7 of 11" there, "8 of 12" here): the overview is not counted.
 */
export function planToolCount(plan: PlanId): { included: number; total: number } {
  return { included: GRID_TOOL_IDS.filter((id) => canUseTool(plan, id)).length, total: GRID_TOOL_IDS.length };
}

/** The plan comparison's "Tools" cell: "N of M", or not included when the plan has none. */
export function toolCountValue(plan: PlanId): string | false {
  const { included, total } = planToolCount(plan);
  return included === 0 ? false : `${included} of ${total}`;
}

/** The message of a 403 plan gate, naming the plan to upgrade to. */
export function upgradeMessage(requiredPlan: PlanId): string {
  return `Upgrade to the ${PLANS[requiredPlan].name} plan to use this feature.`;
}

/** One row of the plan comparison: a value per plan, true/false for included or not. */
export interface ComparisonRow {
  label: string;
  values: Record<PlanId, string | boolean>;
}

const perPlan = <T>(value: (plan: PlanId) => T): Record<PlanId, T> =>
  Object.fromEntries(PLAN_IDS.map((plan) => [plan, value(plan)])) as Record<PlanId, T>;

function allowance(limit: number): string | boolean {
  return limit === 0 ? false : limit.toLocaleString('en-US');
}

/** The billing dialog's plan comparison, derived from the gates above so it cannot drift from them. */
export function planComparison(): ComparisonRow[] {
  const tiered = (gate: (plan: PlanId) => string[]) => perPlan((plan) => gate(plan).join(', ') || false);
  return [
    { label: 'Websites', values: perPlan((plan) => String(PLANS[plan].websitesLimit)) },
    { label: 'Competitors', values: perPlan((plan) => String(PLANS[plan].competitorsLimit)) },
    ...USAGE_METERS.map((meter) => ({ label: `${USAGE_METER_LABELS[meter]} per month`, values: perPlan((plan) => allowance(usageLimit(plan, meter))) })),
    { label: 'Tools', values: perPlan(toolCountValue) },
    ...(['subscores', 'reports', 'editor', 'competitive-viz', 'trends-compare', 'custom-playbook', 'genie', 'genie-full', 'proactive-suggestions', 'white-label', 'team-access'] as const).map((id) => ({
      label: AREAS[id].label,
      values: perPlan((plan) => canUseArea(plan, id)),
    })),
    { label: 'Report templates', values: tiered((plan) => REPORT_TEMPLATE_IDS.filter((id) => canUse(plan, { reportTemplate: id })).map((id) => REPORT_TEMPLATE_NAMES[id])) },
    { label: 'Playbooks', values: tiered((plan) => Object.keys(PLAYBOOK_REQUIRED_PLAN).filter((id) => canUse(plan, { playbook: id })).map((id) => PLAYBOOK_NAMES[id])) },
    { label: 'CMS integrations', values: tiered((plan) => CMS_TYPES.filter((cms) => canUse(plan, { cms })).map((cms) => CMS_NAMES[cms])) },
  ];
}
