import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALLOW_LOCAL, startServer, type TestServer } from '../test/http-server';
import { fetchRobotsTxt, RobotsTxt } from './robots';
import { SafeFetcher } from './safe-fetch';

const allowed = (robots: string, path: string, token = 'CitableBot') => RobotsTxt.parse(robots).isAllowed(token, `https://example.com${path}`);

describe('RobotsTxt (RFC 9309)', () => {
  it('uses the group naming the crawler instead of *', () => {
    const robots = ['User-agent: *', 'Disallow: /', '', 'User-agent: CitableBot', 'Disallow: /private'].join('\n');
    expect(allowed(robots, '/page')).toBe(true);
    expect(allowed(robots, '/private/x')).toBe(false);
    expect(allowed(robots, '/page', 'OtherBot')).toBe(false);
  });

  it('matches product tokens case-insensitively and ignores versions', () => {
    expect(allowed('User-agent: citablebot/1.0\nDisallow: /', '/x')).toBe(false);
    expect(allowed('User-agent: CITABLEBOT\nDisallow: /', '/x')).toBe(false);
    expect(allowed('User-agent: CitableBotExtra\nDisallow: /', '/x')).toBe(true);
  });

  it('merges every group that names the crawler, and groups with several user agents', () => {
    const robots = ['User-agent: GPTBot', 'User-agent: CitableBot', 'Disallow: /a', '', 'User-agent: CitableBot', 'Disallow: /b'].join('\n');
    expect(allowed(robots, '/a')).toBe(false);
    expect(allowed(robots, '/b')).toBe(false);
    expect(allowed(robots, '/a', 'GPTBot')).toBe(false);
    expect(allowed(robots, '/b', 'GPTBot')).toBe(true);
    expect(allowed(robots, '/c')).toBe(true);
  });

  it('lets the longest match win', () => {
    const robots = 'User-agent: *\nDisallow: /shop\nAllow: /shop/public\nDisallow: /shop/public/secret';
    expect(allowed(robots, '/shop/cart')).toBe(false);
    expect(allowed(robots, '/shop/public/item')).toBe(true);
    expect(allowed(robots, '/shop/public/secret/1')).toBe(false);
  });

  it('lets allow win a tie', () => {
    expect(allowed('User-agent: *\nDisallow: /page\nAllow: /page', '/page')).toBe(true);
    expect(allowed('User-agent: *\nAllow: /page\nDisallow: /page', '/page')).toBe(true);
  });

  it('supports * wildcards and $ anchors', () => {
    const robots = 'User-agent: *\nDisallow: /*.pdf$\nDisallow: /search*q=\nDisallow: /exact$';
    expect(allowed(robots, '/files/report.pdf')).toBe(false);
    expect(allowed(robots, '/files/report.pdf?download=1')).toBe(true);
    expect(allowed(robots, '/search?page=2&q=x')).toBe(false);
    expect(allowed(robots, '/search?page=2')).toBe(true);
    expect(allowed(robots, '/exact')).toBe(false);
    expect(allowed(robots, '/exact/more')).toBe(true);
  });

  it('compares paths after percent-encoding normalisation', () => {
    expect(allowed('User-agent: *\nDisallow: /foo/bar/ツ', '/foo/bar/%E3%83%84')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /foo/bar/%E3%83%84', '/foo/bar/ツ')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /%7Euser', '/~user/page')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /~user', '/%7euser/page')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /path/file-with-a-%2A.html', '/path/file-with-a-*.html')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /path/foo-%24', '/path/foo-$')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /a%2fb', '/a/b')).toBe(true);
  });

  it('treats an empty Disallow as allowing everything, and always allows /robots.txt', () => {
    expect(allowed('User-agent: *\nDisallow:', '/anything')).toBe(true);
    expect(allowed('User-agent: *\nDisallow: /', '/robots.txt')).toBe(true);
  });

  it('ignores comments, rules outside groups and junk, and reads Sitemap and Crawl-delay', () => {
    const robots = [
      '\uFEFFDisallow: /before-any-group',
      '# comment',
      'User-agent: * # everyone',
      'Crawl-delay: 2.5',
      'Disallow: /tmp # temporary',
      'this line is junk',
      'Sitemap: https://example.com/sitemap-a.xml',
      'Disallow: /cgi',
    ].join('\r\n');
    const parsed = RobotsTxt.parse(robots);
    expect(parsed.isAllowed('CitableBot', 'https://example.com/before-any-group')).toBe(true);
    expect(parsed.isAllowed('CitableBot', 'https://example.com/tmp/x')).toBe(false);
    expect(parsed.isAllowed('CitableBot', 'https://example.com/cgi')).toBe(false);
    expect(parsed.crawlDelayMs('CitableBot')).toBe(2500);
    expect(parsed.sitemaps).toEqual(['https://example.com/sitemap-a.xml']);
  });

  it('allows everything without rules', () => {
    expect(allowed('', '/x')).toBe(true);
    expect(RobotsTxt.allowAll().isAllowed('CitableBot', 'https://example.com/x')).toBe(true);
    expect(RobotsTxt.disallowAll().isAllowed('CitableBot', 'https://example.com/x')).toBe(false);
  });

  it('does not backtrack for ever on hostile patterns', () => {
    const robots = `User-agent: *\nDisallow: /${'*a'.repeat(200)}b`;
    // Timed in this process's CPU time, not wall time: a busy machine stretches the latter, not the
    // former. Linear matching takes a few milliseconds; backtracking would not end.
    const started = process.cpuUsage();
    expect(allowed(robots, `/${'a'.repeat(2000)}`)).toBe(true);
    const { user, system } = process.cpuUsage(started);
    expect((user + system) / 1000).toBeLessThan(1_000);
  });
});

