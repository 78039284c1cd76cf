import { checkSiteCaps, PLAN_IDS, websitesLimit, competitorsLimit, type PlanId, type SiteEntry } from '@citable/contract';
import { HttpError } from '../../lib/http-error';

function lowestPlanAllowing(input: { websites?: SiteEntry[]; competitors?: SiteEntry[] }): PlanId | undefined {
  return PLAN_IDS.find((plan) => checkSiteCaps(plan, input).length === 0);
}

/**
 * The server's side of the plan caps: 403 naming the plan that would allow the request, or 400
 * when no plan allows that many entries.
 */
export function enforceSiteCaps(plan: PlanId, input: { websites?: SiteEntry[]; competitors?: SiteEntry[] }): void {
  const violations = checkSiteCaps(plan, input);
  if (violations.length === 0) return;
  const details = violations.map((violation) => ({ path: violation.field, message: violation.message }));
  const requiredPlan = lowestPlanAllowing(input);
  if (!requiredPlan) {
    const max = PLAN_IDS[PLAN_IDS.length - 1];
    throw new HttpError(400, {
      error: `No plan allows more than ${websitesLimit(max)} websites or ${competitorsLimit(max)} competitors.`,
      details,
    });
  }
  throw new HttpError(403, { error: violations.map((violation) => violation.message).join(' '), requiredPlan, details });
}
