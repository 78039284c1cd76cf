import type { SafeFetcher } from '@citable/crawler';
import type { DrupalIntegrationRequest } from '@citable/contract';
import { CmsError } from './cms-error';
import { apiErrorText, requestJson, type JsonResponse } from './cms-http';
import { decodeEntities } from './html-text';
import { httpLinkOrNull } from './http-link';
import { withJsonLd } from './json-ld-block';
import { drupalSiteUrl } from './site-address';
import type { Connector, SyncedItemInput } from './types';

export type DrupalCredentials = { method: 'basic'; username: string; password: string } | { method: 'oauth'; clientId: string; clientSecret: string };

type ConnectInput = Extract<DrupalIntegrationRequest, { action: 'connect' }>;
export type DrupalPublishInput = Extract<DrupalIntegrationRequest, { action: 'publish' }>;

interface DrupalNode {
  id: string;
  type: string;
  attributes?: {
    title?: string;
    status?: boolean;
    drupal_internal__nid?: number;
    path?: { alias?: string | null };
    body?: { value?: string; format?: string; processed?: string } | null;
  };
}
interface EntryPoint {
  links?: Record<string, { href?: string } | string>;
  meta?: { links?: { me?: { meta?: { id?: string } } } };
}

const JSON_API = 'application/vnd.api+json';
const PAGE_SIZE = 50;
// A sync reads at most this many nodes over all content types.
const MAX_NODES = 500;
const DEFAULT_DRAFT_TITLE = 'Draft from Citable';
const DEFAULT_BUNDLE = 'article';
// A format that keeps <script>: Drupal's filtered formats strip it from the rendered page.
const NEW_BODY_FORMAT = 'full_html';

function failure(response: JsonResponse<unknown>, siteUrl: string): CmsError {
  const text = apiErrorText(response.json);
  if (response.status === 401 || response.status === 403) return new CmsError(text ?? 'Drupal refused the credentials', response.status);
  if (response.status === 404) return new CmsError(text ?? `no JSON:API resource there; is JSON:API enabled at ${siteUrl}/jsonapi?`, response.status);
  if (response.status === 429) return new CmsError('the site is rate limiting requests; try again in a minute', 429);
  return new CmsError(text ?? `Drupal answered HTTP ${response.status}`, response.status);
}

/**
 * The Authorization header: HTTP Basic (core basic_auth), or a bearer token from Simple OAuth's
 * client credentials grant (POST /oauth/token), fetched for each operation so none is stored.
 */
async function authorization(fetcher: SafeFetcher, siteUrl: string, credentials: DrupalCredentials): Promise<Record<string, string>> {
  if (credentials.method === 'basic') {
    return { authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`, 'utf8').toString('base64')}` };
  }
  const response = await requestJson<{ access_token?: unknown; token_type?: unknown }>(fetcher, `${siteUrl}/oauth/token`, {
    method: 'POST',
    headers: {},
    form: { grant_type: 'client_credentials', client_id: credentials.clientId, client_secret: credentials.clientSecret },
  });
  if (response.status >= 400) throw failure(response, siteUrl);
  if (typeof response.json.access_token !== 'string') throw new CmsError('the OAuth token endpoint answered without an access token');
  return { authorization: `Bearer ${response.json.access_token}` };
}

/** JSON:API links are absolute; one leading off the site would carry our credentials away, so it is refused. */
function sameSite(href: string, siteUrl: string): string {
  if (!URL.canParse(href) || new URL(href).origin !== new URL(siteUrl).origin) throw new CmsError(`the site linked to ${href}, outside ${siteUrl}`);
  return href;
}

function nodeUrl(siteUrl: string, node: DrupalNode): string | null {
  const alias = node.attributes?.path?.alias;
  if (alias && alias.startsWith('/')) return httpLinkOrNull(`${siteUrl}${alias}`);
  const nid = node.attributes?.drupal_internal__nid;
  return typeof nid === 'number' ? httpLinkOrNull(`${siteUrl}/node/${nid}`) : null;
}

/**
 * Drupal core JSON:API (https://www.drupal.org/docs/core-modules-and-themes/core-modules/jsonapi-module)
 * at the site's own address, through the SSRF-guarded fetcher like WordPress.
 */
