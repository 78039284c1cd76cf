import { startHttpFake, type FakeReply, type HttpFake } from './http-fake';

export interface FakeWebflowField {
  slug: string;
  type: 'PlainText' | 'RichText' | 'Image' | 'Link';
  displayName: string;
}

export interface FakeWebflowCollection {
  id: string;
  displayName: string;
  slug: string;
  fields: FakeWebflowField[];
  items: { id: string; isArchived: boolean; isDraft: boolean; fieldData: Record<string, unknown> }[];
}

export interface WebflowFake extends HttpFake {
  collections: FakeWebflowCollection[];
  /** Item ids sent to POST /collections/{id}/items/publish. */
  published: string[];
  /** The next this many requests are answered 429 with Retry-After (seconds) as Webflow does. */
  rateLimitNext(count: number, retryAfterSeconds: number): void;
}

const error = (status: number, code: string, message: string): FakeReply => ({ status, json: { code, message, externalReference: null, details: [] } });

/**
 * The Webflow Data API v2 as Citable uses it, from the documented shapes
 * (developers.webflow.com/data/reference): GET /sites, GET /sites/{id}/collections,
 * GET /collections/{id} (with fields), GET /collections/{id}/items (offset, limit, pagination),
 * PATCH /collections/{id}/items/{itemId} (fieldData), POST /collections/{id}/items/publish
 * (202, publishedItemIds). Errors carry {code, message}; 429 carries Retry-After and the
 * X-RateLimit-* headers. The API lives under /v2 as on api.webflow.com.
 */
export async function startWebflowFake(options: { token: string; site: { id: string; displayName: string; shortName: string; customDomains: { id: string; url: string }[] }; collections: FakeWebflowCollection[]; pageSize?: number }): Promise<WebflowFake> {
  const collections = options.collections;
  const published: string[] = [];
  let limited = 0;
  let retryAfter = 1;
  const fake = await startHttpFake((request) => {
    const url = new URL(request.url, 'http://fake');
    if (!url.pathname.startsWith('/v2/')) return error(404, 'route_not_found', 'Requested route not found');
    if (limited > 0) {
      limited -= 1;
      return { ...error(429, 'too_many_requests', 'Too many requests'), headers: { 'retry-after': String(retryAfter), 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0' } };
    }
    if (request.headers.authorization !== `Bearer ${options.token}`) return error(401, 'not_authorized', 'Request not authorized');
    const route = url.pathname.slice('/v2'.length);
    const headers = { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59' };
    if (route === '/sites' && request.method === 'GET') {
      return { headers, json: { sites: [{ ...options.site, workspaceId: '6a0000000000000000000001', previewUrl: null, timeZone: 'Europe/London', locales: null }] } };
    }
    if (route === `/sites/${options.site.id}/collections`) {
      return { headers, json: { collections: collections.map(({ id, displayName, slug }) => ({ id, displayName, singularName: displayName, slug })) } };
    }
    const match = route.match(/^\/collections\/([0-9a-f]{24})(\/items(?:\/([0-9a-f]{24}|publish))?)?$/);
    const collection = match ? collections.find((candidate) => candidate.id === match[1]) : undefined;
    if (!match || !collection) return error(404, 'resource_not_found', 'Requested resource not found: The collection cannot be found');
    if (!match[2]) return { headers, json: { id: collection.id, displayName: collection.displayName, slug: collection.slug, fields: collection.fields.map((field, index) => ({ id: `f${index}`, isEditable: true, isRequired: false, ...field })) } };
    if (!match[3] && request.method === 'GET') {
      const offset = Number(url.searchParams.get('offset') ?? '0');
      const limit = Math.min(Number(url.searchParams.get('limit') ?? '100'), options.pageSize ?? 100);
      return { headers, json: { items: collection.items.slice(offset, offset + limit), pagination: { limit, offset, total: collection.items.length } } };
    }
    if (match[3] === 'publish' && request.method === 'POST') {
      const ids = ((request.body as { itemIds?: string[] }).itemIds ?? []).filter((id) => collection.items.some((item) => item.id === id));
      published.push(...ids);
      return { status: 202, headers, json: { publishedItemIds: ids, errors: [] } };
    }
    const item = collection.items.find((candidate) => candidate.id === match[3]);
    if (!item) return error(404, 'resource_not_found', 'Requested resource not found: The item cannot be found');
    if (request.method === 'PATCH') {
      const fieldData = (request.body as { fieldData?: Record<string, unknown> }).fieldData ?? {};
      const unknown = Object.keys(fieldData).filter((slug) => !collection.fields.some((field) => field.slug === slug) && slug !== 'name' && slug !== 'slug');
      if (unknown.length > 0) return error(400, 'validation_error', `Validation Error: unknown field ${unknown.join(', ')}`);
      Object.assign(item.fieldData, fieldData);
      return { headers, json: { ...item, lastUpdated: '2026-12-07T12:00:00.000Z' } };
    }
    return error(404, 'route_not_found', 'Requested route not found');
  });
  return Object.assign(fake, {
    collections,
    published,
    rateLimitNext(count: number, seconds: number) {
      limited = count;
      retryAfter = seconds;
    },
  });
}
