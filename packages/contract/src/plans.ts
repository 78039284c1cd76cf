/**
 * Plans, prices, caps and ranks: the one source of truth the server enforces and the web app shows.
 * Prices are US dollars. Annual prices are charged once a year; the pricing page shows them per month.
 */

export const PLAN_IDS = ['free', 'core', 'pro', 'agency'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const DEFAULT_PLAN: PlanId = 'free';

export const PLAN_RANK: Record<PlanId, number> = { free: 0, core: 1, pro: 2, agency: 3 };

export type BillingCycle = 'monthly' | 'annual';

export interface PlanDefinition {
  id: PlanId;
  name: string;
  description: string;
  monthlyPrice: number;
  annualPrice: number;
  websitesLimit: number;
  competitorsLimit: number;
  popular: boolean;
  /* A plan's features and limitations, as its card lists them, are derived from the gates: plan-cards.ts. */
}

export const PLANS: Record<PlanId, PlanDefinition> = {
  free: {
    id: 'free',
    name: 'Free',
    description: 'See where you stand with AI answer engines.',
    monthlyPrice: 0,
    annualPrice: 0,
    websitesLimit: 1,
    competitorsLimit: 1,
    popular: false,
  },
  core: {
    id: 'core',
    name: 'Core',
    description: 'The essential toolkit to get understood and cited.',
    monthlyPrice: 20,
    annualPrice: 180,
    websitesLimit: 3,
    competitorsLimit: 3,
    popular: false,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    description: 'Win the answers your competitors are getting.',
    monthlyPrice: 60,
    annualPrice: 540,
    websitesLimit: 10,
    competitorsLimit: 10,
    popular: true,
  },
  agency: {
    id: 'agency',
    name: 'Agency',
    description: 'Run AI visibility for all your clients.',
    monthlyPrice: 150,
    annualPrice: 1350,
    websitesLimit: 25,
    competitorsLimit: 25,
    popular: false,
  },
};

/** The pricing page's annual toggle shows the annual price divided by 12, rounded. */
export function annualMonthlyEquivalent(plan: PlanDefinition): number {
  return Math.round(plan.annualPrice / 12);
}

export function planPrice(plan: PlanDefinition, cycle: BillingCycle): number {
  return cycle === 'annual' ? annualMonthlyEquivalent(plan) : plan.monthlyPrice;
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** Unknown or missing plans are treated as free, as the spec's default plan. */
export function normalizePlan(value: unknown): PlanId {
  return isPlanId(value) ? value : DEFAULT_PLAN;
}

export function planAtLeast(plan: PlanId, required: PlanId): boolean {
  return PLAN_RANK[plan] >= PLAN_RANK[required];
}

/**
 * Priority support (Pro and Agency): a contact-form message sent signed in on one of these plans
 * is stored and mailed to the operator marked as priority, so it is answered first (issue 19).
 */
export const PRIORITY_SUPPORT_PLAN: PlanId = 'pro';

export function hasPrioritySupport(plan: PlanId): boolean {
  return planAtLeast(plan, PRIORITY_SUPPORT_PLAN);
}

export function websitesLimit(plan: PlanId): number {
  return PLANS[plan].websitesLimit;
}

export function competitorsLimit(plan: PlanId): number {
  return PLANS[plan].competitorsLimit;
}

/**
 * Audits a plan may run per calendar month (UTC). Site audits and page audits of hosts outside
 * the user's websites and competitors count; page audits of their own sites do not.
 */
export const USAGE_LIMITS: Record<PlanId, { auditsPerMonth: number }> = {
  free: { auditsPerMonth: 5 },
  core: { auditsPerMonth: 50 },
  pro: { auditsPerMonth: 200 },
  agency: { auditsPerMonth: 1000 },
};
