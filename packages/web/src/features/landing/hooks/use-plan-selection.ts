import type { PlanId } from '@citable/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useToast } from '../../../components/toast/use-toast';
import { useCheckout } from '../../../hooks/use-checkout';
import { isOnboarded, useProfile } from '../../../hooks/use-profile';
import { knownSession, useSession } from '../../../hooks/use-session';
import { setFreePlan } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useUiState } from '../../../stores/ui-state';

/**
 * Plan selection of spec 000 §4: remember the plan; signed out opens sign-up; free sets the plan
 * and continues to onboarding or the dashboard; a paid plan starts checkout.
 */
export function usePlanSelection() {
  const { data: user } = useSession();
  const profile = useProfile();
  const { rememberPlan, openAuth, setOnboardingOpen, goToDashboard, billingCycle } = useUiState();
  const checkout = useCheckout();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [processing, setProcessing] = useState<PlanId | null>(null);

  const choose = useCallback(
    async (plan: PlanId) => {
      rememberPlan(plan, billingCycle);
      // A click before the session has loaded waits for it rather than offering a signed-in user the sign-up.
      const current = user ?? (await knownSession(queryClient));
      if (!current) {
        openAuth('signup');
        return;
      }
      setProcessing(plan);
      try {
        if (plan === 'free') {
          await setFreePlan();
          rememberPlan(null);
          await queryClient.invalidateQueries({ queryKey: queryKeys.profileRoot });
          if (isOnboarded(profile.data)) goToDashboard();
          else setOnboardingOpen(true);
        } else {
          await checkout(plan, billingCycle, current);
        }
      } catch (error) {
        toast.show({ type: 'error', title: 'Plan not changed', message: errorMessage(error) });
      } finally {
        setProcessing(null);
      }
    },
    [user, profile.data, rememberPlan, billingCycle, openAuth, queryClient, goToDashboard, setOnboardingOpen, checkout, toast],
  );

  return { choose, processing };
}
