import { AllowList, BlockedAddressError, CrawlerError, DnsError, ipLiteral, type SafeFetcher } from '@citable/crawler';
import { WEBHOOK_MESSAGES } from '@citable/contract';
import { HttpError } from '../../lib/http-error';

const refuse = (error: string) => new HttpError(400, { error, details: [{ path: ['url'], message: error }] });

/**
 * Checks an endpoint's address when it is saved: http(s) without credentials, https unless the host
 * is in FETCH_ALLOW_HOSTS (local development, the tests), and a host that resolves only to public
 * addresses (the crawler's address policy). Delivery checks again on every connection, since DNS
 * may answer differently later (rebinding); this check is for a clear message at once.
 */
export async function checkEndpointUrl(input: string, fetcher: SafeFetcher, allowHosts: readonly string[]): Promise<string> {
  if (!URL.canParse(input)) throw refuse(WEBHOOK_MESSAGES.invalidUrl);
  const url = new URL(input);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '' || url.hostname === '') throw refuse(WEBHOOK_MESSAGES.invalidUrl);
  const allowed = new AllowList(allowHosts);
  if (url.protocol === 'http:' && !allowed.allows(url.hostname)) throw refuse(WEBHOOK_MESSAGES.httpsRequired);
  url.hash = '';
  const literal = ipLiteral(url.hostname);
  try {
    // resolve() applies the allow list and the address policy to every address of the host.
    await fetcher.resolve(literal ?? url.hostname);
  } catch (error) {
    if (error instanceof BlockedAddressError) throw refuse(WEBHOOK_MESSAGES.blocked(url.hostname));
    if (error instanceof DnsError) throw refuse(WEBHOOK_MESSAGES.unresolvable(url.hostname));
    if (error instanceof CrawlerError) throw refuse(error.message);
    throw error;
  }
  return url.href;
}
