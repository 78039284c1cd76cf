/**
 * What each plan's card lists (the pricing page, the billing dialog, upgrade prompts), derived
 * from the same gates and allowances the server enforces and the plan comparison table shows
 * (entitlements.ts), so a card can never say what a row of the table denies: "Limited reports"
 * beside "Reports per month: No" was one such contradiction.
 */
import { AREAS, canUse, planToolCount, usageLimit, type Gate } from './entitlements';
import { hasPrioritySupport, PLAN_IDS, PLAN_RANK, PLANS, type PlanId } from './plans';
import { TOOL_IDS, TOOLS } from './tools';

/** One bullet of a card, with what makes it true, so a test can hold it against the table. */
export interface PlanCardBullet {
  text: string;
  /** The gate it states the plan passes (a feature) or fails (a limitation); none for what every plan has. */
  gate?: Gate;
  /** A monthly allowance it states, checked against `usageLimit`. */
  allowance?: { meter: 'audits' | 'reports'; value: number };
}

export interface PlanCard {
  features: PlanCardBullet[];
  limitations: PlanCardBullet[];
}

/** A gated capability as a card words it: on the lowest plan that has it, and "No ..." on the plan below. */
interface Claim {
  gate: Gate;
  feature: string;
  /** The limitation on the plan just below the one that adds it; unset when not worth a bullet. */
  lacking?: string;
}

/** The claims in the order the cards list them. Tools are claimed by their own names (tools.ts). */
const CLAIMS: Claim[] = [
  { gate: { area: 'subscores' }, feature: 'All four subscores', lacking: 'No subscores' },
  ...TOOL_IDS.filter((id) => id !== 'overview').map((id): Claim => ({ gate: { tool: id }, feature: TOOLS[id].name, ...(id === 'generator' ? { lacking: 'No AI content generator' } : {}) })),
  { gate: { area: 'genie' }, feature: 'Genie with tool guidance', lacking: 'No AI assistant' },
  { gate: { area: 'competitive-viz' }, feature: 'Competitive Intelligence dashboard', lacking: 'No competitive analysis' },
  { gate: { area: 'genie-full' }, feature: 'Full Genie assistant' },
  { gate: { area: 'proactive-suggestions' }, feature: 'Weekly proactive suggestions' },
  { gate: { area: 'team-access' }, feature: 'Multi-site management, team access and client reporting', lacking: 'No team access' },
  { gate: { area: 'report-white-label' }, feature: AREAS['report-white-label'].label, lacking: 'No white-label reports' },
  { gate: { area: 'white-label' }, feature: 'White-label options' },
];

const previous = (plan: PlanId): PlanId | undefined => PLAN_IDS[PLAN_RANK[plan] - 1];
const next = (plan: PlanId): PlanId | undefined => PLAN_IDS[PLAN_RANK[plan] + 1];
const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

function card(plan: PlanId): PlanCard {
  const { websitesLimit, competitorsLimit } = PLANS[plan];
  const below = previous(plan);
  const above = next(plan);
  const audits = usageLimit(plan, 'audits');
  const reports = usageLimit(plan, 'reports');
  const features: PlanCardBullet[] = [
    { text: `${plural(websitesLimit, 'website', 'websites')}, ${plural(competitorsLimit, 'competitor', 'competitors')}` },
    { text: `${plural(audits, 'audit', 'audits')} a month`, allowance: { meter: 'audits', value: audits } },
    ...(below ? [{ text: `Everything in ${PLANS[below].name}` }] : [{ text: 'Overall AI Visibility Score' }, { text: 'Basic dashboard' }]),
    ...(reports > 0 ? [{ text: `${plural(reports, 'report', 'reports')} a month`, allowance: { meter: 'reports' as const, value: reports } }] : []),
    ...CLAIMS.filter((claim) => canUse(plan, claim.gate) && !(below && canUse(below, claim.gate))).map((claim) => ({ text: claim.feature, gate: claim.gate })),
    // Support is listed where it starts and where it changes; "Everything in ..." carries it on.
    ...(!below || hasPrioritySupport(plan) !== hasPrioritySupport(below) ? [{ text: hasPrioritySupport(plan) ? 'Priority e-mail support' : 'E-mail support' }] : []),
  ];
  const tools = planToolCount(plan);
  const limitations: PlanCardBullet[] = [
    // The tools a plan lacks are named on the plan that adds them; the first plan's card says how few it has.
    ...(!below && above && tools.included < planToolCount(above).included
      ? [{ text: tools.included === 0 ? 'No tools beyond the overall score' : `Limited tools (${tools.included} of ${tools.total})` }]
      : []),
    ...(reports === 0 ? [{ text: 'No reports', allowance: { meter: 'reports' as const, value: 0 } }] : []),
    ...CLAIMS.filter((claim) => claim.lacking && above && !canUse(plan, claim.gate) && canUse(above, claim.gate)).map((claim) => ({ text: claim.lacking!, gate: claim.gate })),
  ];
  return { features, limitations };
}

/** Each plan's card, computed once from the gates. */
export const PLAN_CARDS: Record<PlanId, PlanCard> = Object.fromEntries(PLAN_IDS.map((plan) => [plan, card(plan)])) as Record<PlanId, PlanCard>;

/** The card's bullets as text, as the pricing page, the billing dialog and the upgrade prompts list them. */
export function planCardText(plan: PlanId): { features: string[]; limitations: string[] } {
  return { features: PLAN_CARDS[plan].features.map((bullet) => bullet.text), limitations: PLAN_CARDS[plan].limitations.map((bullet) => bullet.text) };
}
