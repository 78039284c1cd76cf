import type { SafeFetcher } from '@citable/crawler';
import type { WebflowIntegrationRequest } from '@citable/contract';
import { CmsError } from './cms-error';
import { apiErrorText, requestJson, type JsonResponse } from './cms-http';
import { httpLinkOrNull } from './http-link';
import { serialiseJsonLd } from './json-ld-block';
import type { Connector, SyncedItemInput } from './types';

export interface WebflowCredentials {
  siteToken: string;
  /** Filled in by verify when the form left it out and the token reaches one site. */
  siteId: string | null;
}

type ConnectInput = Extract<WebflowIntegrationRequest, { action: 'connect' }>;
export type WebflowPublishInput = Extract<WebflowIntegrationRequest, { action: 'publish' }>;

interface WebflowSite {
  id: string;
  displayName?: string;
  shortName?: string;
  customDomains?: { url?: string }[];
}
interface WebflowField {
  slug: string;
  type: string;
  displayName?: string;
}
interface WebflowCollection {
  id: string;
  displayName?: string;
  slug?: string;
  fields?: WebflowField[];
}
interface WebflowItem {
  id: string;
  isArchived?: boolean;
  isDraft?: boolean;
  fieldData?: Record<string, unknown>;
}

// The Data API's largest page; a sync reads at most MAX_ITEMS items over all collections.
const PAGE_SIZE = 100;
const MAX_ITEMS = 1000;
/** Where an Embed on the collection template can output the JSON-LD from (see the setup steps). */
export const DEFAULT_SCHEMA_FIELD = 'json-ld';

function failure(response: JsonResponse<unknown>): CmsError {
  const text = apiErrorText(response.json);
  if (response.status === 401 || response.status === 403) return new CmsError(text ?? 'Webflow refused the site token', response.status);
  if (response.status === 404) return new CmsError(text ?? 'not found on this Webflow site', response.status);
  if (response.status === 429) return new CmsError("Webflow's rate limit is reached; try again in a minute", 429);
  return new CmsError(text ?? `Webflow answered HTTP ${response.status}`, response.status);
}

