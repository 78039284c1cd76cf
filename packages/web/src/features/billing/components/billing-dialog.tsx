import { PLAN_IDS, PLANS, type BillingSubscription, type PlanId } from '@citable/contract';
import { ExternalLink } from 'lucide-react';
import { forwardRef, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { BillingToggle } from '../../../components/pricing/billing-toggle';
import { PlanCard } from '../../../components/pricing/plan-card';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useCheckout } from '../../../hooks/use-checkout';
import type { SessionUser } from '../../../hooks/use-session';
import { useUiState } from '../../../stores/ui-state';
import { useInvoices, useSubscription, useUsage } from '../api/billing-api';
import { statusText } from '../lib/format';
import { BillingHistory } from './billing-history';
import { CancelSubscription } from './cancel-subscription';
import { PlanComparisonTable } from './plan-comparison-table';
import { UsageMeters } from './usage-meters';

/**
 * Scrolls the dialog's body (its nearest scrolling ancestor) so that `target` starts at its top.
 * Not scrollIntoView, which would also scroll the dialog's clipped frame and hide its title.
 */
function scrollBodyTo(target: HTMLElement) {
  let body = target.parentElement;
  while (body && !/(auto|scroll)/.test(getComputedStyle(body).overflowY)) body = body.parentElement;
  if (!body) return;
  body.scrollTop += target.getBoundingClientRect().top - body.getBoundingClientRect().top - 8;
}

/**
 * Mounted with the plans, whenever they render: at once when the subscription is cached, after it
 * loads otherwise. The dialog's own first focus lands on the card too then (its data-autofocus).
 */
function RevealPlan({ section, card }: { section: RefObject<HTMLElement | null>; card: RefObject<HTMLElement | null> }) {
  useEffect(() => {
    if (section.current) scrollBodyTo(section.current);
    card.current?.focus({ preventScroll: true });
  }, [section, card]);
  return null;
}

const Section = forwardRef<HTMLElement, { title: string; children: ReactNode; testId?: string }>(function Section({ title, children, testId }, ref) {
  return (
    <section ref={ref} className="space-y-3" data-testid={testId}>
      <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      {children}
    </section>
  );
});

/** A subscription that is being paid for: plan changes go through the provider's portal, not a second checkout. */
function isLive(subscription: BillingSubscription): boolean {
  return subscription.status === 'active' || subscription.status === 'on_trial';
}

