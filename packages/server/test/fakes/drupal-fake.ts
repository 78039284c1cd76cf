import { randomUUID } from 'node:crypto';
import { startHttpFake, type FakeReply, type HttpFake } from './http-fake';

export interface FakeDrupalNode {
  id: string;
  bundle: string;
  nid: number;
  title: string;
  status: boolean;
  alias: string | null;
  body: { value: string; format: string };
}

export interface DrupalFake extends HttpFake {
  nodes: FakeDrupalNode[];
  /** The next this many requests are answered 429 with Retry-After (a proxy in front of the site). */
  rateLimitNext(count: number, retryAfterSeconds: number): void;
}

const JSON_API = 'application/vnd.api+json';
const ME = '9a1b2c3d-0000-4000-8000-00000000c17a';

const errors = (status: number, title: string, detail: string): FakeReply => ({ status, headers: { 'content-type': JSON_API }, json: { jsonapi: { version: '1.0' }, errors: [{ title, status: String(status), detail }] } });

/**
 * A Drupal 10 site with core JSON:API, from the documented behaviour
 * (drupal.org/docs/core-modules-and-themes/core-modules/jsonapi-module): the entry point at
 * /jsonapi names the current user in meta.links.me only when the request is authenticated (bad
 * Basic credentials fall back to anonymous, as core basic_auth does); collections page with
 * page[limit]/page[offset] and links.next; writes need Content-Type application/vnd.api+json
 * and an authenticated editor. Simple OAuth's POST /oauth/token issues bearer tokens for the
 * client credentials grant.
 */
export async function startDrupalFake(options: { username: string; password: string; clientId: string; clientSecret: string; nodes: FakeDrupalNode[]; pageSize?: number }): Promise<DrupalFake> {
  const nodes = options.nodes;
  const tokens = new Set<string>();
  let limited = 0;
  let retryAfter = 1;
  let base = '';

  const resource = (node: FakeDrupalNode) => ({
    type: `node--${node.bundle}`,
    id: node.id,
    links: { self: { href: `${base}/jsonapi/node/${node.bundle}/${node.id}` } },
    attributes: {
      drupal_internal__nid: node.nid,
      title: node.title,
      status: node.status,
      path: { alias: node.alias, pid: null, langcode: 'en' },
      body: { ...node.body, processed: node.body.value, summary: '' },
    },
  });

  const fake = await startHttpFake((request) => {
    const url = new URL(request.url, 'http://fake');
    if (limited > 0) {
      limited -= 1;
      return { status: 429, headers: { 'retry-after': String(retryAfter) }, text: 'Too Many Requests' };
    }
    if (url.pathname === '/oauth/token' && request.method === 'POST') {
      const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      if (form.get('grant_type') !== 'client_credentials' || form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) {
        return { status: 401, json: { error: 'invalid_client', error_description: 'Client authentication failed', message: 'Client authentication failed' } };
      }
      const token = `tok-${randomUUID()}`;
      tokens.add(token);
      return { json: { token_type: 'Bearer', expires_in: 300, access_token: token } };
    }
    const auth = request.headers.authorization ?? '';
    const basic = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
    const authenticated = auth === basic || (auth.startsWith('Bearer ') && tokens.has(auth.slice(7)));
    if (url.pathname === '/jsonapi') {
      const bundles = [...new Set(nodes.map((node) => node.bundle))];
      const links = Object.fromEntries([['self', { href: `${base}/jsonapi` }], ...bundles.map((bundle) => [`node--${bundle}`, { href: `${base}/jsonapi/node/${bundle}` }]), ['user--user', { href: `${base}/jsonapi/user/user` }]]);
      return { headers: { 'content-type': JSON_API }, json: { jsonapi: { version: '1.0' }, data: [], links, ...(authenticated ? { meta: { links: { me: { meta: { id: ME }, href: `${base}/jsonapi/user/user/${ME}` } } } } : {}) } };
    }
    const match = url.pathname.match(/^\/jsonapi\/node\/([a-z0-9_]+)(?:\/([0-9a-f-]{36}))?$/);
    if (!match) return errors(404, 'Not Found', `The "${url.pathname}" route was not found.`);
    const [, bundle, id] = match;
    // Anonymous visitors see published nodes only; writing needs an editor.
    const visible = nodes.filter((node) => node.bundle === bundle && (authenticated || node.status));
    if (request.method !== 'GET') {
      if (!authenticated) return errors(403, 'Forbidden', 'The current user is not permitted to update this content.');
      if (request.headers['content-type'] !== JSON_API) return errors(415, 'Unsupported Media Type', 'No route found that matches "Content-Type: application/json"');
    }
    const payload = (request.body as { data?: { type?: string; id?: string; attributes?: Partial<FakeDrupalNode> & { body?: FakeDrupalNode['body'] } } } | undefined)?.data;
    if (!id && request.method === 'GET') {
      const offset = Number(url.searchParams.get('page[offset]') ?? '0');
      const limit = Math.min(Number(url.searchParams.get('page[limit]') ?? '50'), options.pageSize ?? 50);
      const page = visible.slice(offset, offset + limit);
      const next = offset + limit < visible.length ? { next: { href: `${base}/jsonapi/node/${bundle}?page%5Boffset%5D=${offset + limit}&page%5Blimit%5D=${limit}` } } : {};
      return { headers: { 'content-type': JSON_API }, json: { jsonapi: { version: '1.0' }, data: page.map(resource), links: { self: { href: `${base}${request.url}` }, ...next } } };
    }
    if (!id && request.method === 'POST') {
      if (payload?.type !== `node--${bundle}`) return errors(409, 'Conflict', 'The provided type does not match the destination resource types.');
      const node: FakeDrupalNode = {
        id: randomUUID(),
        bundle,
        nid: Math.max(0, ...nodes.map((candidate) => candidate.nid)) + 1,
        title: String(payload.attributes?.title ?? ''),
        status: Boolean(payload.attributes?.status),
        alias: null,
        body: payload.attributes?.body ?? { value: '', format: 'basic_html' },
      };
      if (!node.title) return errors(422, 'Unprocessable Content', 'title: This value should not be null.');
      nodes.push(node);
      return { status: 201, headers: { 'content-type': JSON_API }, json: { jsonapi: { version: '1.0' }, data: resource(node) } };
    }
    const node = visible.find((candidate) => candidate.id === id);
    if (!node) return errors(404, 'Not Found', `The requested entity ${id} could not be found.`);
    if (request.method === 'GET') return { headers: { 'content-type': JSON_API }, json: { jsonapi: { version: '1.0' }, data: resource(node) } };
    if (request.method === 'PATCH') {
      if (payload?.id !== node.id) return errors(422, 'Unprocessable Content', 'The resource object id does not match the URL.');
      if (payload.attributes?.body) node.body = payload.attributes.body;
      if (payload.attributes?.title) node.title = payload.attributes.title;
      return { headers: { 'content-type': JSON_API }, json: { jsonapi: { version: '1.0' }, data: resource(node) } };
    }
    return errors(405, 'Method Not Allowed', 'No route found for this method.');
  });
  base = fake.url;
  return Object.assign(fake, {
    nodes,
    rateLimitNext(count: number, seconds: number) {
      limited = count;
      retryAfter = seconds;
    },
  });
}
