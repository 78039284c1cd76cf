import { createServer, type Server } from 'node:http';

/**
 * A deterministic site of `pageCount` linked HTML pages of about 20 KB each, for the crawl
 * benchmark. Every page links to a handful of others so a breadth-first crawl from `/` reaches
 * all of them; /sitemap.xml lists them too.
 */

const WORDS = (
  'answer engines retrieve passages from pages that state facts plainly cite their sources and ' +
  'structure content with headings lists and tables so that assistants can quote them with ' +
  'confidence while readers still find the text clear concise and useful for their decisions'
).split(' ');

/** A small linear congruential generator: the same page number always gives the same page. */
function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function sentence(next: () => number): string {
  const length = 12 + Math.floor(next() * 14);
  const words = Array.from({ length }, () => WORDS[Math.floor(next() * WORDS.length)]);
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

export function generatePage(index: number, pageCount: number): string {
  const next = seeded(index + 1);
  const links = Array.from({ length: 8 }, (_, i) => ((index * 7 + i * 13 + 1) % pageCount)).map(
    (target) => `<li><a href="/page/${target}">Guide number ${target}</a></li>`,
  );
  const sections: string[] = [];
  let size = 0;
  for (let section = 0; size < 18_500; section++) {
    const paragraphs = Array.from({ length: 3 }, () => `<p>${Array.from({ length: 4 }, () => sentence(next)).join(' ')}</p>`).join('\n');
    const block = `<h2>How does topic ${index}.${section} work?</h2>\n${paragraphs}\n<ul><li>${sentence(next)}</li><li>${sentence(next)}</li></ul>`;
    sections.push(block);
    size += block.length;
  }
  const jsonLd = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: `Guide number ${index}`,
    author: { '@type': 'Person', name: 'Ada Example' },
    datePublished: '2026-01-15',
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Guide number ${index} | Example Guides</title>
<meta name="description" content="Guide number ${index} explains how answer engines read, retrieve and cite structured pages.">
<link rel="canonical" href="/page/${index}">
<script type="application/ld+json">${jsonLd}</script></head>
<body><header><nav><a href="/">Home</a></nav></header>
<main><article><h1>Guide number ${index}</h1>
<p>${sentence(next)} ${sentence(next)}</p>
${sections.join('\n')}
<h2>Related guides</h2><ul>${links.join('')}</ul>
</article></main><footer><p>Example Guides</p></footer></body></html>`;
}

export function startGeneratedSite(pageCount: number): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
      return;
    }
    if (path === '/sitemap.xml') {
      const urls = Array.from({ length: pageCount }, (_, i) => `<url><loc>http://${request.headers.host}/page/${i}</loc></url>`).join('');
      response.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`);
      return;
    }
    const match = /^\/page\/(\d+)$/.exec(path);
    const index = path === '/' ? 0 : match ? Number(match[1]) : -1;
    if (index < 0 || index >= pageCount) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(generatePage(index, pageCount));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, origin: `http://127.0.0.1:${port}` });
    });
  });
}
