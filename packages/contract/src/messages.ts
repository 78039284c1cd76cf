/** User-facing texts of the spec, used verbatim by the server and the web app. */
export const MESSAGES = {
  auth: {
    tooManySignups: 'Too many signup attempts. Please wait a few minutes before trying again.',
    invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
    confirmBeforeSignIn: 'Please check your email and click the confirmation link before signing in.',
    accountExists: 'An account with this email already exists. Please try logging in instead.',
    checkEmailAfterSignup: 'Please check your email and click the confirmation link to complete your account setup, then try logging in.',
    unexpected: 'An unexpected error occurred. Please try again.',
    notAuthenticated: 'User not authenticated. Please log in to continue.',
    sessionNotFound: 'User session not found. Please try logging in again.',
  },
  network: {
    timeout: 'Request timeout - please check your network connection.',
    apiFailed: (status: number, statusText: string) => `API request failed: ${status} ${statusText}`,
  },
  onboarding: {
    unable: (reason: string) => `Unable to complete onboarding: ${reason}`,
    saveFailed: (reason: string) => `Failed to save your settings: ${reason}`,
  },
  settings: { updateFailed: 'Failed to update settings. Please try again.' },
  toasts: {
    signOutFailed: { title: 'Sign Out Failed', message: 'Could not sign out. Please try again.', duration: 5000 },
    paymentUnavailable: {
      title: 'Payment Processing Unavailable',
      message: 'Payment processing is currently not available. Please contact support or try the free plan.',
      duration: 8000,
    },
    checkoutError: { title: 'Checkout Error', message: 'Failed to create checkout. Please try again.', duration: 5000 },
    checkoutThrown: { title: 'Checkout Error', message: 'An error occurred while setting up the checkout process.', duration: 8000 },
    subscriptionActivated: (plan: string) => ({ title: 'Subscription Activated', message: `Your ${plan} plan has been activated.`, duration: 5000 }),
    checkoutCancelled: { title: 'Checkout Cancelled', message: 'Your checkout was cancelled. You can try again anytime.', duration: 5000 },
  },
} as const;

/** Default toast duration (spec 002 §3). */
export const TOAST_DEFAULT_MS = 5000;
export const TOAST_ENTER_MS = 10;
export const TOAST_EXIT_MS = 300;
