import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_FUNCTIONS, TOOL_SITE_PAGES, type ErrorPage, type ToolFunctionName } from '@citable/contract';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * Error pages are not content for the tools either (issue 18): a tool about one page fails on a
 * 404, a 5xx or a soft 404 with the audit's message (422), and a tool that reads a site skips its
 * error pages, which take no room under its page limit, and lists them in its result.
 */

const prose = (topic: string) =>
  `<p>${topic}: sencha is a steamed Japanese green tea. Brew it at 70 °C for one minute, then pour the whole cup.</p>` +
  `<h2>How long does green tea stay fresh?</h2><p>Sealed green tea stays fresh for about twelve months; opened, drink it within two months.</p>`;

function page(title: string, body: string, links: string[] = []): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}<ul>${links.map((href) => `<li><a href="${href}">${href}</a></li>`).join('')}</ul></main></body></html>`;
}

const SOFT_404 = page('Page not found', '<p>Sorry, we could not find that page.</p>', ['/']);
/** Soft 404s the crowded site links to before its real pages: more than a tool reads. */
const CROWD = TOOL_SITE_PAGES + 5;

let site: Server;
let origin = '';
/** The same server under another host name: a competitor's site. */
let rivalOrigin = '';
let server: TestServer;
let cookie = '';

beforeAll(async () => {
  site = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const send = (status: number, body: string, type = 'text/html; charset=utf-8') => response.writeHead(status, { 'content-type': type }).end(body);
    if (path === '/robots.txt') return send(200, 'User-agent: *\nAllow: /\n', 'text/plain');
    // A tea shop whose home page links to two real pages and to error pages of every kind.
    if (path === '/') return send(200, page('Lantern Tea', prose('Lantern Tea'), ['/guide', '/faq', '/soft', '/missing', '/broken', '/gone.json']));
    if (path === '/guide' || path === '/faq') return send(200, page(path === '/guide' ? 'Brewing guide' : 'Questions', prose(path), ['/']));
    if (path === '/soft') return send(200, SOFT_404);
    if (path.startsWith('/crowded/soft-')) return send(200, page('Page not found', '<p>Sorry, we could not find that page.</p>'));
    if (path === '/broken') return send(500, page('Internal Server Error', '<p>Something went wrong.</p>'));
    if (path === '/gone.json') return send(404, '{"error":"not found"}', 'application/json');
    // A site whose home page links to more soft 404s than a tool reads, before its real pages.
    if (path === '/crowded/') {
      const links = [...Array.from({ length: CROWD }, (_, i) => `/crowded/soft-${i}`), '/crowded/guide', '/crowded/faq'];
      return send(200, page('Lantern Tea', prose('Crowded'), links));
    }
    if (path === '/crowded/guide' || path === '/crowded/faq') return send(200, page(path.endsWith('guide') ? 'Brewing guide' : 'Questions', prose(path)));
    // A site with nothing but error pages.
    if (path.startsWith('/dead')) return send(404, page('Not found', '<p>Nothing here.</p>', ['/dead/a', '/dead/b']));
    return send(404, page('Not found', '<p>Nothing here.</p>'));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const port = (site.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  rivalOrigin = `http://localhost:${port}`;
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1,localhost' } });
  cookie = await userWithWebsite(`${origin}/`);
}, 180_000);