function CurrentPlan({ subscription }: { subscription: BillingSubscription }) {
  const plan = PLANS[subscription.plan];
  return (
    <div className="flex flex-wrap items-start justify-between gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <div>
        <p className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <span data-testid="billing-current-plan">{plan.name}</span> plan
          {subscription.status ? <Badge tone={subscription.status === 'active' || subscription.status === 'on_trial' ? 'secondary' : 'neutral'}>{subscription.status.replace('_', ' ')}</Badge> : null}
        </p>
        <p className="mt-1 text-sm text-slate-600" data-testid="billing-status">
          {statusText(subscription)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {subscription.customerPortalUrl ? (
          <a href={subscription.customerPortalUrl} target="_blank" rel="noreferrer" className={buttonClasses('outline', 'sm')} data-testid="billing-portal">
            Manage card and invoices
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        ) : null}
        {subscription.canCancel ? <CancelSubscription subscription={subscription} planName={plan.name} /> : null}
      </div>
    </div>
  );
}

/** The self-hoster's way to set plans when no billing provider is configured (README, `citable admin`). */
export const SET_PLAN_COMMAND = 'npx citable admin set-plan <email> <plan>';

/** Shown once above the plans when the server has no billing provider: why nothing can be bought, and what the operator does instead. */
function NoProviderNote({ id, email }: { id: string; email: string }) {
  return (
    <div id={id} className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm break-words text-slate-700" data-testid="billing-no-provider">
      <p className="font-semibold text-slate-900">Online payment is not set up on this server.</p>
      <p className="mt-1">
        Plans here are set by whoever runs this Citable server. They can give your account ({email}) a plan with{' '}
        <code className="rounded bg-white px-1.5 py-0.5 font-mono text-[0.8125rem] text-slate-900 ring-1 ring-slate-200">{SET_PLAN_COMMAND}</code>, where the plan is free,
        core, pro or agency; on the embedded database, stop the server first. To take payments instead, set the <code className="font-mono text-[0.8125rem]">LEMONSQUEEZY_*</code>{' '}
        variables (see the billing section of the README).
      </p>
    </div>
  );
}

/** Billing dialog of spec 002 §2.11: plan and status, usage, plans to upgrade to, history from the provider. */
export function BillingDialog({ user }: { user: SessionUser }) {
  const { setBillingOpen, billingCycle, setBillingCycle, billingIntent } = useUiState();
  const subscription = useSubscription();
  const usage = useUsage();
  // Without a provider there is no history to ask for.
  const invoices = useInvoices(subscription.data?.billingConfigured === true);
  const checkout = useCheckout();
  const [processing, setProcessing] = useState<PlanId | null>(null);
  const noteId = useId();
  // An upgrade button's plan: the plans are scrolled to (their notes first, then that plan's card)
  // and the card is focused, once they have rendered (RevealPlan).
  const plansSection = useRef<HTMLElement>(null);
  const selectedCard = useRef<HTMLElement>(null);

  const choose = async (plan: PlanId) => {
    setProcessing(plan);
    try {
      await checkout(plan, billingCycle, user);
    } finally {
      setProcessing(null);
    }
  };

  const current = subscription.data;
  const live = current ? isLive(current) : false;
  const configured = current?.billingConfigured ?? false;
  // One explanation for the disabled buttons, wherever it comes from.
  const lockedReason = !configured ? 'no-provider' : live && current?.plan !== 'free' ? 'subscribed' : null;

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : setBillingOpen(false))}
      title="Billing & Subscription"
      description="Your plan, this month's usage and your options."
      testId="billing-dialog"
      className="max-w-5xl!"
    >
      {subscription.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner className="size-6" />
        </div>
      ) : subscription.isError || !current ? (
        <Alert tone="error">Your subscription could not be loaded. Please try again.</Alert>
      ) : (
        <div className="space-y-8">
          <Section title="Current plan">
            <CurrentPlan subscription={current} />
          </Section>
          <Section title="Usage this month">
            {usage.data ? <UsageMeters usage={usage.data} /> : usage.isError ? <Alert tone="error">Usage could not be loaded.</Alert> : <Spinner className="size-5" />}
          </Section>
          <Section title="Plans" testId="billing-plans" ref={plansSection}>
            {billingIntent ? (
              <p className="text-sm text-slate-700" data-testid="billing-intent">
                {billingIntent.feature ? `${billingIntent.feature} is part of the ${PLANS[billingIntent.plan].name} plan.` : `The ${PLANS[billingIntent.plan].name} plan is outlined below.`}
              </p>
            ) : null}
            {lockedReason === 'no-provider' ? <NoProviderNote id={noteId} email={user.email} /> : null}
            {lockedReason === 'subscribed' ? (
              <Alert tone="info">
                <span id={noteId}>
                  {current.customerPortalUrl
                    ? 'To switch between paid plans, use Manage card and invoices above: your current subscription changes there, with no second charge.'
                    : 'Your subscription changes plan at the billing provider, with no second charge. Its link is not available right now; please try again later.'}
                </span>
              </Alert>
            ) : null}
            <BillingToggle value={billingCycle} onChange={setBillingCycle} />
            <div className="grid gap-6 pt-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-start">
              {PLAN_IDS.map((id) => (
                <PlanCard
                  key={id}
                  ref={billingIntent?.plan === id ? selectedCard : undefined}
                  plan={PLANS[id]}
                  cycle={billingCycle}
                  processing={processing === id}
                  disabled={processing !== null || id === 'free' || lockedReason !== null}
                  describedBy={lockedReason && id !== 'free' ? noteId : undefined}
                  selected={billingIntent?.plan === id}
                  current={current.plan === id}
                  onChoose={() => void choose(id)}
                />
              ))}
            </div>
            {billingIntent ? <RevealPlan section={plansSection} card={selectedCard} /> : null}
            <PlanComparisonTable current={current.plan} />
          </Section>
          {invoices.data && invoices.data.length > 0 ? (
            <Section title="Billing history">
              <BillingHistory invoices={invoices.data} />
            </Section>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
