/**
 * Citable's own site files, written by the pre-render into dist/site with the placeholder origin
 * in every absolute URL; the server sends them at /llms.txt, /llms-full.txt, /robots.txt and
 * /sitemap.xml with its public URL in the placeholder's place (server/src/web/web-plugin.ts).
 *
 * - llms.txt (llmstxt.org): content/llms.txt with its site-relative links made absolute.
 * - llms-full.txt: the same introduction, then the full text of every page llms.txt points
 *   readers to: the key public pages (their main content, by section), every docs article and
 *   every Help Centre article (their Markdown sources).
 * - robots.txt: content/robots.txt and the sitemap's address.
 * - sitemap.xml: every pre-rendered public page.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildPageModel } from '@citable/engine';

/** Pages whose main content opens llms-full.txt, before the docs and the Help Centre. */
const KEY_PAGES = ['/', '/features', '/pricing', '/integrations'];

export interface SiteFileInput {
  contentDir: string;
  origin: string;
  /** Every pre-rendered route, in the sitemap's order. */
  routes: readonly string[];
  /** A pre-rendered page's HTML, by route. */
  pageHtml: (route: string) => Promise<string>;
}

/** `[text](/path)` and `<a href="/path">` made absolute; other links are left as they are. */
export function absoluteLinks(markdown: string, origin: string): string {
  return markdown.replace(/\]\(\/(?!\/)/g, `](${origin}/`).replace(/href="\/(?!\/)/g, `href="${origin}/`);
}

/** The Markdown of a content file without its front matter, and the front matter's title. */
function withoutFrontMatter(source: string): { title: string | undefined; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!match) return { title: undefined, body: source.trim() };
  const title = /^title: (.+)$/m.exec(match[1]!)?.[1]?.trim();
  return { title, body: source.slice(match[0].length).trim() };
}

/** A pre-rendered page's main content as Markdown-like text: each section's heading, then its text. */
function pageText(html: string, url: string): { title: string; text: string } {
  const model = buildPageModel({ body: html, format: 'html', url });
  const text = model.sections
    .filter((section) => section.text.trim() !== '' || section.heading)
    .map((section) => {
      const heading = section.heading ? `${'#'.repeat(Math.min(6, (section.level ?? 1) + 1))} ${section.heading}\n\n` : '';
      return `${heading}${section.text.trim()}`.trim();
    })
    .join('\n\n');
  return { title: model.title ?? url, text };
}

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function buildSiteFiles({ contentDir, origin, routes, pageHtml }: SiteFileInput): Promise<Record<'llms.txt' | 'llms-full.txt' | 'robots.txt' | 'sitemap.xml', string>> {
  const llms = absoluteLinks(await readFile(path.join(contentDir, 'llms.txt'), 'utf8'), origin).trimEnd() + '\n';
  // The introduction: llms.txt up to its first list of links.
  const introduction = llms.split(/\n## /)[0]!.trimEnd();

  const parts: string[] = [introduction, `This file holds the full text of Citable's public documentation and key pages; ${origin}/llms.txt lists them.`];
  const page = (url: string, title: string, body: string) => `---\n\n# ${title}\n\nSource: ${url}\n\n${body}`;
  // /features and /pricing show the landing page's content, scrolled to their part: it is given once.
  const seen = new Set<string>();
  for (const route of KEY_PAGES.filter((route) => routes.includes(route))) {
    const url = `${origin}${route}`;
    const { title, text } = pageText(await pageHtml(route), url);
    if (seen.has(text)) continue;
    seen.add(text);
    parts.push(page(url, title, text));
  }
  const articles: [prefix: string, folder: string][] = [['/docs/', 'docs'], ['/help-center/', 'help']];
  for (const [prefix, folder] of articles) {
    for (const route of routes.filter((route) => route.startsWith(prefix))) {
      const file = path.join(contentDir, folder, `${route.slice(prefix.length)}.md`);
      const source = await readFile(file, 'utf8').catch(() => undefined);
      // Generated pages (the API reference) have no Markdown source.
      if (source === undefined) continue;
      const { title, body } = withoutFrontMatter(source);
      // The article's own H1 repeats its title.
      const text = absoluteLinks(body.replace(/^# .+\n+/, ''), origin);
      parts.push(page(`${origin}${route}`, title ?? route, text));
    }
  }

  const robots = (await readFile(path.join(contentDir, 'robots.txt'), 'utf8')).trimEnd();
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...routes.map((route) => `  <url><loc>${xmlEscape(`${origin}${route}`)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  return {
    'llms.txt': llms,
    'llms-full.txt': `${parts.join('\n\n')}\n`,
    'robots.txt': `${robots}\n\nSitemap: ${origin}/sitemap.xml\n`,
    'sitemap.xml': sitemap,
  };
}
