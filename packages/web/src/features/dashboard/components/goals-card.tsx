import { GOALS, type Profile } from '@citable/contract';
import { Target } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useUiState } from '../../../stores/ui-state';

/**
 * The user's goals with their target scores. Progress is measured by audits, which arrive with
 * the audit tool; until one exists the card says so rather than showing a number.
 */
export function GoalsCard({ profile }: { profile: Profile }) {
  const { setSettingsOpen } = useUiState();
  return (
    <section aria-labelledby="goals-card-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" data-testid="goals-card">
      <div className="flex items-start justify-between gap-3">
        <h2 id="goals-card-title" className="text-lg font-semibold text-slate-900">
          Your goals
        </h2>
        <Target aria-hidden="true" className="size-5 text-secondary-600" />
      </div>
      {profile.goals.length === 0 ? (
        <div className="mt-4">
          <p className="text-sm text-slate-600">You have not chosen any goals yet.</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => setSettingsOpen(true)}>
            Choose goals
          </Button>
        </div>
      ) : (
        <ul className="mt-4 space-y-3">
          {profile.goals.map((id) => {
            const goal = GOALS[id];
            return (
              <li key={id} className="rounded-lg border border-slate-200 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium text-slate-900">{goal.label}</p>
                  <p className="text-sm text-slate-600">
                    Target score <span className="font-semibold text-slate-900">{goal.targetScore}</span>
                  </p>
                </div>
                <p className="mt-1 text-sm text-slate-600">{goal.description}</p>
                <p className="mt-2 text-xs font-medium text-slate-600">
                  Progress: <span className="rounded bg-slate-100 px-1.5 py-0.5">No audits yet</span>
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
