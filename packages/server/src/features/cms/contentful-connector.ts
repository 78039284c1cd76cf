import { createClient, type PlainClientAPI } from 'contentful-management';
import type { SafeFetcher } from '@citable/crawler';
import type { ContentfulIntegrationRequest } from '@citable/contract';
import { CmsError } from './cms-error';
import { safeFetchAdapter } from './contentful-fetch-adapter';
import { serialiseJsonLd } from './json-ld-block';
import { richTextToHtml, type RichTextNode } from './rich-text-html';
import type { Connector, SyncedItemInput } from './types';

export interface ContentfulCredentials {
  spaceId: string;
  environment: string;
  accessToken: string;
}

type ConnectInput = Extract<ContentfulIntegrationRequest, { action: 'connect' }>;
export type ContentfulPublishInput = Extract<ContentfulIntegrationRequest, { action: 'publish' }>;

interface ContentTypeField {
  id: string;
  type: string;
  name?: string;
  disabled?: boolean;
  omitted?: boolean;
}
interface ContentTypeInfo {
  displayField?: string;
  fields: ContentTypeField[];
}
type Fields = Record<string, Record<string, unknown> | undefined>;

// The CMA's largest page is 1000; entries with their fields are heavy, so 100 a page, 1000 in all.
const PAGE_SIZE = 100;
const MAX_ENTRIES = 1000;
// The SDK waits out a 429 for X-Contentful-RateLimit-Reset seconds, then tries again, this often.
const RATE_LIMIT_RETRIES = 3;
/** The JSON object (or Long text) field a front end renders as JSON-LD (see the setup steps). */
export const DEFAULT_SCHEMA_FIELD = 'jsonLd';

/**
 * The SDK's errors carry the response as JSON text in `message` (status, statusText, message);
 * only the API's own words and the status are kept: never the request, which holds the token.
 */
function failure(error: unknown): CmsError {
  if (error instanceof CmsError) return error;
  const raw = error instanceof Error ? error.message : String(error);
  let details: { status?: unknown; message?: unknown } = {};
  try {
    details = JSON.parse(raw) as typeof details;
  } catch {
    // Not an API answer: the fetcher refused the address or the network failed before one came.
    return new CmsError(`could not reach the Contentful API (${raw})`);
  }
  const status = typeof details.status === 'number' ? details.status : undefined;
  const text = typeof details.message === 'string' && details.message.trim() ? details.message.trim() : null;
  if (status === 401 || status === 403) return new CmsError(text ?? 'Contentful refused the Content Management token', status);
  if (status === 404) return new CmsError(text ? `${text} Check the space id, environment and entry id.` : 'not found in this space', status);
  if (status === 429) return new CmsError("Contentful's rate limit is still reached after waiting; try again in a minute", 429);
  return new CmsError(text ?? `Contentful answered HTTP ${status ?? 'with an error'}`, status);
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw failure(error);
  }
}

/**
 * The Content Management API through Contentful's own SDK (`contentful-management`, plain client),
 * at CONTENTFUL_API_URL. The SDK is the normal client and does its own rate limiting: a 429 is
 * retried after the X-Contentful-RateLimit-Reset seconds the API names. Its requests travel
 * through the SSRF-guarded fetcher (safeFetchAdapter) like every other connector's; the space and
 * environment ids that go into its paths are checked by the contract's schema.
 */
