import { STORAGE_PREFIX } from '@citable/contract';

/** Local storage keys the product owns; all start with STORAGE_PREFIX so sign-out can clear them. */
export const STORAGE_KEYS = {
  selectedPlan: `${STORAGE_PREFIX}selected-plan`,
  billingCycle: `${STORAGE_PREFIX}billing-cycle`,
  walkthroughPending: `${STORAGE_PREFIX}walkthrough-pending`,
  /** The address last used to sign up or in, so the sign-in form after a verification link is prefilled. */
  lastEmail: `${STORAGE_PREFIX}last-email`,
  /** The agency client chosen in the dashboard's switcher (lib/client-scope.ts). */
  selectedClient: `${STORAGE_PREFIX}selected-client`,
  /** An invitation token kept while its recipient signs up or in, so they come back to accept it. */
  pendingInvite: `${STORAGE_PREFIX}pending-invite`,
} as const;

// better-auth's browser client keeps its own entries under this prefix when plugins need storage.
const AUTH_STORAGE_PREFIX = 'better-auth';

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be disabled (private mode, quota); the app works without it.
  }
}

/** Removes every key of the product and of the auth library, as sign-out requires (spec 000 §4). */
export function clearProductStorage(): void {
  try {
    const keys = Object.keys(window.localStorage);
    for (const key of keys) {
      if (key.startsWith(STORAGE_PREFIX) || key.startsWith(AUTH_STORAGE_PREFIX)) window.localStorage.removeItem(key);
    }
  } catch {
    // Nothing stored, nothing to clear.
  }
}
