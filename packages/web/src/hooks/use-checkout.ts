import { MESSAGES, type BillingCycle, type PlanId } from '@citable/contract';
import { useCallback } from 'react';
import { useToast } from '../components/toast/use-toast';
import { fetchPublicConfig } from '../lib/api';
import { apiClient, errorMessage } from '../lib/api-client';
import type { SessionUser } from './use-session';

interface CheckoutResponse {
  success?: boolean;
  checkoutUrl?: string | null;
}

/**
 * Checkout of spec 000 §4: refuse early when billing is not configured, otherwise ask the
 * `create-checkout` function for a hosted checkout URL and go there.
 */
export function useCheckout() {
  const toast = useToast();

  return useCallback(
    async (plan: PlanId, billingCycle: BillingCycle, user: SessionUser): Promise<void> => {
      try {
        const config = await fetchPublicConfig();
        if (!config.billingConfigured) {
          toast.show({ type: 'error', ...MESSAGES.toasts.paymentUnavailable });
          return;
        }
        const origin = window.location.origin;
        const result = await apiClient.post<CheckoutResponse>('/api/functions/create-checkout', {
          plan,
          userId: user.id,
          billingCycle,
          name: user.name,
          email: user.email,
          successUrl: `${origin}/dashboard?checkout_success=true&plan=${plan}`,
          cancelUrl: `${origin}/?checkout_cancelled=true`,
        });
        if (result?.checkoutUrl) {
          window.location.assign(result.checkoutUrl);
          return;
        }
        toast.show({ type: 'error', ...MESSAGES.toasts.checkoutError });
      } catch (error) {
        toast.show({ type: 'error', ...MESSAGES.toasts.checkoutThrown, message: errorMessage(error, MESSAGES.toasts.checkoutThrown.message) });
      }
    },
    [toast],
  );
}
