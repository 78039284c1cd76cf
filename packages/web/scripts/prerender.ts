/**
 * Pre-renders the public routes after `vite build` and `vite build --ssr`: each route is rendered
 * signed out with a static router into dist/pages/{name}.html, which the server sends for that
 * route; dist/index.html stays the plain app shell for every other client route. Then it writes
 * the not-found page (dist/pages/404.html), the route manifest the server tells existing paths
 * from unknown ones by (dist/routes.json), the site files (dist/site: llms.txt, llms-full.txt,
 * robots.txt, sitemap.xml; scripts/site-files.ts), and a Brotli and a gzip copy of every
 * compressible file (scripts/precompress.ts).
 *
 * The public address is not known at build time (PUBLIC_URL defaults to the address the server
 * listens on), so every absolute URL of the pages and site files (canonical, og:url, JSON-LD,
 * llms.txt, the sitemap) names PLACEHOLDER_ORIGIN, which routes.json records; the server puts its
 * public URL in its place when it sends them (server/src/web/web-plugin.ts).
 */
import { mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { precompress } from './precompress';
import { buildSiteFiles } from './site-files';

interface RouteManifest {
  routes: string[];
  notFoundPage: string;
  placeholderOrigin?: string;
}

interface ServerEntry {
  PRERENDERED_ROUTES: readonly string[];
  NOT_FOUND_PAGE: string;
  preload: (url: string) => Promise<void>;
  render: (url: string, origin: string) => { html: string; head: string };
  renderNotFound: () => { html: string; head: string };
  pageModules: (url: string) => string[];
  routeManifest: () => RouteManifest;
}

/** One chunk of .vite/manifest.json. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'dist');
const pagesDir = path.join(distDir, 'pages');
// Canonical and og:url must be absolute: a reserved name (RFC 2606 .invalid) no page would mention, replaced by the server.
const PLACEHOLDER_ORIGIN = 'https://public-url.citable.invalid';
const origin = PLACEHOLDER_ORIGIN;

function fileName(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}.html`;
}

const entryUrl = pathToFileURL(path.join(root, 'dist-ssr', 'entry-server.js')).href;
const entry = (await import(entryUrl)) as ServerEntry;
const template = await readFile(path.join(distDir, 'index.html'), 'utf8');
if (!template.includes('<!--app-html-->') || !template.includes('<!--app-head-->')) {
  throw new Error('dist/index.html lacks the <!--app-html--> or <!--app-head--> placeholder');
}
const manifest = JSON.parse(await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** The chunk files a module needs before it runs: its own and, recursively, its static imports. */
function chunkFiles(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The Vite manifest has no chunk for ${key}: is the lazyPage source path in app.tsx right?`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(imported, into);
  return into;
}

const shellEntry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
if (!shellEntry) throw new Error('The Vite manifest has no entry chunk');
const shellChunks = chunkFiles(shellEntry);

/**
 * <link rel="modulepreload"> for a route's page chunks that the shell does not already load, so
 * the browser fetches them with the entry instead of after it has run.
 */
function pagePreloads(route: string): string {
  const files = new Set<string>();
  for (const source of entry.pageModules(route)) for (const file of chunkFiles(source)) if (!shellChunks.has(file)) files.add(file);
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
}

function page(html: string, head: string, preloads: string, rootAttributes = ''): string {
  let result = template
    .replace(/<title>[^<]*<\/title>/, '')
    .replace('<!--app-head-->', head)
    .replace('<div id="root"><!--app-html-->', `<div id="root"${rootAttributes}>${html}`);
  if (preloads) {
    // After the shell's own script and preloads, in the same order the browser needs them.
    const last = [...result.matchAll(/<link rel="modulepreload"[^>]*>|<script type="module"[^>]*><\/script>/g)].at(-1);
    if (!last || last.index === undefined) throw new Error('dist/index.html has no module script');
    const at = last.index + last[0].length;
    result = `${result.slice(0, at)}\n    ${preloads}${result.slice(at)}`;
  }
  return result;
}

await mkdir(pagesDir, { recursive: true });
for (const route of entry.PRERENDERED_ROUTES) {
  await entry.preload(route);
  const { html, head } = entry.render(route, origin);
  // The shell is noindex (it only serves app routes); public pages bring their own robots tag.
  const content = page(html, head, pagePreloads(route)).replace(/<meta name="robots" content="noindex" \/>/, '');
  const target = path.join(pagesDir, fileName(route));
  // Nested routes (/help-center/<article>) get a folder of their own.
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, content);
  console.log(`pre-rendered ${route} -> ${path.relative(root, target)} (${Math.round(content.length / 1024)} KiB)`);
}

// The not-found page keeps the shell's noindex; the browser hydrates it only where the router
// also finds nothing (main.tsx), which `data-not-found` tells it.
const notFound = entry.renderNotFound();
const notFoundTarget = path.join(distDir, entry.NOT_FOUND_PAGE);
await writeFile(notFoundTarget, page(notFound.html, notFound.head, '', ' data-not-found=""'));
console.log(`pre-rendered the not-found page -> ${path.relative(root, notFoundTarget)}`);

const routeManifest: RouteManifest = { ...entry.routeManifest(), placeholderOrigin: PLACEHOLDER_ORIGIN };
await writeFile(path.join(distDir, 'routes.json'), `${JSON.stringify(routeManifest, null, 2)}\n`);
console.log(`wrote dist/routes.json (${routeManifest.routes.length} client routes)`);

const siteDir = path.join(distDir, 'site');
await mkdir(siteDir, { recursive: true });
const siteFiles = await buildSiteFiles({
  contentDir: path.join(root, 'content'),
  origin,
  routes: entry.PRERENDERED_ROUTES,
  pageHtml: (route) => readFile(path.join(pagesDir, fileName(route)), 'utf8'),
});
for (const [name, content] of Object.entries(siteFiles)) await writeFile(path.join(siteDir, name), content);
console.log(`wrote dist/site: ${Object.entries(siteFiles).map(([name, content]) => `${name} (${Math.round(content.length / 1024)} KiB)`).join(', ')}`);

const compressed = await precompress(distDir);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
console.log(`pre-compressed ${compressed.files} files: ${kib(compressed.raw)} -> ${kib(compressed.br)} Brotli, ${kib(compressed.gz)} gzip`);

// Pages and site files name the placeholder origin: the server rewrites and compresses them per
// request and never sends a copy made here, so none is kept.
async function removeCompressedCopies(folder: string): Promise<number> {
  let removed = 0;
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) removed += await removeCompressedCopies(file);
    else if (/\.(?:br|gz)$/.test(entry.name)) {
      await unlink(file);
      removed++;
    }
  }
  return removed;
}
const removed = (await removeCompressedCopies(pagesDir)) + (await removeCompressedCopies(siteDir));
console.log(`removed ${removed} compressed copies of pages and site files (the server rewrites those)`);