export const drupalConnector: Connector<DrupalCredentials, ConnectInput, DrupalPublishInput> = {
  prepare(input, allowHosts) {
    const siteUrl = drupalSiteUrl(input.siteUrl, allowHosts);
    const credentials: DrupalCredentials =
      input.authMethod === 'basic' ? { method: 'basic', username: input.username ?? '', password: input.password ?? '' } : { method: 'oauth', clientId: input.clientId ?? '', clientSecret: input.clientSecret ?? '' };
    return { siteUrl, credentials };
  },

  async verify(fetcher, siteUrl, credentials) {
    const headers = await authorization(fetcher, siteUrl, credentials);
    const response = await requestJson<EntryPoint>(fetcher, `${siteUrl}/jsonapi`, { headers, accept: JSON_API });
    if (response.status >= 400) throw failure(response, siteUrl);
    if (!response.json.links) throw new CmsError(`no JSON:API at ${siteUrl}/jsonapi`);
    // The entry point names the current user only to an authenticated request: without it the
    // credentials were ignored and Citable would act as an anonymous visitor.
    if (!response.json.meta?.links?.me?.meta?.id) throw new CmsError('Drupal did not accept the credentials (JSON:API answered as to an anonymous visitor)');
  },

  async publish(fetcher, siteUrl, credentials, input) {
    const headers = await authorization(fetcher, siteUrl, credentials);
    const send = async (url: string, method: 'GET' | 'POST' | 'PATCH', body?: unknown) => {
      const response = await requestJson<{ data?: DrupalNode }>(fetcher, url, { method, headers, accept: JSON_API, contentType: JSON_API, body });
      if (response.status >= 400) throw failure(response, siteUrl);
      if (!response.json.data?.id) throw new CmsError('the site did not answer like Drupal JSON:API');
      return response.json.data;
    };
    if (input.nodeId) {
      const [bundle, uuid] = input.nodeId.split('/');
      const url = `${siteUrl}/jsonapi/node/${bundle}/${uuid.toLowerCase()}`;
      const current = await send(url, 'GET');
      const body = current.attributes?.body;
      let value = input.content ?? body?.value ?? '';
      if (input.schema !== undefined) value = withJsonLd(value, input.schema);
      const attributes = { body: { value, format: body?.format ?? NEW_BODY_FORMAT }, ...(input.title ? { title: input.title } : {}) };
      const node = await send(url, 'PATCH', { data: { type: `node--${bundle}`, id: current.id, attributes } });
      return { externalId: `${bundle}/${node.id}`, url: nodeUrl(siteUrl, node), created: false };
    }
    const value = input.schema === undefined ? (input.content ?? '') : withJsonLd(input.content ?? '', input.schema);
    const attributes = { title: input.title ?? DEFAULT_DRAFT_TITLE, status: false, body: { value, format: NEW_BODY_FORMAT } };
    const node = await send(`${siteUrl}/jsonapi/node/${DEFAULT_BUNDLE}`, 'POST', { data: { type: `node--${DEFAULT_BUNDLE}`, attributes } });
    return { externalId: `${DEFAULT_BUNDLE}/${node.id}`, url: nodeUrl(siteUrl, node), created: true };
  },

  async sync(fetcher, siteUrl, credentials) {
    const headers = await authorization(fetcher, siteUrl, credentials);
    const get = async <T>(url: string) => {
      const response = await requestJson<T>(fetcher, url, { headers, accept: JSON_API });
      if (response.status >= 400) throw failure(response, siteUrl);
      return response.json;
    };
    const entry = await get<EntryPoint>(`${siteUrl}/jsonapi`);
    const bundles = Object.keys(entry.links ?? {}).filter((key) => /^node--[a-z0-9_]+$/.test(key));
    const items: SyncedItemInput[] = [];
    for (const key of bundles) {
      const bundle = key.slice('node--'.length);
      let url: string | null = `${siteUrl}/jsonapi/node/${bundle}?page[limit]=${PAGE_SIZE}&sort=-changed`;
      while (url && items.length < MAX_NODES) {
        const page: { data?: DrupalNode[]; links?: { next?: { href?: string } } } = await get(url);
        if (!Array.isArray(page.data)) throw new CmsError('the site did not answer like Drupal JSON:API');
        for (const node of page.data.slice(0, MAX_NODES - items.length)) {
          items.push({
            externalId: `${bundle}/${node.id}`,
            kind: 'node',
            title: decodeEntities(node.attributes?.title ?? '').trim() || `Node ${node.id}`,
            url: nodeUrl(siteUrl, node),
            content: node.attributes?.body?.processed ?? node.attributes?.body?.value ?? '',
          });
        }
        url = page.links?.next?.href ? sameSite(page.links.next.href, siteUrl) : null;
      }
    }
    return items;
  },
};