afterAll(async () => {
  await server?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

/** An agency user (every tool) whose first website is `website`, tracking a rival whose home page is a 404. */
async function userWithWebsite(website: string): Promise<string> {
  const session = await signUpVerified(server.baseUrl, { name: 'Error Pages', email: uniqueEmail('tool-errors'), password: STRONG_PASSWORD });
  // The plan first: the free plan tracks one competitor.
  await setPlan(server.db, (await api(server.baseUrl, '/api/profile', { cookie: session })).body.user_id as string, 'agency');
  const onboarding = await api(server.baseUrl, '/api/profile/onboarding', {
    cookie: session,
    body: {
      websites: [{ name: 'Lantern Tea', url: website }],
      industry: 'Food & Beverage',
      competitors: [
        { name: 'Kettle & Leaf', url: `${rivalOrigin}/` },
        { name: 'Closed shop', url: `${rivalOrigin}/missing` },
      ],
      goals: ['voice_search'],
    },
  });
  expect(onboarding.status, JSON.stringify(onboarding.body)).toBe(200);
  return session;
}

const call = (name: ToolFunctionName | 'ai-content-generator', body: unknown, session = cookie) => api(server.baseUrl, `/api/functions/${name}`, { cookie: session, body });
const refusal = (path: string, reason: string) => `${origin}${path} ${reason}; error pages are not audited.`;
const NOT_FOUND = 'answered 404 Not Found';
const SOFT = 'answered 200 OK but says "Page not found" (a soft 404)';

/** The error pages of the tea shop's home page, as every site-wide tool lists them. */
const shopErrorPages = (): ErrorPage[] => [
  { url: `${origin}/broken`, status: 500, reason: 'answered 500 Internal Server Error' },
  { url: `${origin}/gone.json`, status: 404, reason: NOT_FOUND },
  { url: `${origin}/missing`, status: 404, reason: NOT_FOUND },
  { url: `${origin}/soft`, status: 200, reason: SOFT },
];

describe('tools about one page', () => {
  it('schema generator: fails on a 404, a 404 that is not HTML, a 5xx and a soft 404 with the audit\'s message', async () => {
    const cases: [string, string][] = [
      ['/missing', NOT_FOUND],
      ['/gone.json', NOT_FOUND],
      ['/broken', 'answered 500 Internal Server Error'],
      ['/soft', SOFT],
    ];
    for (const scope of ['page', 'site']) {
      for (const [path, reason] of cases) {
        const response = await call('schema-generator', { url: `${origin}${path}`, scope });
        expect(response, `${scope} ${path}`).toMatchObject({ status: 422, body: { error: refusal(path, reason) } });
      }
    }
    const real = await call('schema-generator', { url: `${origin}/guide`, scope: 'page' });
    expect(real.status).toBe(200);
  });

  it('entity coverage: fails on an error page of the user\'s; leaves a competitor\'s error page out of the comparison and lists it', async () => {
    for (const [path, reason] of [['/soft', SOFT], ['/missing', NOT_FOUND]]) {
      const response = await call('entity-coverage-analyzer', { url: `${origin}${path}`, competitors: [`${rivalOrigin}/guide`] });
      expect(response, path).toMatchObject({ status: 422, body: { error: refusal(path, reason) } });
    }
    const compared = await call('entity-coverage-analyzer', { url: `${origin}/guide`, competitors: [`${rivalOrigin}/faq`, `${rivalOrigin}/soft`, `${rivalOrigin}/missing`] });
    expect(compared.status, JSON.stringify(compared.body)).toBe(200);
    expect(() => TOOL_FUNCTIONS['entity-coverage-analyzer'].response.parse(compared.body)).not.toThrow();
    // The FAQ, and the home page the soft 404 links to in its place; the 404 links nowhere.
    expect(compared.body.competitorsAnalyzed).toBe(2);
    expect(compared.body.errorPages).toEqual([
      { url: `${rivalOrigin}/missing`, status: 404, reason: NOT_FOUND },
      { url: `${rivalOrigin}/soft`, status: 200, reason: SOFT },
    ]);
  });

  it('competitive analysis and audit insights: fail on a soft 404 and a 404, as the audit does', async () => {
    const compared = await call('competitive-analysis', { primaryUrl: `${origin}/guide`, competitorUrls: [`${rivalOrigin}/faq`, `${origin}/soft`] });
    expect(compared).toMatchObject({ status: 422, body: { error: refusal('/soft', SOFT) } });
    const insights = await call('enhanced-audit-insights', { url: `${origin}/missing` });
    expect(insights).toMatchObject({ status: 422, body: { error: refusal('/missing', NOT_FOUND) } });
  });
});

describe('tools that read a site', () => {
  it('site summaries: summarise and link the real pages only, and list the error pages', async () => {
    const response = await call('llm-site-summaries', { url: `${origin}/`, summaryType: 'overview' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(() => TOOL_FUNCTIONS['llm-site-summaries'].response.parse(response.body)).not.toThrow();
    expect(response.body.pagesAnalyzed).toBe(3);
    expect(response.body.errorPages).toEqual(shopErrorPages());
    for (const file of [response.body.llms.llmsTxt, response.body.llms.llmsFullTxt] as string[]) {
      expect(file).toContain(`${origin}/guide`);
      for (const errorPage of shopErrorPages()) expect(file).not.toContain(errorPage.url);
      expect(file).not.toContain('could not find that page');
    }
    expect(JSON.stringify(response.body.sentences)).not.toContain('could not find');
  });

  it('site summaries: soft 404s take no room under the page limit', async () => {
    const response = await call('llm-site-summaries', { url: `${origin}/crowded/`, summaryType: 'brief' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    // The home page and both real pages, although more soft 404s than the limit came first.
    expect(response.body.pagesAnalyzed).toBe(3);
    expect(response.body.errorPages).toHaveLength(CROWD);
    expect(response.body.errorPages.every((entry: ErrorPage) => entry.status === 200 && entry.reason === SOFT)).toBe(true);
  });

  it('site summaries: fail with the audit\'s message when the site has nothing but error pages', async () => {
    const missing = await call('llm-site-summaries', { url: `${origin}/missing`, summaryType: 'overview' });
    expect(missing).toMatchObject({ status: 422, body: { error: refusal('/missing', NOT_FOUND) } });
    const plain = await call('llm-site-summaries', { url: `${origin}/gone.json`, summaryType: 'overview' });
    expect(plain).toMatchObject({ status: 422, body: { error: refusal('/gone.json', NOT_FOUND) } });
    const soft = await call('llm-site-summaries', { url: `${origin}/soft`, summaryType: 'overview' });
    expect(soft.status).toBe(200);
    // The soft 404 links home: the site is read from there, the soft 404 listed.
    expect(soft.body.errorPages).toContainEqual({ url: `${origin}/soft`, status: 200, reason: SOFT });
    const dead = await call('llm-site-summaries', { url: `${origin}/dead/`, summaryType: 'overview' });
    expect(dead).toMatchObject({
      status: 422,
      body: { error: `Every page read from ${origin}/dead/ was an error page (3 answered an HTTP error or said the page was not found); error pages are not audited.` },
    });
  });

  it('prompt suggestions and the voice tester: match the real pages only, and list the error pages', async () => {
    const prompts = await call('prompt-match-suggestions', { topic: 'green tea', contentType: 'guide', userIntent: 'informational' });
    expect(prompts.status, JSON.stringify(prompts.body)).toBe(200);
    expect(() => TOOL_FUNCTIONS['prompt-match-suggestions'].response.parse(prompts.body)).not.toThrow();
    expect(prompts.body.errorPages).toEqual(shopErrorPages());
    expect(JSON.stringify(prompts.body.promptsByCategory)).not.toMatch(/\/soft|could not find/);

    const voice = await call('voice-assistant-tester', { query: 'How long does green tea stay fresh?', assistants: ['alexa', 'google'] });
    expect(voice.status, JSON.stringify(voice.body)).toBe(200);
    expect(() => TOOL_FUNCTIONS['voice-assistant-tester'].response.parse(voice.body)).not.toThrow();
    // The user's error pages, and the stored competitors': the rival's home page links to the same
    // error pages as the shop's, and the other stored competitor is one of them, listed once.
    const rivalErrorPages = shopErrorPages().map((entry) => ({ ...entry, url: entry.url.replace(origin, rivalOrigin) }));
    expect(voice.body.errorPages).toEqual([...shopErrorPages(), ...rivalErrorPages]);
    expect(JSON.stringify(voice.body.results)).not.toMatch(/\/soft|could not find/);
  });

  it('prompt suggestions and the voice tester: fail with the audit\'s message when the website is an error page', async () => {
    const session = await userWithWebsite(`${origin}/closed/`);
    const expected = refusal('/closed/', NOT_FOUND);
    expect(await call('prompt-match-suggestions', { topic: 'green tea' }, session)).toMatchObject({ status: 422, body: { error: expected } });
    expect(await call('voice-assistant-tester', { query: 'green tea' }, session)).toMatchObject({ status: 422, body: { error: expected } });
  });

  it('competitor discovery: reads the real pages, and lists the error pages', async () => {
    const response = await call('competitor-discovery', { url: `${origin}/`, analysisDepth: 'basic' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(() => TOOL_FUNCTIONS['competitor-discovery'].response.parse(response.body)).not.toThrow();
    expect(response.body.errorPages).toEqual(shopErrorPages());
  });

  it('the content generator: grounds its content in the real pages only, and lists the error pages', async () => {
    const response = await call('ai-content-generator', { contentType: 'faq', topic: 'green tea', targetKeywords: ['sencha'] });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.pagesRead).toBe(3);
    expect(response.body.errorPages).toEqual(shopErrorPages());
    expect(JSON.stringify(response.body.generatedContent)).not.toMatch(/could not find that page/);
  });
});
