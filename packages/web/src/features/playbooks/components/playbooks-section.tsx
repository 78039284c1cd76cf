import { canDoStep, PLAYBOOK_MESSAGES, stepRequiredPlan, stepSection, stepState, type PlaybookListItem, type PlaybookStep, type Profile } from '@citable/contract';
import { BookOpenCheck, Sparkles } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useScopeAccess } from '../../../hooks/use-scope-access';
import type { SessionUser } from '../../../hooks/use-session';
import { errorMessage } from '../../../lib/api-client';
import { useUiState } from '../../../stores/ui-state';
import { useCompleteStep, useCreateCustomPlaybook, usePlaybooks } from '../hooks/use-playbooks';
import { useOpenSection } from '../lib/section-link';
import { PlaybookCard } from './playbook-card';
import { PlaybookDetail } from './playbook-detail';

const EMPTY: ReadonlySet<string> = new Set();

/** Optimization Playbooks (spec 002 §2.7, §4): the list, a playbook's steps, the custom generator. */
export function PlaybooksSection({ user, profile }: { user: SessionUser; profile: Profile }) {
  const playbooks = usePlaybooks(user.id);
  const complete = useCompleteStep(user.id);
  const custom = useCreateCustomPlaybook(user.id);
  const openSection = useOpenSection();
  const { openBilling } = useUiState();
  const [openId, setOpenId] = useState<string | null>(null);
  // A read-only role (a client of an agency) follows the steps to the tools but records no progress (issue 33).
  const access = useScopeAccess();
  const completed = useMemo(() => new Map(Object.entries(playbooks.data?.completed ?? {}).map(([id, steps]) => [id, new Set(steps)])), [playbooks.data]);
  const open = playbooks.data?.playbooks.find((p) => p.id === openId && p.available) ?? null;

  // Launching completes the step on the server first, then opens the tool it names (spec 002 §4).
  const launch = (playbook: PlaybookListItem, step: PlaybookStep) => {
    // An audit step opens the overview's audit on a plan without the audit tool (issue 33).
    const section = stepSection(step, profile.plan);
    if (!canDoStep(profile.plan, step)) {
      openBilling({ plan: stepRequiredPlan(step), feature: step.title });
      return;
    }
    if (access.readOnly || stepState(step, completed.get(playbook.id) ?? EMPTY, profile.plan, playbook.steps) === 'completed') {
      openSection(section);
      return;
    }
    complete.mutate({ playbookId: playbook.id, stepId: step.id }, { onSuccess: () => openSection(section) });
  };

  const generate = () => custom.mutate(undefined, { onSuccess: ({ playbook }) => setOpenId(playbook.id) });

  if (open) {
    return (
      <PlaybookDetail
        playbook={open}
        plan={profile.plan}
        completed={completed.get(open.id) ?? EMPTY}
        launching={complete.isPending ? (complete.variables?.stepId ?? null) : null}
        error={complete.isError ? errorMessage(complete.error, PLAYBOOK_MESSAGES.stepLocked) : null}
        onLaunch={(step) => launch(open, step)}
        onBack={() => {
          complete.reset();
          setOpenId(null);
        }}
      />
    );
  }

  const data = playbooks.data;
  return (
    <div className="space-y-6" data-testid="playbooks-section">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
            <BookOpenCheck aria-hidden="true" className="size-6 text-primary-600" /> Optimization Playbooks
          </h2>
          <p className="mt-1 text-slate-600">Step-by-step guides that open the right tool in the right order, with your progress saved.</p>
        </div>
        {data?.customAllowed ? (
          <Button onClick={generate} disabled={custom.isPending || access.readOnly} title={access.writeControl.title} aria-describedby={access.writeControl['aria-describedby']} data-testid="playbook-custom">
            {custom.isPending ? <Spinner className="size-4" /> : <Sparkles aria-hidden="true" className="size-4" />} Generate Custom Playbook
          </Button>
        ) : null}
      </header>
      {custom.isError ? <Alert tone="error">{errorMessage(custom.error, PLAYBOOK_MESSAGES.noAudit)}</Alert> : null}
      {profile.plan === 'free' ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-primary-200 bg-primary-50 p-4" data-testid="playbooks-upgrade">
          <p className="text-sm text-slate-800">Your Free plan includes the AI Visibility Foundation playbook. Core adds voice search and custom playbooks built from your audit; Pro unlocks every playbook.</p>
          <Button size="sm" onClick={() => openBilling({ plan: 'pro', feature: 'Optimization Playbooks' })}>
            View Plans
          </Button>
        </div>
      ) : null}
      {playbooks.isPending ? (
        <p className="flex items-center gap-2 text-slate-600">
          <Spinner /> Loading playbooks…
        </p>
      ) : playbooks.isError || !data ? (
        <div className="space-y-3">
          <Alert tone="error">{errorMessage(playbooks.error, 'Failed to load playbooks')}</Alert>
          <Button variant="outline" onClick={() => void playbooks.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <div className="grid gap-5 md:grid-cols-2 2xl:grid-cols-3">
          {data.playbooks.map((playbook) => (
            <PlaybookCard
              key={playbook.id}
              playbook={playbook}
              completed={completed.get(playbook.id) ?? EMPTY}
              recommended={playbook.id === data.recommendedId}
              matchAudit={data.matchAudit}
              onOpen={() => setOpenId(playbook.id)}
              onViewPlans={() => openBilling({ plan: playbook.requiredPlan, feature: playbook.title })}
            />
          ))}
        </div>
      )}
    </div>
  );
}
