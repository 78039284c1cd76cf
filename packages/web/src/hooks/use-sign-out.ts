import { MESSAGES } from '@citable/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useToast } from '../components/toast/use-toast';
import { clearProductStorage } from '../lib/storage';

/** How long the failure toast is readable before the reload that happens anyway. */
const RELOAD_AFTER_FAILURE_MS = 1500;

/**
 * Sign-out of spec 000 §4: clear the product's and the auth library's stored keys, sign out, then
 * reload to the landing page. A failed sign-out shows "Sign Out Failed" and reloads anyway.
 */
export function useSignOut() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    clearProductStorage();
    let failed = false;
    try {
      const { authClient } = await import('../lib/auth-client');
      const { error } = await authClient().signOut();
      failed = Boolean(error);
    } catch {
      failed = true;
    }
    queryClient.clear();
    if (failed) {
      toast.show({ type: 'error', ...MESSAGES.toasts.signOutFailed });
      setTimeout(() => window.location.assign('/'), RELOAD_AFTER_FAILURE_MS);
      return;
    }
    window.location.assign('/');
  }, [queryClient, toast]);

  return { signOut, signingOut };
}
