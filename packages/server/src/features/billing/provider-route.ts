/**
 * The Lemon Squeezy SDK calls the global fetch with the fixed host api.lemonsqueezy.com and takes
 * no base URL. For tests against a local fake (LEMONSQUEEZY_API_URL, refused in production), the
 * global fetch is wrapped once so that host alone is sent to the fake; every other request passes
 * through untouched.
 */
const PROVIDER_ORIGIN = 'https://api.lemonsqueezy.com';

let target: string | undefined;
let installed = false;

function rewrite(input: string | URL | Request): string | URL | Request {
  if (!target) return input;
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!url.startsWith(`${PROVIDER_ORIGIN}/`)) return input;
  const rewritten = target + url.slice(PROVIDER_ORIGIN.length);
  return input instanceof Request ? new Request(rewritten, input) : rewritten;
}

export function routeProviderApi(apiUrl: string): void {
  target = apiUrl;
  if (installed) return;
  installed = true;
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => original(rewrite(input), init);
}
