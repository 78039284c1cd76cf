import { createAuthClient } from 'better-auth/react';
import { twoFactorClient } from 'better-auth/client/plugins';

// The code step is shown in place by the auth dialog, so the plugin's redirect to a page stays off.
// So does the client's own redirect after sign-in (to the callbackURL the server fills in for the
// verification e-mail): a user who signs in stays where they are, e.g. on the /dashboard section
// that asked them to, and the app moves on from the refreshed session itself (auth-flow.ts).
const createClient = () => createAuthClient({ baseURL: window.location.origin, basePath: '/api/auth', plugins: [twoFactorClient()], disableDefaultFetchPlugins: true });

type AuthClient = ReturnType<typeof createClient>;

let client: AuthClient | undefined;

/**
 * better-auth's client for `/api/auth/*`, created on first use in the browser so that the
 * pre-render (which has no origin) never builds one.
 */
export function authClient(): AuthClient {
  client ??= createClient();
  return client;
}
