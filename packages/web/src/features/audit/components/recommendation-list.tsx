import { useState } from 'react';
import type { AuditReport } from '@citable/contract';
import { Button } from '../../../components/ui/button';

const SHOWN = 3;

/** Key recommendations: 3 by default, all on request (spec 001 §2). */
export function RecommendationList({ report }: { report: AuditReport }) {
  const [all, setAll] = useState(false);
  const { recommendations, issues } = report;
  const shown = all ? recommendations : recommendations.slice(0, SHOWN);
  return (
    <section aria-labelledby="recommendations-title" data-testid="recommendations">
      <h3 id="recommendations-title" className="text-base font-semibold text-slate-900">
        Key recommendations
      </h3>
      {recommendations.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Every check passed. Nothing to fix.</p>
      ) : (
        <ol id="recommendation-items" className="mt-3 space-y-2">
          {shown.map((text, index) => {
            const priority = issues?.[index]?.priority;
            return (
              <li key={`${index}-${text}`} className="flex gap-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800" data-testid="recommendation">
                <span aria-hidden="true" className="font-semibold text-primary-700 tabular-nums">
                  {index + 1}.
                </span>
                <span className="min-w-0">
                  {text}
                  {priority && <span className="ml-2 inline-block rounded bg-white px-1.5 whitespace-nowrap py-0.5 text-xs font-medium text-slate-600 ring-1 ring-slate-200">{priority} priority</span>}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {recommendations.length > SHOWN && (
        <Button variant="ghost" size="sm" className="mt-2" aria-expanded={all} aria-controls="recommendation-items" onClick={() => setAll((value) => !value)}>
          {all ? 'Show top 3' : `Show all ${recommendations.length}`}
        </Button>
      )}
    </section>
  );
}
