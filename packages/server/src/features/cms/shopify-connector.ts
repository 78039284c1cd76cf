import type { SafeFetcher } from '@citable/crawler';
import type { ShopifyIntegrationRequest } from '@citable/contract';
import { CmsError } from './cms-error';
import { apiErrorText, requestJson, type JsonResponse } from './cms-http';
import { withJsonLd } from './json-ld-block';
import { httpLinkOrNull } from './http-link';
import { shopifyShopUrl } from './site-address';
import type { Connector, SyncedItemInput } from './types';

export interface ShopifyCredentials {
  accessToken: string;
}

type ConnectInput = Extract<ShopifyIntegrationRequest, { action: 'connect' }>;
export type ShopifyPublishInput = Extract<ShopifyIntegrationRequest, { action: 'publish' }>['product'];

interface ShopifyProduct {
  id: number;
  title?: string;
  handle?: string;
  body_html?: string | null;
}

/** A stable Admin API version (Shopify supports each for a year); the REST paths carry it. */
export const SHOPIFY_API_VERSION = '2025-01';
const PAGE_SIZE = 250;
// A sync reads at most this many pages (1,000 products).
const MAX_PAGES = 4;
const PRODUCT_FIELDS = 'id,title,handle,body_html';

function adminUrl(shopUrl: string, route: string): string {
  return `${shopUrl}/admin/api/${SHOPIFY_API_VERSION}${route}`;
}

function failure(response: JsonResponse<unknown>): CmsError {
  const text = apiErrorText(response.json);
  if (response.status === 401 || response.status === 403) return new CmsError(text ?? 'Shopify refused the access token', response.status);
  if (response.status === 404) return new CmsError(text ?? 'not found in this shop', response.status);
  return new CmsError(text ?? `Shopify answered HTTP ${response.status}`, response.status);
}

async function call<T>(fetcher: SafeFetcher, url: string, credentials: ShopifyCredentials, method: 'GET' | 'PUT' = 'GET', body?: unknown) {
  const response = await requestJson<T>(fetcher, url, { method, headers: { 'x-shopify-access-token': credentials.accessToken }, body });
  if (response.status >= 400) throw failure(response);
  return response;
}

/** The rel="next" URL of a Link header, only when it stays on the shop (it carries our token). */
/** The storefront address of a product; the handle is the shop's data, so it is encoded as one path segment. */
function productUrl(shopUrl: string, handle: string | undefined): string | null {
  return handle ? httpLinkOrNull(`${shopUrl}/products/${encodeURIComponent(handle)}`) : null;
}

function nextPage(link: string | undefined, shopUrl: string): string | null {
  const match = link?.split(',').find((part) => /rel="?next"?/.test(part))?.match(/<([^>]+)>/);
  if (!match || !URL.canParse(match[1])) return null;
  return new URL(match[1]).origin === shopUrl ? match[1] : null;
}

export const shopifyConnector: Connector<ShopifyCredentials, ConnectInput, ShopifyPublishInput> = {
  prepare(input, allowHosts) {
    return { siteUrl: shopifyShopUrl(input.shopDomain, allowHosts), credentials: { accessToken: input.accessToken.trim() } };
  },

  async verify(fetcher, shopUrl, credentials) {
    const { json } = await call<{ shop?: { id?: unknown } }>(fetcher, adminUrl(shopUrl, '/shop.json'), credentials);
    if (!json.shop || typeof json.shop !== 'object') throw new CmsError('the address did not answer like the Shopify Admin API');
  },

  async publish(fetcher, shopUrl, credentials, product) {
    const id = String(product.id);
    let bodyHtml = product.bodyHtml;
    if (product.schema !== undefined) {
      if (bodyHtml === undefined) {
        const { json } = await call<{ product: ShopifyProduct }>(fetcher, adminUrl(shopUrl, `/products/${id}.json?fields=${PRODUCT_FIELDS}`), credentials);
        bodyHtml = json.product?.body_html ?? '';
      }
      bodyHtml = withJsonLd(bodyHtml, product.schema);
    }
    const { json } = await call<{ product: ShopifyProduct }>(fetcher, adminUrl(shopUrl, `/products/${id}.json`), credentials, 'PUT', { product: { id: Number(id), body_html: bodyHtml } });
    const handle = json.product?.handle;
    return { externalId: id, url: productUrl(shopUrl, handle), created: false };
  },

  async sync(fetcher, shopUrl, credentials) {
    const items: SyncedItemInput[] = [];
    let url: string | null = adminUrl(shopUrl, `/products.json?limit=${PAGE_SIZE}&fields=${PRODUCT_FIELDS}`);
    for (let page = 0; url && page < MAX_PAGES; page += 1) {
      const response: JsonResponse<{ products?: ShopifyProduct[] }> = await call(fetcher, url, credentials);
      if (!Array.isArray(response.json.products)) throw new CmsError('the address did not answer like the Shopify Admin API');
      for (const product of response.json.products) {
        items.push({
          externalId: String(product.id),
          kind: 'product',
          title: product.title?.trim() || `Product ${product.id}`,
          url: productUrl(shopUrl, product.handle),
          content: product.body_html ?? '',
        });
      }
      url = nextPage(response.headers.link, shopUrl);
    }
    return items;
  },
};
