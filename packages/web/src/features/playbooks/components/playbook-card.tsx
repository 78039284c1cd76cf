import { PLANS, playbookProgress, type PlaybookListItem, type PlaybooksResponse } from '@citable/contract';
import { Clock, Lock, Sparkles, Star } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { DIFFICULTY_LABELS, DIFFICULTY_STYLES } from '../lib/labels';
import { matchExplanation, matchLabel } from '../lib/match-label';
import { ProgressBar } from './progress-bar';

interface PlaybookCardProps {
  playbook: PlaybookListItem;
  completed: ReadonlySet<string>;
  recommended: boolean;
  /** The audit the match is measured against (null without one: the card then shows no figure). */
  matchAudit: PlaybooksResponse['matchAudit'];
  onOpen: () => void;
  onViewPlans: () => void;
}

export function PlaybookCard({ playbook, completed, recommended, matchAudit, onOpen, onViewPlans }: PlaybookCardProps) {
  const progress = playbookProgress(playbook, completed);
  return (
    <article
      className={cn('flex flex-col rounded-xl border bg-white p-5 shadow-sm', recommended ? 'border-primary-300 ring-1 ring-primary-200' : 'border-slate-200')}
      data-testid="playbook-card"
      data-playbook-id={playbook.id}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', DIFFICULTY_STYLES[playbook.difficulty])}>{DIFFICULTY_LABELS[playbook.difficulty]}</span>
        {playbook.custom ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-secondary-100 px-2 py-0.5 text-xs font-semibold text-secondary-800">
            <Sparkles aria-hidden="true" className="size-3" /> Custom
          </span>
        ) : null}
        {recommended ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-primary-100 px-2 py-0.5 text-xs font-semibold text-primary-800">
            <Star aria-hidden="true" className="size-3" /> Recommended
          </span>
        ) : null}
        {playbook.match ? (
          <span className="ml-auto text-xs font-medium text-slate-500" title={matchExplanation(playbook.match, matchAudit)} data-testid="playbook-match">
            {matchLabel(playbook.match)}
          </span>
        ) : null}
      </div>
      <h3 className="mt-3 text-lg font-semibold text-slate-900">{playbook.title}</h3>
      <p className="mt-1 flex-1 text-sm text-slate-600">{playbook.description}</p>
      <p className="mt-3 flex items-center gap-3 text-xs text-slate-500">
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden="true" className="size-3.5" /> {playbook.estimatedTime}
        </span>
        <span>{playbook.steps.length} steps</span>
        <span>{playbook.category}</span>
      </p>
      {playbook.available ? (
        <>
          <div className="mt-4 flex items-center gap-3">
            <div className="flex-1">
              <ProgressBar percent={progress} label={`${playbook.title} progress`} />
            </div>
            <span className="text-xs font-semibold text-slate-700 tabular-nums">{progress}%</span>
          </div>
          <Button className="mt-4" variant={progress > 0 ? 'primary' : 'outline'} onClick={onOpen} data-testid="playbook-open">
            {progress === 0 ? 'Start Playbook' : progress === 100 ? 'Review Playbook' : 'Continue Playbook'}
          </Button>
        </>
      ) : (
        <div className="mt-4 flex items-center justify-between gap-3 rounded-lg bg-slate-50 p-3">
          <span className="inline-flex items-center gap-1.5 text-sm text-slate-700">
            <Lock aria-hidden="true" className="size-4" /> {PLANS[playbook.requiredPlan].name} plan
          </span>
          <Button size="sm" onClick={onViewPlans}>
            View Plans
          </Button>
        </div>
      )}
    </article>
  );
}
