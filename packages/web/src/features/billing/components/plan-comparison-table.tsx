import { PLAN_IDS, PLANS, planComparison, type PlanId } from '@citable/contract';
import { Check, Minus } from 'lucide-react';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { cn } from '../../../lib/cn';

/** What each plan includes, from the same entitlements the server enforces. */
export function PlanComparisonTable({ current }: { current: PlanId }) {
  return (
    <ScrollRegion label="Plan comparison" className="rounded-xl ring-1 ring-slate-200">
      <table className="w-full min-w-[36rem] text-left text-sm" data-testid="plan-comparison">
        <caption className="sr-only">Plan comparison</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Feature
            </th>
            {PLAN_IDS.map((plan) => (
              <th key={plan} scope="col" className={cn('px-3 py-2 font-semibold', plan === current && 'text-primary-700')}>
                {PLANS[plan].name}
                {plan === current ? <span className="sr-only"> (your plan)</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {planComparison().map((row) => (
            <tr key={row.label}>
              <th scope="row" className="px-3 py-2 font-medium text-slate-800">
                {row.label}
              </th>
              {PLAN_IDS.map((plan) => {
                const value = row.values[plan];
                return (
                  <td key={plan} className={cn('px-3 py-2 text-slate-700', plan === current && 'bg-primary-50/60')}>
                    {value === true ? (
                      <>
                        <Check aria-hidden="true" className="size-4 text-secondary-600" />
                        <span className="sr-only">Included</span>
                      </>
                    ) : value === false ? (
                      <>
                        <Minus aria-hidden="true" className="size-4 text-slate-400" />
                        <span className="sr-only">Not included</span>
                      </>
                    ) : (
                      value
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
