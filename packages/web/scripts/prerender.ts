/**
 * Pre-renders the public routes after `vite build` and `vite build --ssr`: each route is rendered
 * signed out with a static router into dist/pages/{name}.html, which the server sends for that
 * route; dist/index.html stays the plain app shell for every other client route.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface ServerEntry {
  render: (url: string, origin: string) => { html: string; head: string };
  PRERENDERED_ROUTES: readonly string[];
}

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'dist');
const pagesDir = path.join(distDir, 'pages');
// Canonical and og:url must be absolute; the server's own default address is used when unset.
const origin = (process.env.PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, '');

function fileName(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}.html`;
}

const entryUrl = pathToFileURL(path.join(root, 'dist-ssr', 'entry-server.js')).href;
const entry = (await import(entryUrl)) as ServerEntry;
const template = await readFile(path.join(distDir, 'index.html'), 'utf8');
if (!template.includes('<!--app-html-->') || !template.includes('<!--app-head-->')) {
  throw new Error('dist/index.html lacks the <!--app-html--> or <!--app-head--> placeholder');
}

await mkdir(pagesDir, { recursive: true });
for (const route of entry.PRERENDERED_ROUTES) {
  const { html, head } = entry.render(route, origin);
  const page = template
    .replace(/<title>[^<]*<\/title>/, '')
    // The shell is noindex (it only serves app routes); public pages bring their own robots tag.
    .replace(/<meta name="robots" content="noindex" \/>/, '')
    .replace('<!--app-head-->', head)
    .replace('<!--app-html-->', html);
  const target = path.join(pagesDir, fileName(route));
  // Nested routes (/help-center/<article>) get a folder of their own.
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, page);
  console.log(`pre-rendered ${route} -> ${path.relative(root, target)} (${Math.round(page.length / 1024)} KiB)`);
}

// Sitemap URLs must be absolute, so the sitemap and its robots.txt line are written here, where the origin is known.
const sitemap = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  ...entry.PRERENDERED_ROUTES.map((route) => `  <url><loc>${origin}${route}</loc></url>`),
  '</urlset>',
  '',
].join('\n');
await writeFile(path.join(distDir, 'sitemap.xml'), sitemap);
const robotsPath = path.join(distDir, 'robots.txt');
const robots = await readFile(robotsPath, 'utf8');
await writeFile(robotsPath, `${robots.trimEnd()}\n\nSitemap: ${origin}/sitemap.xml\n`);
console.log('wrote dist/sitemap.xml and the Sitemap line of dist/robots.txt');
