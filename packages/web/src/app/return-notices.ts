import { MESSAGES, normalizePlan, PLANS } from '@citable/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../components/toast/use-toast';
import { useSession } from '../hooks/use-session';
import { queryKeys } from '../lib/query-keys';
import { useUiState } from '../stores/ui-state';

const RETURN_PARAMS = ['checkout_success', 'checkout_cancelled', 'plan', 'email_verified', 'error'];

/**
 * Query parameters other sites send users back with: the billing provider's checkout return
 * (spec 000 §4) and better-auth's e-mail verification link. Each shows its toast once, then the
 * parameters are removed from the address.
 */
export function useReturnNotices(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const session = useSession();
  const { openAuth } = useUiState();
  const [promptSignIn, setPromptSignIn] = useState(false);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!RETURN_PARAMS.some((name) => params.has(name))) return;
    if (params.get('checkout_success') === 'true') {
      const plan = PLANS[normalizePlan(params.get('plan'))];
      toast.show({ type: 'success', ...MESSAGES.toasts.subscriptionActivated(plan.name) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profileRoot });
    } else if (params.get('checkout_cancelled') === 'true') {
      toast.show({ type: 'info', ...MESSAGES.toasts.checkoutCancelled });
    } else if (params.has('email_verified')) {
      if (params.get('error')) {
        toast.show({ type: 'error', title: 'Verification Failed', message: 'This confirmation link is invalid or has expired. Sign in to receive a new one.' });
      } else {
        toast.show({ type: 'success', title: 'Email Confirmed', message: 'Your email address is confirmed. You can sign in now.' });
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      setPromptSignIn(true);
    } else {
      return;
    }
    for (const name of RETURN_PARAMS) params.delete(name);
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  }, [location.search, location.pathname, location.hash, navigate, toast, queryClient]);

  // After a verification link the user may already be signed in; only ask for sign-in if not.
  useEffect(() => {
    if (!promptSignIn || session.isPending || session.isFetching) return;
    setPromptSignIn(false);
    if (!session.data) openAuth('signin');
  }, [promptSignIn, session.isPending, session.isFetching, session.data, openAuth]);
}