export function contentfulConnector(apiUrl: string): Connector<ContentfulCredentials, ConnectInput, ContentfulPublishInput> {
  const api = new URL(apiUrl);

  const client = (fetcher: SafeFetcher, credentials: ContentfulCredentials): PlainClientAPI =>
    createClient(
      {
        accessToken: credentials.accessToken,
        adapter: safeFetchAdapter(fetcher),
        host: api.host,
        insecure: api.protocol === 'http:',
        ...(api.pathname !== '/' ? { basePath: api.pathname.replace(/\/+$/, '') } : {}),
        retryLimit: RATE_LIMIT_RETRIES,
        // The SDK logs each retry to the console by default; the server's own log is enough.
        logHandler: () => undefined,
      },
      { type: 'plain', defaults: { spaceId: credentials.spaceId, environmentId: credentials.environment } },
    );

  const defaultLocale = async (cma: PlainClientAPI): Promise<string> => {
    const { items } = await cma.locale.getMany({ query: { limit: 1000 } });
    const locale = items.find((candidate) => candidate.default) ?? items[0];
    if (!locale) throw new CmsError('the environment has no locale');
    return locale.code;
  };

  return {
    prepare(input) {
      const credentials = { spaceId: input.spaceId, environment: input.environment, accessToken: input.accessToken.trim() };
      // The address shown: the environment in Contentful's web app (where the entries are edited).
      return { siteUrl: `https://app.contentful.com/spaces/${credentials.spaceId}/environments/${credentials.environment}`, credentials };
    },

    async verify(fetcher, _siteUrl, credentials) {
      await guarded(async () => {
        const cma = client(fetcher, credentials);
        await cma.space.get({});
        await cma.environment.get({});
      });
    },

    async publish(fetcher, siteUrl, credentials, input) {
      return guarded(async () => {
        const cma = client(fetcher, credentials);
        const entry = await cma.entry.get({ entryId: input.entryId });
        const contentType = (await cma.contentType.get({ contentTypeId: entry.sys.contentType.sys.id })) as unknown as ContentTypeInfo;
        const locale = await defaultLocale(cma);
        const fields = { ...(entry.fields as Fields) };
        const set = (id: string, value: unknown) => {
          fields[id] = { ...(fields[id] ?? {}), [locale]: value };
        };
        if (input.content !== undefined) {
          const field = input.contentField ? contentType.fields.find((candidate) => candidate.id === input.contentField) : contentType.fields.find((candidate) => candidate.type === 'Text');
          if (!field || field.type !== 'Text') throw new CmsError(input.contentField ? `the content type has no Long text field "${input.contentField}"` : 'the content type has no Long text field for the content');
          set(field.id, input.content);
        }
        if (input.schema !== undefined) {
          const id = input.schemaField ?? DEFAULT_SCHEMA_FIELD;
          const field = contentType.fields.find((candidate) => candidate.id === id);
          if (!field || (field.type !== 'Object' && field.type !== 'Text')) {
            throw new CmsError(`the content type has no JSON object or Long text field "${id}" for the JSON-LD; add one and render it in your front end`);
          }
          const text = serialiseJsonLd(input.schema);
          set(field.id, field.type === 'Object' ? JSON.parse(text) : text);
        }
        const updated = await cma.entry.update({ entryId: input.entryId }, { ...entry, fields } as typeof entry);
        if (input.live) await cma.entry.publish({ entryId: input.entryId }, updated);
        return { externalId: input.entryId, url: `${siteUrl}/entries/${encodeURIComponent(input.entryId)}`, created: false };
      });
    },

    async sync(fetcher, siteUrl, credentials) {
      return guarded(async () => {
        const cma = client(fetcher, credentials);
        const locale = await defaultLocale(cma);
        const types = new Map<string, ContentTypeInfo>();
        for (const type of (await cma.contentType.getMany({ query: { limit: 1000 } })).items) types.set(type.sys.id, type as unknown as ContentTypeInfo);
        const items: SyncedItemInput[] = [];
        for (let skip = 0; items.length < MAX_ENTRIES; skip += PAGE_SIZE) {
          const page = await cma.entry.getMany({ query: { limit: PAGE_SIZE, skip, order: '-sys.updatedAt' } });
          for (const entry of page.items.slice(0, MAX_ENTRIES - items.length)) {
            const type = types.get(entry.sys.contentType.sys.id);
            items.push(entryItem(entry.sys.id, entry.fields as Fields, type, locale, siteUrl));
          }
          if (page.items.length < PAGE_SIZE || skip + PAGE_SIZE >= page.total) break;
        }
        return items;
      });
    },
  };
}

/** An entry as a synced item: its display field as the title, its text fields as the content to audit. */
function entryItem(id: string, fields: Fields, type: ContentTypeInfo | undefined, locale: string, siteUrl: string): SyncedItemInput {
  const value = (fieldId: string) => fields[fieldId]?.[locale];
  const title = type?.displayField ? value(type.displayField) : undefined;
  const parts: string[] = [];
  for (const field of type?.fields ?? []) {
    if (field.id === type?.displayField) continue;
    const content = value(field.id);
    if (field.type === 'Text' && typeof content === 'string') parts.push(content);
    if (field.type === 'RichText' && content && typeof content === 'object') parts.push(richTextToHtml(content as RichTextNode));
  }
  return {
    externalId: id,
    kind: 'entry',
    title: (typeof title === 'string' && title.trim()) || `Entry ${id}`,
    url: `${siteUrl}/entries/${encodeURIComponent(id)}`,
    content: parts.filter(Boolean).join('\n\n'),
  };
}
