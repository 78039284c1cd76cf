import { GOALS, goalProgressLabel, goalProgressPercent, type AuditHistoryItem, type GoalDefinition, type Profile, type SubscoreId } from '@citable/contract';
import { Target } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useUiState } from '../../../stores/ui-state';

const SUBSCORE_OF_FIELD: Record<Exclude<GoalDefinition['progressField'], 'overall_score'>, SubscoreId> = {
  ai_understanding: 'aiUnderstanding',
  citation_likelihood: 'citationLikelihood',
  conversational_readiness: 'conversationalReadiness',
  content_structure: 'contentStructure',
};

/** The audit's value of the goal's field; null when the plan does not reveal subscores. */
function goalScore(goal: GoalDefinition, audit: AuditHistoryItem): number | null {
  if (goal.progressField === 'overall_score') return audit.overall_score;
  return audit.subscores?.[SUBSCORE_OF_FIELD[goal.progressField]] ?? null;
}

function GoalProgress({ goal, audit, hasAudits }: { goal: GoalDefinition; audit: AuditHistoryItem | null; hasAudits: boolean }) {
  const score = audit ? goalScore(goal, audit) : null;
  if (score === null) {
    return (
      <p className="mt-2 text-xs font-medium text-slate-600">
        Progress: <span className="rounded bg-slate-100 px-1.5 py-0.5">{audit ? 'Subscores come with the Core plan' : hasAudits ? 'No site audit yet' : 'No audits yet'}</span>
      </p>
    );
  }
  const percent = goalProgressPercent(score, goal.targetScore);
  return (
    <div className="mt-2">
      <p className="flex justify-between text-xs font-medium text-slate-600">
        <span>
          Progress: {score} of {goal.targetScore}
        </span>
        <span>
          {percent}% · {goalProgressLabel(percent)}
        </span>
      </p>
      <div role="progressbar" aria-label={`${goal.label} progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full rounded-full bg-secondary-600" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** The user's goals with their target scores; progress is measured by the site's score, its newest site audit (spec 002 §9, issue 30). */
export function GoalsCard({ profile, latestAudit, hasAudits = latestAudit !== null }: { profile: Profile; latestAudit: AuditHistoryItem | null; hasAudits?: boolean }) {
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
                <GoalProgress goal={goal} audit={latestAudit} hasAudits={hasAudits} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
