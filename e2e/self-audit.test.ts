import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotPage } from '@citable/crawler';
import { auditSnapshot } from '@citable/engine';
import { startAppServer, type AppServer } from './support/app-server';

// Citable's own public pages, as served by the production build, are audited by Citable's engine,
// and each must score at least 90: the landing page, /features and /pricing (which show the landing content),
// the documentation home and an article, and the Help Centre. The failing checks are printed when
// a page falls short, so a regression names its cause.
const TARGET = 90;
const PAGES = ['/', '/features', '/pricing', '/documentation', '/docs/introduction', '/help-center'];

let server: AppServer;

// The server names its PUBLIC_URL (this server's address) in the pages' canonical, og: and
// JSON-LD URLs and in llms.txt, as it sends them.
beforeAll(async () => {
  server = await startAppServer();
});
afterAll(async () => {
  await server?.stop();
});

/** Every @type in the page's JSON-LD blocks, nested ones included. */
function jsonLdTypes(html: string): Set<string> {
  const types = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      const type = (node as { '@type'?: unknown })['@type'];
      for (const name of [type].flat()) if (typeof name === 'string') types.add(name);
      Object.values(node).forEach(visit);
    }
  };
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) visit(JSON.parse(json!));
  return types;
}

describe('self-audit of the public pages', () => {
  const types = new Set<string>();

  it.each(PAGES)('%s scores at least 90 with valid markup', async (path) => {
    const snapshot = await snapshotPage(`${server.baseUrl}${path}`, { allowHosts: ['127.0.0.1'] });
    const result = auditSnapshot(snapshot, { now: new Date() });
    const failing = result.checks.filter((check) => check.applicable && (check.score ?? 1) < 0.9).map((check) => `${check.id} ${check.score?.toFixed(2)} (-${check.pointsLost.toFixed(1)}): ${check.explanation}`);
    expect(result.overallScore, failing.join('\n')).toBeGreaterThanOrEqual(TARGET);
    const html = await (await fetch(`${server.baseUrl}${path}`)).text();
    for (const type of jsonLdTypes(html)) types.add(type);
    const check = (id: string) => result.checks.find((candidate) => candidate.id === id)!;
    expect(check('json-ld-syntax').score, check('json-ld-syntax').explanation).toBe(1);
    expect(check('structured-data').score).toBe(1);
    // Valid: no node misses a required property; missing recommended ones are warnings only.
    const validity = check('schema-validity');
    expect(validity.details.filter((detail) => detail.value !== 'warning'), validity.explanation).toEqual([]);
    expect(validity.score).toBeGreaterThan(0.7);
  });

  it('carries Organization, WebSite, SoftwareApplication and FAQPage markup', () => {
    expect([...types]).toEqual(expect.arrayContaining(['Organization', 'WebSite', 'SoftwareApplication', 'FAQPage']));
  });

  it('publishes llms.txt and a robots.txt that admits the AI search crawlers', async () => {
    const llms = await fetch(`${server.baseUrl}/llms.txt`);
    expect(llms.status).toBe(200);
    const text = await llms.text();
    expect(text).toMatch(/^# Citable/);
    // Links are absolute, on the server's public address (llmstxt.org).
    expect(text).toContain(`(${server.baseUrl}/documentation)`);
    const full = await (await fetch(`${server.baseUrl}/llms-full.txt`)).text();
    expect(full).toContain(`Source: ${server.baseUrl}/docs/introduction`);
    const robots = await (await fetch(`${server.baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
    for (const bot of ['OAI-SearchBot', 'ChatGPT-User', 'Claude-SearchBot', 'PerplexityBot']) expect(robots).toContain(`User-agent: ${bot}`);
    expect(robots).not.toMatch(/User-agent: \*\s+Disallow: \/\s*$/m);
  });
});
