import { AllowList } from '@citable/crawler';
import { CmsError } from './cms-error';

/**
 * The origin (and path, for WordPress in a sub-folder) a connection talks to. Credentials only
 * travel over https; plain http is accepted for hosts in FETCH_ALLOW_HOSTS, which is how local
 * development and the tests reach a CMS on 127.0.0.1.
 */
function secureBase(input: string, allowHosts: readonly string[], defaultScheme: 'https'): URL {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `${defaultScheme}://${input}`;
  if (!URL.canParse(withScheme)) throw new CmsError(`"${input}" is not a valid address`);
  const url = new URL(withScheme);
  if (url.username || url.password) throw new CmsError('the address must not contain a user name or password');
  if (url.protocol === 'http:' && !new AllowList(allowHosts).allows(url.hostname)) {
    throw new CmsError('the address must use https:// so your credentials are sent encrypted');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new CmsError('the address must be an https:// URL');
  url.search = '';
  url.hash = '';
  return url;
}

/** "https://example.com/blog/" -> "https://example.com/blog" (the REST API lives under it). */
export function wordpressSiteUrl(input: string, allowHosts: readonly string[]): string {
  const url = secureBase(input.trim(), allowHosts, 'https');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** "my-store.myshopify.com", "https://my-store.myshopify.com/admin" -> "https://my-store.myshopify.com". */
export function shopifyShopUrl(input: string, allowHosts: readonly string[]): string {
  const url = secureBase(input.trim(), allowHosts, 'https');
  return url.origin;
}

/** "https://example.com/drupal/" -> "https://example.com/drupal" (JSON:API lives under /jsonapi). */
export function drupalSiteUrl(input: string, allowHosts: readonly string[]): string {
  return wordpressSiteUrl(input, allowHosts);
}
