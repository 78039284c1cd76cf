import { checkSiteCaps, INDUSTRIES, MESSAGES, PLANS, type GoalId, type Industry, type PlanId, type Profile } from '@citable/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { GoalPicker } from '../../../components/forms/goal-picker';
import { newSiteRow, rowsFrom, rowsValid, validEntries, type SiteRow } from '../../../components/forms/site-rows';
import { SiteRowsEditor } from '../../../components/forms/site-rows-editor';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useCheckout } from '../../../hooks/use-checkout';
import { useProfile } from '../../../hooks/use-profile';
import type { SessionUser } from '../../../hooks/use-session';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { useUiState } from '../../../stores/ui-state';
import { completeOnboarding } from '../api/complete-onboarding';
import { StepIndicator } from './step-indicator';

const STEPS = ['Websites', 'Business', 'Competitors', 'Goals'];

const STEP_INTRO = [
  'Which websites should Citable analyse? Add at least one with a name and its address.',
  'Tell us about your business, so results and suggestions fit your field.',
  'Who do you compete with for answers? Add at least one competitor.',
  'What do you want to achieve? Choose one or more goals; your dashboard highlights the tools for them.',
];

/** The cap message when one more row would exceed the plan (spec 002 §5), else null. */
function capFor(plan: PlanId, field: 'websites' | 'competitors', rows: SiteRow[]): string | null {
  const next = [...rows, newSiteRow()].map(({ name, url }) => ({ name, url }));
  return checkSiteCaps(plan, { [field]: next })[0]?.message ?? null;
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 401) return MESSAGES.auth.sessionNotFound;
    // The server answered and refused: the onboarding itself could not complete.
    if (error.status > 0) return MESSAGES.onboarding.unable(error.message);
  }
  return MESSAGES.onboarding.saveFailed(errorMessage(error));
}

function initialIndustry(profile: Profile | undefined): Industry | '' {
  return profile?.industry ?? '';
}

/** Four-step setup (spec 002 §2.8, §4, §5), saved once with Complete Setup. */
export function OnboardingModal({ user }: { user: SessionUser }) {
  const profile = useProfile();
  const { setOnboardingOpen, selectedPlan, billingCycle, rememberPlan } = useUiState();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const checkout = useCheckout();
  const plan: PlanId = profile.data?.plan ?? 'free';

  const [step, setStep] = useState(0);
  const [websites, setWebsites] = useState<SiteRow[]>(() => rowsFrom(profile.data?.websites));
  const [industry, setIndustry] = useState<Industry | ''>(() => initialIndustry(profile.data));
  const [description, setDescription] = useState(() => profile.data?.business_description ?? '');
  const [competitors, setCompetitors] = useState<SiteRow[]>(() => rowsFrom(profile.data?.competitors));
  const [goals, setGoals] = useState<GoalId[]>(() => profile.data?.goals ?? []);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);

  const firstStep = useRef(true);

  // Each new step's heading takes focus, so keyboard and screen-reader users start at the new step;
  // on opening, the dialog focuses the first field instead.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    bodyRef.current?.querySelector<HTMLElement>('h3')?.focus();
  }, [step]);

  const stepValid = [rowsValid(websites), industry !== '', rowsValid(competitors), goals.length > 0][step];
  const last = step === STEPS.length - 1;

  const submit = async () => {
    setError(null);
    if (!user.id) {
      setError(MESSAGES.auth.sessionNotFound);
      return;
    }
    if (industry === '') return;
    setSaving(true);
    try {
      const saved = await completeOnboarding({
        websites: validEntries(websites),
        industry,
        business_description: description.trim() || undefined,
        competitors: validEntries(competitors),
        goals,
      });
      // Queued before the profile changes: onboarding may run over the dashboard itself (the
      // verification link lands there), whose overview then mounts again and starts the walkthrough.
      writeStorage(STORAGE_KEYS.walkthroughPending, 'true');
      queryClient.setQueryData(queryKeys.profile(user.id), saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
      setOnboardingOpen(false);
      navigate('/dashboard');
      // A paid plan chosen before sign-up continues to checkout once the account is set up.
      if (selectedPlan && selectedPlan !== 'free' && selectedPlan !== saved.plan) {
        rememberPlan(null);
        await checkout(selectedPlan, billingCycle, user);
      } else if (selectedPlan) {
        rememberPlan(null);
      }
    } catch (caught) {
      setError(failureMessage(caught));
    } finally {
      setSaving(false);
    }
  };

  const chosen = selectedPlan && selectedPlan !== plan ? PLANS[selectedPlan] : null;

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : setOnboardingOpen(false))}
      title="Set up your account"
      description={`Step ${step + 1} of ${STEPS.length}: ${STEPS[step]}`}
      testId="onboarding-dialog"
      className="max-w-2xl"
      footer={
        <>
          {step > 0 ? (
            <Button variant="ghost" onClick={() => setStep(step - 1)} disabled={saving} className="mr-auto">
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back
            </Button>
          ) : null}
          {last ? (
            <Button onClick={() => void submit()} disabled={!stepValid || saving} data-testid="onboarding-complete">
              {saving ? (
                <>
                  <Spinner className="size-4" />
                  Saving...
                </>
              ) : (
                'Complete Setup'
              )}
            </Button>
          ) : (
            <Button onClick={() => setStep(step + 1)} disabled={!stepValid} data-testid="onboarding-next">
              Next
              <ArrowRight aria-hidden="true" className="size-4" />
            </Button>
          )}
        </>
      }
    >
      <div ref={bodyRef} className="space-y-6">
        <StepIndicator steps={STEPS} current={step} />
        {chosen ? (
          <Alert tone="info">
            You chose the {chosen.name} plan. Your account starts on {PLANS[plan].name}, with its limits, until checkout completes.
          </Alert>
        ) : null}
        <div>
          <h3 tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
            {STEPS[step]}
          </h3>
          <p className="mt-1 text-sm text-slate-600">{STEP_INTRO[step]}</p>
        </div>
        {error ? (
          <Alert tone="error" testId="onboarding-error">
            {error}
          </Alert>
        ) : null}
        {step === 0 ? <SiteRowsEditor noun="Website" rows={websites} onChange={setWebsites} capMessage={capFor(plan, 'websites', websites)} testIdPrefix="website" /> : null}
        {step === 1 ? (
          <div className="space-y-4">
            <SelectField label="Industry" required value={industry} onChange={(event) => setIndustry(event.target.value as Industry | '')} data-autofocus data-testid="onboarding-industry">
              <option value="">Select your industry</option>
              {INDUSTRIES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </SelectField>
            <TextAreaField
              label="Business description (optional)"
              rows={4}
              maxLength={2000}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              hint="What you offer and to whom, in a sentence or two."
            />
          </div>
        ) : null}
        {step === 2 ? <SiteRowsEditor noun="Competitor" rows={competitors} onChange={setCompetitors} capMessage={capFor(plan, 'competitors', competitors)} testIdPrefix="competitor" /> : null}
        {step === 3 ? <GoalPicker value={goals} onChange={setGoals} legend="Your goals" /> : null}
      </div>
    </Modal>
  );
}