describe('fetchRobotsTxt', () => {
  let server: TestServer;
  let respond: (path: string) => { status: number; body?: string; hang?: boolean; location?: string };
  const fetchers: SafeFetcher[] = [];
  // A loopback answer takes milliseconds on an idle machine and far longer on a loaded one: the
  // fetchers wait as long as the test may. Only the timeout test, whose server never answers,
  // gives a short deadline, which then cannot fire early on an answer that was coming.
  const fetcher = (timeoutMs = 20_000) => {
    const created = new SafeFetcher({ allowHosts: ALLOW_LOCAL, timeoutMs });
    fetchers.push(created);
    return created;
  };

  beforeAll(async () => {
    server = await startServer((request, response) => {
      const answer = respond(request.url ?? '/');
      if (answer.hang) return;
      response.writeHead(answer.status, { 'content-type': 'text/plain', ...(answer.location ? { location: answer.location } : {}) });
      response.end(answer.body ?? '');
    });
  });
  afterEach(async () => {
    await Promise.all(fetchers.splice(0).map((created) => created.close()));
  });
  afterAll(() => server.close());

  it('parses a 200 and keeps the text', async () => {
    respond = () => ({ status: 200, body: 'User-agent: *\nDisallow: /private' });
    const { resource, robots } = await fetchRobotsTxt(server.origin, fetcher());
    expect(resource).toEqual({ url: `${server.origin}/robots.txt`, status: 200, body: 'User-agent: *\nDisallow: /private' });
    expect(robots.isAllowed('CitableBot', `${server.origin}/private`)).toBe(false);
    expect(robots.isAllowed('CitableBot', `${server.origin}/public`)).toBe(true);
  });

  it.each([404, 403, 410])('allows everything on %i', async (status) => {
    respond = () => ({ status });
    const { resource, robots } = await fetchRobotsTxt(server.origin, fetcher());
    expect(resource.status).toBe(status);
    expect(resource.body).toBeNull();
    expect(robots.source).toBe('unavailable');
    expect(robots.isAllowed('CitableBot', `${server.origin}/x`)).toBe(true);
  });

  it.each([500, 503, 429])('disallows everything on %i', async (status) => {
    respond = () => ({ status });
    const { robots } = await fetchRobotsTxt(server.origin, fetcher());
    expect(robots.source).toBe('unreachable');
    expect(robots.isAllowed('CitableBot', `${server.origin}/x`)).toBe(false);
  });

  it('disallows everything when robots.txt times out', async () => {
    respond = () => ({ status: 200, hang: true });
    const { resource, robots, failure } = await fetchRobotsTxt(server.origin, fetcher(300));
    expect(resource.status).toBeNull();
    expect(resource.error).toMatch(/did not answer/);
    expect(failure?.code).toBe('TIMEOUT');
    expect(robots.isAllowed('CitableBot', `${server.origin}/x`)).toBe(false);
  });

  it('follows redirects', async () => {
    respond = (path) => (path === '/robots.txt' ? { status: 301, location: '/real-robots.txt' } : { status: 200, body: 'User-agent: *\nDisallow: /' });
    const { robots } = await fetchRobotsTxt(server.origin, fetcher());
    expect(robots.isAllowed('CitableBot', `${server.origin}/x`)).toBe(false);
  });
});
