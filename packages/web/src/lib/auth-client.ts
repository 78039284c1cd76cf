import { createAuthClient } from 'better-auth/react';
import { twoFactorClient } from 'better-auth/client/plugins';

// The code step is shown in place by the auth dialog, so the plugin's redirect to a page stays off.
const createClient = () => createAuthClient({ baseURL: window.location.origin, basePath: '/api/auth', plugins: [twoFactorClient()] });

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
