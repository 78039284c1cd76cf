import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalSite {
  origin: string;
  /** The page paths a crawl should audit, each once. */
  pages: string[];
  close(): Promise<void>;
}

const PAGES: Record<string, { title: string; links: string[] }> = {
  '/': { title: 'Home', links: ['/guide', '/faq', '/about', '/guide?utm_source=nav', '/guide#top', '/data.json'] },
  '/guide': { title: 'How do answer engines read a page?', links: ['/', '/faq', '/old-guide'] },
  '/faq': { title: 'Frequently asked questions', links: ['/', '/guide', '/private/secret'] },
  '/about': { title: 'About us', links: ['/', '/about/'] },
};

function page(title: string, links: string[], canonical?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
${canonical ? `<link rel="canonical" href="${canonical}">` : ''}
<meta name="description" content="${title}: a small page of the local test site for the citable command line tests."></head>
<body><main><h1>${title}</h1><p>Answer engines retrieve passages that state facts plainly. In 2025, 42% of searches ended with an AI answer.</p>
<h2>What does this page cover?</h2><p>It covers ${title.toLowerCase()} in a few sentences, with links to the rest of the site.</p>
<ul>${links.map((href) => `<li><a href="${href}">${href}</a></li>`).join('')}</ul></main></body></html>`;
}

/**
 * A small site on 127.0.0.1 for the CLI tests: four HTML pages that link to each other (with a
 * tracking query, a fragment, a trailing-slash duplicate and a redirect among the links), a JSON
 * resource, a page disallowed by robots.txt.
 */
export async function startLocalSite(): Promise<LocalSite> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (path === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n');
    } else if (path === '/data.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"not":"html"}');
    } else if (path === '/old-guide') {
      response.writeHead(301, { location: '/guide' }).end();
    } else if (path === '/about/') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(page('About us', ['/'], '/about'));
    } else if (PAGES[path] && url.search === '') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(PAGES[path].title, PAGES[path].links));
    } else if (PAGES[path]) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(PAGES[path].title, PAGES[path].links, path));
    } else {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><title>Not found</title><p>Not found</p>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    pages: Object.keys(PAGES),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
