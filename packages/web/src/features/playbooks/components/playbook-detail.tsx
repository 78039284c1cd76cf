import { canDoStep, playbookProgress, PLANS, stepRequiredPlan, stepState, type PlanId, type PlaybookListItem, type PlaybookStep } from '@citable/contract';
import { ArrowLeft, CheckCircle2, Circle, Clock, Lock, Play, Sparkles } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { DIFFICULTY_LABELS, DIFFICULTY_STYLES, stepToolName } from '../lib/labels';
import { ProgressBar } from './progress-bar';

interface PlaybookDetailProps {
  playbook: PlaybookListItem;
  /** The viewer's plan: a step whose tool is above it is an upgrade step, shown with the plan it needs. */
  plan: PlanId;
  completed: ReadonlySet<string>;
  launching: string | null;
  error: string | null;
  onLaunch: (step: PlaybookStep) => void;
  onBack: () => void;
}

/** A playbook's steps in order: completed, available or locked behind the steps it depends on. */
export function PlaybookDetail({ playbook, plan, completed, launching, error, onLaunch, onBack }: PlaybookDetailProps) {
  const progress = playbookProgress(playbook, completed);
  const titleOf = (id: string) => playbook.steps.find((s) => s.id === id)?.title ?? id;
  return (
    <div className="space-y-6" data-testid="playbook-detail">
      <Button variant="ghost" size="sm" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-4" /> All playbooks
      </Button>
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', DIFFICULTY_STYLES[playbook.difficulty])}>{DIFFICULTY_LABELS[playbook.difficulty]}</span>
          <span className="text-xs text-slate-500">{playbook.estimatedTime}</span>
          <span className="text-xs text-slate-500">· {playbook.category}</span>
        </div>
        <h2 className="mt-2 text-2xl font-semibold text-slate-900">{playbook.title}</h2>
        <p className="mt-1 text-slate-600">{playbook.description}</p>
        <p className="mt-2 text-sm text-slate-700">
          <span className="font-medium">Goal:</span> {playbook.goal}
        </p>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Benefits</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {playbook.benefits.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Recommended for</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {playbook.recommendedFor.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
        <div className="mt-5 flex items-center gap-3">
          <div className="flex-1">
            <ProgressBar percent={progress} label="Playbook progress" />
          </div>
          <span className="text-sm font-semibold text-slate-800 tabular-nums" data-testid="playbook-progress">
            {progress}% complete
          </span>
        </div>
      </section>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <ol className="space-y-3">
        {playbook.steps.map((step, index) => {
          const state = stepState(step, completed, plan, playbook.steps);
          // A step the plan cannot do is an upgrade step (issue 33): it names its plan instead of opening a paywall.
          const upgrade = state !== 'completed' && !canDoStep(plan, step) ? PLANS[stepRequiredPlan(step)] : null;
          const Icon = state === 'completed' ? CheckCircle2 : state === 'locked' ? Lock : Circle;
          return (
            <li
              key={step.id}
              className={cn('flex gap-4 rounded-xl border bg-white p-4 shadow-sm', state === 'locked' ? 'border-slate-200 opacity-75' : 'border-slate-200')}
              data-testid="playbook-step"
              data-state={state}
            >
              <Icon aria-hidden="true" className={cn('mt-0.5 size-6 shrink-0', state === 'completed' ? 'text-emerald-600' : state === 'locked' ? 'text-slate-400' : 'text-primary-600')} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <h3 className="font-semibold text-slate-900">
                    {index + 1}. {step.title}
                  </h3>
                  <span className="inline-flex items-center gap-1 text-xs text-slate-500">
                    <Clock aria-hidden="true" className="size-3" /> {step.estimatedTime}
                  </span>
                  <span className="text-xs text-slate-500">Priority {step.priority}</span>
                  {upgrade ? (
                    <span className="rounded-full bg-primary-50 px-2 py-0.5 text-xs font-semibold text-primary-800 ring-1 ring-primary-200" data-testid="playbook-step-plan">
                      Upgrade step · {upgrade.name} plan
                    </span>
                  ) : null}
                </div>
                <p className="mt-1 text-sm text-slate-600">{step.description}</p>
                {state === 'locked' ? (
                  <p className="mt-2 text-xs text-slate-500">
                    Locked until you complete: {(step.dependsOn ?? []).filter((id) => !completed.has(id) && canDoStep(plan, playbook.steps.find((s) => s.id === id) ?? step)).map(titleOf).join(', ')}
                  </p>
                ) : null}
              </div>
              <div className="shrink-0 self-center">
                {upgrade ? (
                  <Button size="sm" variant="outline" onClick={() => onLaunch(step)} title={`The ${stepToolName(step.toolId)} comes with the ${upgrade.name} plan`} data-testid="playbook-upgrade">
                    <Sparkles aria-hidden="true" className="size-4" /> See the {upgrade.name} plan
                  </Button>
                ) : state === 'completed' ? (
                  <Button size="sm" variant="ghost" onClick={() => onLaunch(step)} title={`Open the ${stepToolName(step.toolId)} again`}>
                    <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-600" /> Completed · open again
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant={state === 'available' ? 'primary' : 'outline'}
                    disabled={state === 'locked' || launching !== null}
                    onClick={() => onLaunch(step)}
                    title={`${step.action} in the ${stepToolName(step.toolId)}`}
                    data-testid="playbook-launch"
                  >
                    <Play aria-hidden="true" className="size-4" /> {step.action}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
