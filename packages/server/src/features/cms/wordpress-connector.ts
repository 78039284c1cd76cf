import type { SafeFetcher } from '@citable/crawler';
import type { WordpressIntegrationRequest } from '@citable/contract';
import { CmsError } from './cms-error';
import { apiErrorText, requestJson, type JsonResponse } from './cms-http';
import { decodeEntities } from './html-text';
import { withWordpressJsonLd } from './json-ld-block';
import { httpLinkOrNull } from './http-link';
import { wordpressSiteUrl } from './site-address';
import type { Connector, SyncedItemInput } from './types';

export interface WordpressCredentials {
  username: string;
  applicationPassword: string;
}

type ConnectInput = Extract<WordpressIntegrationRequest, { action: 'connect' }>;
export type WordpressPublishInput = Extract<WordpressIntegrationRequest, { action: 'publish' }>;

interface WpPost {
  id: number;
  link?: string;
  title?: { rendered?: string; raw?: string };
  content?: { rendered?: string; raw?: string };
}

const PAGE_SIZE = 100;
// A sync reads at most this many pages (500 posts): enough to audit a blog, bounded in time.
const MAX_PAGES = 5;
const DEFAULT_DRAFT_TITLE = 'Draft from Citable';

function authorization(credentials: WordpressCredentials): Record<string, string> {
  // Application passwords are HTTP Basic credentials (WordPress 5.6+).
  const token = Buffer.from(`${credentials.username}:${credentials.applicationPassword}`, 'utf8').toString('base64');
  return { authorization: `Basic ${token}` };
}

function apiUrl(siteUrl: string, route: string): string {
  return `${siteUrl}/wp-json/wp/v2${route}`;
}

function failure(response: JsonResponse<unknown>, siteUrl: string): CmsError {
  const text = apiErrorText(response.json);
  if (response.status === 401 || response.status === 403) {
    return new CmsError(text ?? 'WordPress refused the username or application password', response.status);
  }
  if (response.status === 404) return new CmsError(text ?? `no WordPress REST API at ${siteUrl}/wp-json/`, response.status);
  return new CmsError(text ?? `WordPress answered HTTP ${response.status}`, response.status);
}

async function call<T>(fetcher: SafeFetcher, siteUrl: string, credentials: WordpressCredentials, route: string, method: 'GET' | 'POST' = 'GET', body?: unknown) {
  const response = await requestJson<T>(fetcher, apiUrl(siteUrl, route), { method, headers: authorization(credentials), body });
  if (response.status >= 400) throw failure(response, siteUrl);
  return response;
}

export const wordpressConnector: Connector<WordpressCredentials, ConnectInput, WordpressPublishInput> = {
  prepare(input, allowHosts) {
    return {
      siteUrl: wordpressSiteUrl(input.siteUrl, allowHosts),
      credentials: { username: input.username.trim(), applicationPassword: input.applicationPassword.trim() },
    };
  },

  async verify(fetcher, siteUrl, credentials) {
    // context=edit is only served to an authenticated user who can edit, so a public site that
    // ignores the credentials cannot pass for a working connection.
    const { json } = await call<{ id?: unknown }>(fetcher, siteUrl, credentials, '/users/me?context=edit');
    if (typeof json.id !== 'number') throw new CmsError('the site did not answer like a WordPress REST API');
  },

  async publish(fetcher, siteUrl, credentials, input) {
    let content = input.content;
    if (input.schema !== undefined) {
      let base = content;
      if (base === undefined && input.postId !== undefined) {
        const { json } = await call<WpPost>(fetcher, siteUrl, credentials, `/posts/${input.postId}?context=edit`);
        base = json.content?.raw ?? '';
      }
      content = withWordpressJsonLd(base ?? '', input.schema);
    }
    const fields = { ...(content === undefined ? {} : { content }), ...(input.title ? { title: input.title } : {}) };
    if (input.postId !== undefined) {
      const { json } = await call<WpPost>(fetcher, siteUrl, credentials, `/posts/${input.postId}`, 'POST', fields);
      return { externalId: String(json.id), url: httpLinkOrNull(json.link), created: false };
    }
    const { json } = await call<WpPost>(fetcher, siteUrl, credentials, '/posts', 'POST', { title: DEFAULT_DRAFT_TITLE, ...fields, status: 'draft' });
    return { externalId: String(json.id), url: httpLinkOrNull(json.link), created: true };
  },

  async sync(fetcher, siteUrl, credentials) {
    const items: SyncedItemInput[] = [];
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const response = await call<WpPost[]>(fetcher, siteUrl, credentials, `/posts?status=publish,draft&per_page=${PAGE_SIZE}&page=${page}&orderby=modified`);
      if (!Array.isArray(response.json)) throw new CmsError('the site did not answer like a WordPress REST API');
      for (const post of response.json) {
        items.push({
          externalId: String(post.id),
          kind: 'post',
          title: decodeEntities(post.title?.rendered ?? '').trim() || `Post ${post.id}`,
          url: httpLinkOrNull(post.link),
          content: post.content?.rendered ?? '',
        });
      }
      const totalPages = Number(response.headers['x-wp-totalpages'] ?? '1');
      if (page >= totalPages || response.json.length < PAGE_SIZE) break;
    }
    return items;
  },
};
