import type { BillingSubscription } from '@citable/contract';

export function formatDate(iso: string | null): string | null {
  return iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }) : null;
}

/** The status line of spec 002 §4: active, cancelled with its expiry, expired, on trial with its end. */
export function statusText(subscription: BillingSubscription): string {
  switch (subscription.status) {
    case 'active': {
      if (subscription.providerStatus === 'past_due') return 'Active: the last payment failed and will be retried. Please update your card.';
      const renews = formatDate(subscription.renewsAt);
      return renews ? `Active, renews on ${renews}` : 'Active';
    }
    case 'cancelled': {
      const ends = formatDate(subscription.endsAt);
      return ends ? `Cancelled, access until ${ends}` : 'Cancelled';
    }
    case 'expired':
      return 'Expired';
    case 'on_trial': {
      const ends = formatDate(subscription.trialEndsAt);
      return ends ? `Trial, ends on ${ends}` : 'Trial';
    }
    default:
      return 'No subscription';
  }
}
