import { startHttpFake, type FakeReply, type HttpFake } from './http-fake';

export interface FakeContentType {
  id: string;
  name: string;
  displayField: string;
  fields: { id: string; name: string; type: 'Symbol' | 'Text' | 'RichText' | 'Object' }[];
}

export interface FakeEntry {
  id: string;
  contentType: string;
  version: number;
  publishedVersion?: number;
  fields: Record<string, Record<string, unknown>>;
}

export interface ContentfulFake extends HttpFake {
  entries: FakeEntry[];
  /** The next this many requests are answered 429 with X-Contentful-RateLimit-Reset (seconds). */
  rateLimitNext(count: number, resetSeconds: number): void;
}

const error = (status: number, id: string, message: string, extra: Record<string, unknown> = {}): FakeReply => ({
  status,
  headers: { 'content-type': 'application/vnd.contentful.management.v1+json' },
  json: { sys: { type: 'Error', id }, message, requestId: 'fake-request', ...extra },
});

const collection = (items: unknown[], total: number, skip: number, limit: number) => ({ sys: { type: 'Array' }, total, skip, limit, items });

/**
 * The Contentful Content Management API as the contentful-management SDK calls it, from the
 * documented shapes (contentful.com/developers/docs/references/content-management-api): spaces,
 * environments, locales, content types, entries (skip/limit/total collections), entry update with
 * X-Contentful-Version (409 VersionMismatch otherwise) and publish. Errors are {sys: {type:
 * 'Error', id}, message}; a 429 carries X-Contentful-RateLimit-Reset as the API does.
 */
export async function startContentfulFake(options: { token: string; spaceId: string; environment: string; locale: string; contentTypes: FakeContentType[]; entries: FakeEntry[] }): Promise<ContentfulFake> {
  const entries = options.entries;
  let limited = 0;
  let reset = 1;
  const prefix = `/spaces/${options.spaceId}`;
  const envPrefix = `${prefix}/environments/${options.environment}`;

  const entryJson = (entry: FakeEntry) => ({
    sys: {
      id: entry.id,
      type: 'Entry',
      version: entry.version,
      ...(entry.publishedVersion ? { publishedVersion: entry.publishedVersion } : {}),
      space: { sys: { type: 'Link', linkType: 'Space', id: options.spaceId } },
      environment: { sys: { type: 'Link', linkType: 'Environment', id: options.environment } },
      contentType: { sys: { type: 'Link', linkType: 'ContentType', id: entry.contentType } },
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-12-01T10:00:00.000Z',
    },
    fields: entry.fields,
    metadata: { tags: [] },
  });
  const typeJson = (type: FakeContentType) => ({ sys: { id: type.id, type: 'ContentType', version: 3 }, name: type.name, displayField: type.displayField, fields: type.fields.map((field) => ({ ...field, localized: false, required: false, disabled: false, omitted: false })) });

  const fake = await startHttpFake((request) => {
    const url = new URL(request.url, 'http://fake');
    if (limited > 0) {
      limited -= 1;
      return { ...error(429, 'RateLimitExceeded', 'You have exceeded the rate limit of the Organization this Space belongs to by making too many API requests within a short timespan. Please wait a moment before trying the request again.'), headers: { 'x-contentful-ratelimit-reset': String(reset), 'x-contentful-ratelimit-second-limit': '7', 'x-contentful-ratelimit-second-remaining': '0' } };
    }
    if (request.headers.authorization !== `Bearer ${options.token}`) return error(401, 'AccessTokenInvalid', 'The access token you sent could not be found or is invalid.');
    const path = url.pathname.replace(/\/+$/, '');
    if (path === prefix) return { json: { sys: { id: options.spaceId, type: 'Space', version: 1 }, name: 'Fake space' } };
    if (!path.startsWith(`${prefix}/`)) return error(404, 'NotFound', 'The resource could not be found.', { details: { type: 'Space', id: path.split('/')[2] } });
    if (path === envPrefix) return { json: { sys: { id: options.environment, type: 'Environment', version: 1 }, name: options.environment } };
    if (!path.startsWith(`${envPrefix}/`)) return error(404, 'NotFound', 'The resource could not be found.', { details: { type: 'Environment' } });
    const route = path.slice(envPrefix.length);
    if (route === '/locales') return { json: collection([{ sys: { id: 'loc1', type: 'Locale' }, code: options.locale, name: 'English', default: true, fallbackCode: null }], 1, 0, 100) };
    if (route === '/content_types') return { json: collection(options.contentTypes.map(typeJson), options.contentTypes.length, 0, 1000) };
    const typeMatch = route.match(/^\/content_types\/([A-Za-z0-9_.-]+)$/);
    if (typeMatch) {
      const type = options.contentTypes.find((candidate) => candidate.id === typeMatch[1]);
      return type ? { json: typeJson(type) } : error(404, 'NotFound', 'The resource could not be found.');
    }
    if (route === '/entries' && request.method === 'GET') {
      const skip = Number(url.searchParams.get('skip') ?? '0');
      const limit = Number(url.searchParams.get('limit') ?? '100');
      return { json: collection(entries.slice(skip, skip + limit).map(entryJson), entries.length, skip, limit) };
    }
    const entryMatch = route.match(/^\/entries\/([A-Za-z0-9_.-]+)(\/published)?$/);
    const entry = entryMatch ? entries.find((candidate) => candidate.id === entryMatch[1]) : undefined;
    if (!entryMatch || !entry) return error(404, 'NotFound', 'The resource could not be found.', { details: { type: 'Entry', id: entryMatch?.[1] } });
    if (request.method === 'GET' && !entryMatch[2]) return { json: entryJson(entry) };
    if (request.method === 'PUT') {
      if (Number(request.headers['x-contentful-version']) !== entry.version) return error(409, 'VersionMismatch', 'The version you sent does not match the current version of the resource.');
      if (entryMatch[2]) {
        entry.version += 1;
        entry.publishedVersion = entry.version - 1;
        return { json: entryJson(entry) };
      }
      const body = request.body as { fields?: FakeEntry['fields'] };
      entry.fields = body.fields ?? {};
      entry.version += 1;
      return { json: entryJson(entry) };
    }
    return error(404, 'NotFound', 'The resource could not be found.');
  });
  return Object.assign(fake, {
    entries,
    rateLimitNext(count: number, seconds: number) {
      limited = count;
      reset = seconds;
    },
  });
}
