import { MESSAGES, normalizePlan, PLANS } from '@citable/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../components/toast/use-toast';
import { useSession } from '../hooks/use-session';
import { queryKeys } from '../lib/query-keys';
import { useUiState, type AuthMode } from '../stores/ui-state';

/** Parameters consumed here and then removed from the address. */
const RETURN_PARAMS = ['checkout_success', 'checkout_cancelled', 'plan', 'auth', 'error'];

const VERIFIED_NOTICE = 'Your email address is confirmed. You can sign in now.';
const VERIFY_FAILED = 'This confirmation link is invalid or has expired. Sign in and we will send you a new one.';
/** The verification link signs in (the server's autoSignInAfterVerification); this confirms it. */
const VERIFIED_TOAST = { type: 'success', title: 'Email Confirmed', message: 'Your email address is confirmed and you are signed in.' } as const;

interface AuthPrompt {
  mode: AuthMode;
  notice?: string;
  error?: string;
  /** A toast for someone the link has already signed in, instead of the dialog. */
  signedIn?: typeof VERIFIED_TOAST;
}

/** The dialog an `?auth=` link asks for (AUTH_PAGES in the contract: the server's e-mails use them). */
function authPromptFor(params: URLSearchParams): AuthPrompt | null {
  switch (params.get('auth')) {
    case 'signin':
      return { mode: 'signin' };
    case 'forgot':
      return { mode: 'forgot' };
    case 'verified':
      // better-auth appends ?error= to the callback when the verification token is bad or expired.
      // A used link confirms without signing in again: the sign-in dialog says the address is confirmed.
      return params.get('error') ? { mode: 'signin', error: VERIFY_FAILED } : { mode: 'signin', notice: VERIFIED_NOTICE, signedIn: VERIFIED_TOAST };
    default:
      return null;
  }
}

/**
 * Query parameters users come back with: the checkout return of spec 000 §4 (toast, then the
 * query is removed) and the auth links of the server's e-mails (open the right dialog).
 */
export function useReturnNotices(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const session = useSession();
  const { openAuth } = useUiState();
  const [prompt, setPrompt] = useState<AuthPrompt | null>(null);
  // Effects can run twice for one address (StrictMode, re-renders before the replace lands); toast once.
  const handledSearch = useRef<string | null>(null);

  useEffect(() => {
    if (handledSearch.current === location.search) return;
    handledSearch.current = location.search;
    const params = new URLSearchParams(location.search);
    const auth = authPromptFor(params);
    if (params.get('checkout_success') === 'true') {
      const plan = PLANS[normalizePlan(params.get('plan'))];
      toast.show({ type: 'success', ...MESSAGES.toasts.subscriptionActivated(plan.name) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profileRoot });
    } else if (params.get('checkout_cancelled') === 'true') {
      toast.show({ type: 'info', ...MESSAGES.toasts.checkoutCancelled });
    } else if (auth) {
      setPrompt(auth);
    } else {
      return;
    }
    for (const name of RETURN_PARAMS) params.delete(name);
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  }, [location.search, location.pathname, location.hash, navigate, toast, queryClient]);

  // Someone already signed in has no use for the sign-in dialog.
  useEffect(() => {
    if (!prompt || session.isPending) return;
    setPrompt(null);
    if (!session.data) openAuth(prompt.mode, { notice: prompt.notice, error: prompt.error });
    else if (prompt.signedIn) toast.show(prompt.signedIn);
  }, [prompt, session.isPending, session.data, openAuth, toast]);
}
