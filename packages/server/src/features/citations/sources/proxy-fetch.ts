import { EnvHttpProxyAgent, fetch as undiciFetch } from 'undici';
import type { OutboundProxy } from '../../../settings/citation-sources';

/**
 * A fetch whose requests go through the environment's proxy (HTTPS_PROXY for https URLs, else
 * HTTP_PROXY; HTTP_PROXY for http ones), except to the hosts NO_PROXY names: what a server behind a
 * corporate proxy needs to reach the answer engines (issue 29). undici's EnvHttpProxyAgent makes
 * the choice per request (https://undici.nodejs.org/#/docs/api/EnvHttpProxyAgent); Node's own
 * fetch ignores these variables. Undefined without a proxy, so the SDKs keep their own fetch.
 */
export function proxiedFetch(proxy: OutboundProxy | null | undefined): typeof globalThis.fetch | undefined {
  if (!proxy) return undefined;
  // The settings read the variables from the server's environment; an empty value keeps undici
  // from reading process.env again for one the settings left unset.
  const dispatcher = new EnvHttpProxyAgent({ httpProxy: proxy.httpProxy ?? '', httpsProxy: proxy.httpsProxy ?? '', noProxy: proxy.noProxy ?? '' });
  // The SDKs call fetch(url, init) with a string or URL and a plain init, which undici's fetch takes as is.
  return ((input: Parameters<typeof undiciFetch>[0], init?: Parameters<typeof undiciFetch>[1]) => undiciFetch(input, { ...init, dispatcher })) as unknown as typeof globalThis.fetch;
}
