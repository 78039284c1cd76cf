import { createAuthClient } from 'better-auth/react';

type AuthClient = ReturnType<typeof createAuthClient>;

let client: AuthClient | undefined;

/**
 * better-auth's client for `/api/auth/*`, created on first use in the browser so that the
 * pre-render (which has no origin) never builds one.
 */
export function authClient(): AuthClient {
  client ??= createAuthClient({ baseURL: window.location.origin, basePath: '/api/auth' });
  return client;
}
