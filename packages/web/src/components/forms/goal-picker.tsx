import { GOAL_IDS, GOALS, type GoalId } from '@citable/contract';
import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';

interface GoalPickerProps {
  value: GoalId[];
  onChange: (goals: GoalId[]) => void;
  legend: string;
}

/** The five goals as selectable cards, each a real checkbox for keyboards and screen readers. */
export function GoalPicker({ value, onChange, legend }: GoalPickerProps) {
  const toggle = (id: GoalId) => onChange(value.includes(id) ? value.filter((goal) => goal !== id) : [...value, id]);

  return (
    <fieldset>
      <legend className="sr-only">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {GOAL_IDS.map((id) => {
          const goal = GOALS[id];
          const checked = value.includes(id);
          return (
            <label
              key={id}
              data-testid={`goal-${id}`}
              className={cn(
                'relative flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-600',
                checked ? 'border-primary-600 bg-primary-50' : 'border-slate-200 bg-white hover:border-slate-300',
              )}
            >
              <input type="checkbox" className="sr-only" checked={checked} onChange={() => toggle(id)} aria-describedby={`goal-${id}-description`} />
              <span
                aria-hidden="true"
                className={cn('mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-md border', checked ? 'border-primary-600 bg-primary-600 text-white' : 'border-slate-400 bg-white')}
              >
                {checked ? <Check className="size-3.5" strokeWidth={3} /> : null}
              </span>
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{goal.label}</span>
                <span id={`goal-${id}-description`} className="mt-1 block text-sm text-slate-600">
                  {goal.description} Target score {goal.targetScore}.
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
