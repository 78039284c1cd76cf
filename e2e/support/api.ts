import type { AppServer } from './app-server';

export interface CallOptions {
  /** GET without a body, POST with one, unless named. */
  method?: string;
  body?: unknown;
  /** The session cookie (`name=value; ...`), as signIn returns it. */
  cookie?: string;
  headers?: Record<string, string>;
}

/**
 * A request to the server as the web app sends it: JSON, and the Origin header better-auth's CSRF
 * check wants. Redirects are not followed, so a test sees what the server answered.
 */
export function callApi(server: Pick<AppServer, 'baseUrl'>, path: string, options: CallOptions = {}): Promise<Response> {
  const { body, cookie } = options;
  return fetch(`${server.baseUrl}${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { origin: server.baseUrl, 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...options.headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
}

/** The cookies a response sets, as a Cookie header; cleared ones (empty value) are left out. */
export function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}