/** The site's public address: its first custom domain, else its webflow.io subdomain. */
function publicOrigin(site: WebflowSite): string | null {
  const domain = site.customDomains?.find((entry) => typeof entry.url === 'string' && entry.url)?.url;
  if (domain) return httpLinkOrNull(/^https?:\/\//.test(domain) ? domain : `https://${domain}`)?.replace(/\/+$/, '') ?? null;
  return site.shortName ? httpLinkOrNull(`https://${encodeURIComponent(site.shortName)}.webflow.io`)?.replace(/\/+$/, '') ?? null : null;
}

/**
 * Webflow Data API v2 with a site token (https://developers.webflow.com/data/reference): the
 * token's site, its CMS collections and their items. Every call goes through the SSRF-guarded
 * fetcher to WEBFLOW_API_URL; a 429 with Retry-After is waited out by the fetcher when short, and
 * otherwise reported with the wait.
 */
export function webflowConnector(apiUrl: string): Connector<WebflowCredentials, ConnectInput, WebflowPublishInput> {
  const call = async <T>(fetcher: SafeFetcher, credentials: WebflowCredentials, route: string, method: 'GET' | 'POST' | 'PATCH' = 'GET', body?: unknown) => {
    const response = await requestJson<T>(fetcher, `${apiUrl}${route}`, { method, headers: { authorization: `Bearer ${credentials.siteToken}` }, body });
    if (response.status >= 400) throw failure(response);
    return response.json;
  };

  const siteId = (credentials: WebflowCredentials): string => {
    if (!credentials.siteId) throw new CmsError('the connection has no site; connect Webflow again');
    return credentials.siteId;
  };

  const collection = (fetcher: SafeFetcher, credentials: WebflowCredentials, id: string) => call<WebflowCollection>(fetcher, credentials, `/collections/${encodeURIComponent(id)}`);

  return {
    prepare(input) {
      // The address shown is the site's, known only once the API answers (verify).
      return { siteUrl: apiUrl, credentials: { siteToken: input.siteToken.trim(), siteId: input.siteId?.toLowerCase() ?? null } };
    },

    async verify(fetcher, _siteUrl, credentials) {
      const { sites } = await call<{ sites?: WebflowSite[] }>(fetcher, credentials, '/sites');
      if (!Array.isArray(sites)) throw new CmsError('the API did not answer like the Webflow Data API v2');
      const site = credentials.siteId ? sites.find((candidate) => candidate.id === credentials.siteId) : sites.length === 1 ? sites[0] : undefined;
      if (!site) {
        if (credentials.siteId) throw new CmsError(`the token has no access to site ${credentials.siteId}`);
        throw new CmsError(sites.length === 0 ? 'the token reaches no site' : `the token reaches ${sites.length} sites; enter the id of the one to connect`);
      }
      // Reading the collections proves the token carries the CMS scope, not only the site's.
      await call(fetcher, credentials, `/sites/${encodeURIComponent(site.id)}/collections`);
      return { siteUrl: publicOrigin(site) ?? `${apiUrl}/sites/${site.id}`, credentials: { ...credentials, siteId: site.id } };
    },

    async publish(fetcher, siteUrl, credentials, input) {
      const [collectionId, itemId] = input.itemId.toLowerCase().split('/');
      const { fields = [], slug } = await collection(fetcher, credentials, collectionId);
      const fieldData: Record<string, unknown> = {};
      if (input.content !== undefined) {
        const field = input.contentField ? fields.find((candidate) => candidate.slug === input.contentField) : fields.find((candidate) => candidate.type === 'RichText');
        if (!field || field.type !== 'RichText') {
          throw new CmsError(input.contentField ? `the collection has no Rich text field "${input.contentField}"` : 'the collection has no Rich text field for the content');
        }
        fieldData[field.slug] = input.content;
      }
      if (input.schema !== undefined) {
        const name = input.schemaField ?? DEFAULT_SCHEMA_FIELD;
        const field = fields.find((candidate) => candidate.slug === name);
        if (!field || field.type !== 'PlainText') throw new CmsError(`the collection has no Plain text field "${name}" for the JSON-LD; add one and output it from an Embed on the collection template`);
        fieldData[field.slug] = serialiseJsonLd(input.schema);
      }
      const item = await call<WebflowItem>(fetcher, credentials, `/collections/${collectionId}/items/${itemId}`, 'PATCH', { fieldData });
      if (input.live) await call(fetcher, credentials, `/collections/${collectionId}/items/publish`, 'POST', { itemIds: [itemId] });
      const itemSlug = typeof item.fieldData?.slug === 'string' ? item.fieldData.slug : null;
      return { externalId: `${collectionId}/${itemId}`, url: itemUrl(siteUrl, slug, itemSlug), created: false };
    },

    async sync(fetcher, siteUrl, credentials) {
      const items: SyncedItemInput[] = [];
      const { collections } = await call<{ collections?: WebflowCollection[] }>(fetcher, credentials, `/sites/${encodeURIComponent(siteId(credentials))}/collections`);
      if (!Array.isArray(collections)) throw new CmsError('the API did not answer like the Webflow Data API v2');
      for (const summary of collections) {
        const { fields = [], slug } = await collection(fetcher, credentials, summary.id);
        const richText = fields.filter((field) => field.type === 'RichText').map((field) => field.slug);
        for (let offset = 0; items.length < MAX_ITEMS; ) {
          const page = await call<{ items?: WebflowItem[]; pagination?: { total?: number } }>(fetcher, credentials, `/collections/${encodeURIComponent(summary.id)}/items?limit=${PAGE_SIZE}&offset=${offset}`);
          if (!Array.isArray(page.items)) throw new CmsError('the API did not answer like the Webflow Data API v2');
          offset += page.items.length;
          for (const item of page.items) {
            if (item.isArchived || items.length >= MAX_ITEMS) continue;
            const data = item.fieldData ?? {};
            items.push({
              externalId: `${summary.id}/${item.id}`,
              kind: 'item',
              title: (typeof data.name === 'string' && data.name.trim()) || `Item ${item.id}`,
              url: itemUrl(siteUrl, slug, typeof data.slug === 'string' ? data.slug : null),
              content: richText.map((field) => (typeof data[field] === 'string' ? data[field] : '')).filter(Boolean).join('\n'),
            });
          }
          // The API may answer fewer than asked; the total says whether more remain.
          if (page.items.length === 0 || offset >= (page.pagination?.total ?? 0)) break;
        }
      }
      return items;
    },
  };
}

/** An item's page on the default collection template path, /{collection slug}/{item slug}. */
function itemUrl(siteUrl: string, collectionSlug: string | undefined, itemSlug: string | null): string | null {
  if (!collectionSlug || !itemSlug || !/^https?:\/\//.test(siteUrl) || siteUrl.includes('/sites/')) return null;
  return httpLinkOrNull(`${siteUrl}/${encodeURIComponent(collectionSlug)}/${encodeURIComponent(itemSlug)}`);
}
