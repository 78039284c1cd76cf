import { annualMonthlyEquivalent, PLAN_IDS, planComparison, PLANS, SITE_AUDIT_PAGE_LIMITS, type PlanId } from '@citable/contract';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { AUDIT_CHECK_COUNT } from '../data/product-facts';

const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;
const perPlan = (value: (id: PlanId) => string) => Object.fromEntries(PLAN_IDS.map((id) => [id, value(id)])) as Record<PlanId, string>;

// The billing dialog's comparison rows (derived from the gates the server enforces) that matter
// most when choosing a plan, after the prices.
const SHOWN = ['Websites', 'Competitors', 'Audits per month', 'Tools', 'AI Visibility subscores', 'Reports per month', 'White-label theming', 'Team access'];

const ROWS: { label: string; values: Record<PlanId, string | boolean> }[] = [
  { label: 'Price, billed monthly', values: perPlan((id) => `${dollars(PLANS[id].monthlyPrice)} a month`) },
  { label: 'Price, billed annually', values: perPlan((id) => `${dollars(PLANS[id].annualPrice)} a year`) },
  ...planComparison().filter((row) => SHOWN.includes(row.label)),
  { label: 'Pages per site audit', values: perPlan((id) => String(SITE_AUDIT_PAGE_LIMITS[id])) },
];

const core = PLANS.core;

export function PlanComparison() {
  return (
    <div className="mx-auto mt-16 max-w-4xl">
      <h3 id="compare-plans" className="text-center text-2xl font-bold text-slate-900">
        How do the plans compare?
      </h3>
      <p className="mx-auto mt-4 max-w-3xl text-center leading-7 text-slate-600">
        Every plan audits with the same {AUDIT_CHECK_COUNT} checks. Plans differ in how many websites, competitors and audits they cover, and in which tools they unlock.
        Annual billing saves 25%: {core.name} costs {dollars(annualMonthlyEquivalent(core))} a month when billed at {dollars(core.annualPrice)} a year.
      </p>
      <ScrollRegion label="Plan limits and prices" className="mt-8 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Limits and prices of the Free, Core, Pro and Agency plans</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Plan
              </th>
              {PLAN_IDS.map((id) => (
                <th key={id} scope="col" className="px-4 py-3 font-semibold text-slate-900">
                  {PLANS[id].name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 text-slate-700">
            {ROWS.map((row) => (
              <tr key={row.label}>
                <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                  {row.label}
                </th>
                {PLAN_IDS.map((id) => (
                  <td key={id} className="px-4 py-3">
                    {row.values[id] === true ? 'Yes' : row.values[id] === false ? 'No' : row.values[id]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
