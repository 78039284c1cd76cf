import { startHttpFake, type FakeReply, type HttpFake, type RecordedRequest } from './http-fake';

export interface FakePost {
  id: number;
  title: string;
  content: string;
  status: string;
  /** The post's `link` as the site answers it (a hostile site may send any string); `${base}/?p=id` by default. */
  link?: string;
}

export interface WordpressFake extends HttpFake {
  posts: FakePost[];
}

const unauthorized: FakeReply = { status: 401, json: { code: 'incorrect_password', message: 'The provided password is an invalid application password.', data: { status: 401 } } };

function authorized(request: RecordedRequest, username: string, password: string): boolean {
  const header = String(request.headers.authorization ?? '');
  if (!header.startsWith('Basic ')) return false;
  const [user, ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  // WordPress ignores the spaces it shows inside application passwords.
  return user === username && rest.join(':').replace(/\s/g, '') === password.replace(/\s/g, '');
}

/**
 * The WordPress REST API as Citable uses it (wp/v2 users/me, posts list, read, create, update),
 * accepting one user's application password with Basic auth, on 127.0.0.1.
 */
export async function startWordpressFake(options: { username: string; applicationPassword: string; posts?: FakePost[] }): Promise<WordpressFake> {
  const posts: FakePost[] = options.posts ? [...options.posts] : [];
  let nextId = Math.max(100, ...posts.map((post) => post.id)) + 1;
  let base = '';
  const view = (post: FakePost) => ({
    id: post.id,
    status: post.status,
    link: post.link ?? `${base}/?p=${post.id}`,
    title: { rendered: post.title, raw: post.title },
    content: { rendered: post.content, raw: post.content },
  });
  const fake = await startHttpFake((request) => {
    const url = new URL(request.url, 'http://fake');
    if (!url.pathname.startsWith('/wp-json/wp/v2/')) return { status: 404, text: '<html>Not Found</html>' };
    if (!authorized(request, options.username, options.applicationPassword)) return unauthorized;
    const route = url.pathname.slice('/wp-json/wp/v2'.length);
    if (route === '/users/me' && request.method === 'GET') {
      if (url.searchParams.get('context') !== 'edit') return { status: 400, json: { message: 'context=edit expected by this fake' } };
      return { json: { id: 1, name: options.username, slug: options.username, roles: ['administrator'] } };
    }
    if (route === '/posts' && request.method === 'GET') {
      const perPage = Number(url.searchParams.get('per_page') ?? '10');
      const page = Number(url.searchParams.get('page') ?? '1');
      const slice = posts.slice((page - 1) * perPage, page * perPage);
      return { json: slice.map(view), headers: { 'x-wp-total': String(posts.length), 'x-wp-totalpages': String(Math.max(1, Math.ceil(posts.length / perPage))) } };
    }
    if (route === '/posts' && request.method === 'POST') {
      const body = request.body as { title?: string; content?: string; status?: string };
      const post = { id: nextId++, title: body.title ?? '', content: body.content ?? '', status: body.status ?? 'draft' };
      posts.push(post);
      return { status: 201, json: view(post) };
    }
    const single = route.match(/^\/posts\/(\d+)$/);
    const post = single ? posts.find((candidate) => candidate.id === Number(single[1])) : undefined;
    if (single && !post) return { status: 404, json: { code: 'rest_post_invalid_id', message: 'Invalid post ID.' } };
    if (post && request.method === 'GET') return { json: view(post) };
    if (post && request.method === 'POST') {
      const body = request.body as { title?: string; content?: string };
      if (body.title !== undefined) post.title = body.title;
      if (body.content !== undefined) post.content = body.content;
      return { json: view(post) };
    }
    return { status: 404, json: { code: 'rest_no_route', message: 'No route was found matching the URL and request method.' } };
  });
  base = fake.url;
  return Object.assign(fake, { posts });
}
