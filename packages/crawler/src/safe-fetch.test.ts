import zlib from 'node:zlib';
import iconv from 'iconv-lite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALLOW_LOCAL, html, startServer, type TestServer } from '../test/http-server';
import {
  BlockedAddressError,
  BodyTooLargeError,
  CredentialsInUrlError,
  DnsError,
  InvalidUrlError,
  NotHtmlError,
  RateLimitedError,
  TimeoutError,
  TooManyRedirectsError,
  UnreachableError,
  UnsupportedProtocolError,
} from './errors';
import { DEFAULT_TIMEOUT_MS, parseRetryAfter, SafeFetcher, type LookupFunction, type ResolvedAddress } from './safe-fetch';
import { CITABLE_BOT_USER_AGENT } from './user-agent';

const MB = 1024 * 1024;
const fetchers: SafeFetcher[] = [];

function fetcher(options: ConstructorParameters<typeof SafeFetcher>[0] = {}): SafeFetcher {
  const created = new SafeFetcher({ allowHosts: ALLOW_LOCAL, ...options });
  fetchers.push(created);
  return created;
}

function stubLookup(answers: Record<string, ResolvedAddress[]>): LookupFunction & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    const answer = answers[hostname];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answer;
  };
  return Object.assign(lookup, { calls });
}

const v4 = (address: string): ResolvedAddress[] => [{ address, family: 4 }];
const v6 = (address: string): ResolvedAddress[] => [{ address, family: 6 }];

afterEach(async () => {
  await Promise.all(fetchers.splice(0).map((created) => created.close()));
});

describe('SSRF refusals (allow list off, stubbed DNS: nothing private is contacted)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((_, response) => html(response, 'should never be reached'));
  });
  afterAll(() => server.close());

  it.each([
    ['http://127.0.0.1/', '127.0.0.1', 'loopback'],
    ['http://10.1.2.3/', '10.1.2.3', 'private'],
    ['http://172.16.5.4/', '172.16.5.4', 'private'],
    ['http://192.168.0.10/', '192.168.0.10', 'private'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254', 'cloud metadata'],
    ['http://100.64.1.1/', '100.64.1.1', 'shared (CGNAT)'],
    ['http://0.0.0.0/', '0.0.0.0', 'unspecified'],
    ['http://224.0.0.5/', '224.0.0.5', 'multicast'],
    ['http://240.1.2.3/', '240.1.2.3', 'reserved'],
    ['http://192.0.2.44/', '192.0.2.44', 'documentation'],
    ['http://198.18.0.9/', '198.18.0.9', 'benchmarking'],
    ['http://[::1]/', '::1', 'loopback'],
    ['http://[::]/', '::', 'unspecified'],
    ['http://[fe80::1]/', 'fe80::1', 'link-local'],
    ['http://[fc00::1]/', 'fc00::1', 'private'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1', 'loopback'],
    ['http://[64:ff9b::a00:1]/', '64:ff9b::a00:1', 'private'],
    ['http://[2002:0a00::]/', '2002:a00::', 'private'],
    ['http://2130706433/', '127.0.0.1', 'loopback'],
    ['http://0177.0.0.1/', '127.0.0.1', 'loopback'],
    ['http://0x7f.0.0.1/', '127.0.0.1', 'loopback'],
    ['http://0x7f000001/', '127.0.0.1', 'loopback'],
  ])('refuses the IP literal %s before connecting', async (url, address, range) => {
    const lookup = stubLookup({});
    const error = await fetcher({ allowHosts: [], lookup }).fetch(url).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect(error).toMatchObject({ code: 'BLOCKED_ADDRESS', address, range });
    expect(lookup.calls).toEqual([]);
  });

  it.each([
    ['metadata.google.internal', v4('169.254.169.254'), 'cloud metadata'],
    ['intranet.example', v4('10.0.0.1'), 'private'],
    ['router.example', v4('192.168.1.1'), 'private'],
    ['cgnat.example', v4('100.64.0.1'), 'shared (CGNAT)'],
    ['six.example', v6('::1'), 'loopback'],
    ['mapped.example', v6('::ffff:127.0.0.1'), 'loopback'],
    ['nat64.example', v6('64:ff9b::a00:1'), 'private'],
    ['ula.example', v6('fd00::5'), 'private'],
    ['mixed.example', [...v4('93.184.216.34'), ...v4('10.0.0.7')], 'private'],
  ])('refuses %s when it resolves to a non-public address', async (hostname, answer, range) => {
    const lookup = stubLookup({ [hostname]: answer });
    const error = await fetcher({ allowHosts: [], lookup })
      .fetch(`http://${hostname}:${server.port}/`)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect(error).toMatchObject({ code: 'BLOCKED_ADDRESS', range, hostname });
    expect((error as Error).message).toMatch(new RegExp(`^${hostname} resolves to .* and cannot be audited$`));
    expect(server.requests).toHaveLength(0);
  });

  it('explains the refusal in plain words', async () => {
    const error = await fetcher({ allowHosts: [] })
      .fetch('http://10.0.0.1/')
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('10.0.0.1 is a private address and cannot be audited');
  });

  it('refuses the real loopback server when the allow list is off', async () => {
    const error = await fetcher({ allowHosts: [] }).fetch(`${server.origin}/`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect(server.requests).toHaveLength(0);
  });

  it('takes the allow list from FETCH_ALLOW_HOSTS when no option is given', async () => {
    vi.stubEnv('FETCH_ALLOW_HOSTS', '127.0.0.1');
    try {
      const response = await fetcher({ allowHosts: undefined }).fetch(`${server.origin}/`);
      expect(response.status).toBe(200);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('URL validation', () => {
  it.each([
    ['not a url', InvalidUrlError],
    ['ftp://example.com/file', UnsupportedProtocolError],
    ['file:///etc/passwd', UnsupportedProtocolError],
    ['http://user:secret@example.com/', CredentialsInUrlError],
  ])('refuses %s', async (url, type) => {
    await expect(fetcher().fetch(url)).rejects.toBeInstanceOf(type);
  });
});

describe('DNS rebinding', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((request, response) => html(response, `served on ${request.socket.localAddress}`));
  });
  afterAll(() => server.close());

  it('connects to the address it checked, without a second lookup', async () => {
    // First answer is allowed (the local test server stands in for a public address); every
    // later answer is private. A check-then-connect client would look up twice and hit 10.0.0.1.
    let answers = 0;
    const seen: string[] = [];
    const lookup: LookupFunction = async (hostname) => {
      seen.push(hostname);
      answers += 1;
      return answers === 1 ? v4('127.0.0.1') : v4('10.0.0.1');
    };
    const safe = fetcher({ allowHosts: ['127.0.0.1'], lookup });
    const response = await safe.fetch(`http://rebind.example:${server.port}/`);
    expect(response.status).toBe(200);
    expect(response.body).toBe('served on 127.0.0.1');
    expect(seen).toEqual(['rebind.example']);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].localAddress).toBe('127.0.0.1');
    expect(server.requests[0].headers.host).toBe(`rebind.example:${server.port}`);

    // A new connection resolves again and meets the private answer: refused.
    const fresh = fetcher({ allowHosts: ['127.0.0.1'], lookup });
    await expect(fresh.fetch(`http://rebind.example:${server.port}/`)).rejects.toMatchObject({ code: 'BLOCKED_ADDRESS', address: '10.0.0.1' });
    expect(server.requests).toHaveLength(1);
  });
});

describe('redirects', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://local');
      const hop = Number(url.searchParams.get('hop') ?? '0');
      if (url.pathname === '/chain') {
        const left = Number(url.searchParams.get('left'));
        if (left > 0) {
          response.writeHead(302, { location: `/chain?left=${left - 1}&hop=${hop + 1}` });
          return response.end();
        }
        return html(response, `arrived after ${hop}`);
      }
      if (url.pathname === '/to-private') {
        response.writeHead(301, { location: 'http://10.0.0.1/admin' });
        return response.end();
      }
      if (url.pathname === '/to-internal-name') {
        response.writeHead(307, { location: `http://internal.example:${server.port}/` });
        return response.end();
      }
      if (url.pathname === '/to-file') {
        response.writeHead(302, { location: 'file:///etc/passwd' });
        return response.end();
      }
      if (url.pathname === '/loop') {
        response.writeHead(302, { location: '/loop' });
        return response.end();
      }
      html(response, 'home');
    });
  });
  afterAll(() => server.close());

  it('follows up to five redirects and reports the chain', async () => {
    const response = await fetcher().fetch(`${server.origin}/chain?left=5`);
    expect(response.body).toBe('arrived after 5');
    expect(response.redirects).toHaveLength(5);
    expect(response.redirects[0]).toBe(`${server.origin}/chain?left=5`);
    expect(response.url).toBe(`${server.origin}/chain?left=0&hop=5`);
  });

  it('returns a redirect as it is when asked not to follow', async () => {
    const response = await fetcher().fetch(`${server.origin}/chain?left=2`, { followRedirects: false });
    expect(response).toMatchObject({ status: 302, body: '', redirects: [] });
    expect(response.headers.location).toBe('/chain?left=1&hop=1');
  });

  it('stops a chain over the cap', async () => {
    const error = await fetcher().fetch(`${server.origin}/chain?left=6`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TooManyRedirectsError);
    expect((error as TooManyRedirectsError).redirects).toHaveLength(6);
    await expect(fetcher().fetch(`${server.origin}/loop`)).rejects.toBeInstanceOf(TooManyRedirectsError);
  });

  it('refuses a redirect from an allowed host to a private address', async () => {
    const error = await fetcher().fetch(`${server.origin}/to-private`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect(error).toMatchObject({ address: '10.0.0.1', url: 'http://10.0.0.1/admin' });
  });

  it('refuses a redirect to a host name that resolves to a private address', async () => {
    const lookup = stubLookup({ 'internal.example': v4('192.168.0.1') });
    const error = await fetcher({ lookup }).fetch(`${server.origin}/to-internal-name`).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'BLOCKED_ADDRESS', address: '192.168.0.1', hostname: 'internal.example' });
    expect(lookup.calls).toEqual(['internal.example']);
  });

  it('refuses a redirect to another scheme', async () => {
    await expect(fetcher().fetch(`${server.origin}/to-file`)).rejects.toBeInstanceOf(UnsupportedProtocolError);
  });
});

describe('timeouts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((request, response) => {
      if (request.url === '/silent') return;
      if (request.url === '/drip') {
        response.writeHead(200, { 'content-type': 'text/html' });
        const timer = setInterval(() => response.write('x'), 50);
        response.on('close', () => clearInterval(timer));
        return;
      }
      html(response, 'ok');
    });
  });
  afterAll(() => server.close());

  // The servers here never finish answering, so a short deadline cannot fire early on a busy
  // machine; the upper bounds only tell the given deadline from the default one (10 s).
  it('gives up on a server that never answers', async () => {
    const started = Date.now();
    const error = await fetcher({ timeoutMs: 300 }).fetch(`${server.origin}/silent`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/did not answer within 0\.3 s/);
    expect(Date.now() - started).toBeLessThan(DEFAULT_TIMEOUT_MS - 1_000);
  });

  it('stops a slowloris body that keeps dripping bytes at the overall deadline', async () => {
    const started = Date.now();
    await expect(fetcher({ timeoutMs: 400 }).fetch(`${server.origin}/drip`)).rejects.toBeInstanceOf(TimeoutError);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(DEFAULT_TIMEOUT_MS - 1_000);
  });

  it('reports a refused connection and an unknown domain', async () => {
    const closed = await startServer(() => {});
    const port = closed.port;
    await closed.close();
    await expect(fetcher().fetch(`http://127.0.0.1:${port}/`)).rejects.toBeInstanceOf(UnreachableError);
    const error = await fetcher({ lookup: stubLookup({}) }).fetch('http://no-such-host.example/').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DnsError);
    expect((error as Error).message).toBe('The domain no-such-host.example could not be found (DNS lookup failed)');
  });
});

describe('body limits and decompression', () => {
  let server: TestServer;
  let gzipBomb: Buffer;
  let brotliBomb: Buffer;
  beforeAll(async () => {
    const zeros = Buffer.alloc(64 * MB);
    gzipBomb = zlib.gzipSync(zeros, { level: 9 });
    brotliBomb = zlib.brotliCompressSync(zeros, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } });
    server = await startServer((request, response) => {
      switch (request.url) {
        case '/big-declared':
          response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(6 * MB) });
          return response.end(Buffer.alloc(6 * MB, 'a'));
        case '/big-chunked': {
          response.writeHead(200, { 'content-type': 'text/html' });
          for (let i = 0; i < 6; i += 1) response.write(Buffer.alloc(MB, 'a'));
          return response.end();
        }
        case '/gzip-bomb':
          response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
          return response.end(gzipBomb);
        case '/brotli-bomb':
          response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' });
          return response.end(brotliBomb);
        case '/gzip':
          response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
          return response.end(zlib.gzipSync('<p>compressed</p>'));
        case '/br':
          response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' });
          return response.end(zlib.brotliCompressSync('<p>brotli</p>'));
        case '/deflate':
          response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'deflate' });
          return response.end(zlib.deflateSync('<p>deflate</p>'));
        case '/corrupt':
          response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
          return response.end(Buffer.from('this is not gzip'));
        case '/pdf':
          response.writeHead(200, { 'content-type': 'application/pdf' });
          return response.end('%PDF-1.7');
        case '/untyped':
          response.writeHead(200);
          return response.end('<!doctype html><title>t</title>');
        case '/untyped-binary':
          response.writeHead(200);
          return response.end('PK\u0003\u0004 zip');
        default:
          return html(response, 'ok');
      }
    });
  });
  afterAll(() => server.close());

  it.each(['/big-declared', '/big-chunked'])('refuses %s over the 5 MB cap', async (path) => {
    const error = await fetcher().fetch(`${server.origin}${path}`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect((error as Error).message).toMatch(/larger than the 5 MB limit/);
  });

  it.each(['/gzip-bomb', '/brotli-bomb'])('stops the %s at the cap instead of inflating it all', async (path) => {
    const before = process.memoryUsage().rss;
    // CPU time, which a busy machine does not stretch as it does wall time.
    const started = process.cpuUsage();
    await expect(fetcher().fetch(`${server.origin}${path}`)).rejects.toBeInstanceOf(BodyTooLargeError);
    const { user, system } = process.cpuUsage(started);
    expect((user + system) / 1000).toBeLessThan(3_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * MB);
  });

  it('truncates instead when asked', async () => {
    const response = await fetcher().fetch(`${server.origin}/gzip-bomb`, { maxBodyBytes: 1000, truncate: true });
    expect(response.truncated).toBe(true);
    expect(response.body).toHaveLength(1000);
  });

  it.each([
    ['/gzip', '<p>compressed</p>'],
    ['/br', '<p>brotli</p>'],
    ['/deflate', '<p>deflate</p>'],
  ])('decompresses %s', async (path, body) => {
    expect((await fetcher().fetch(`${server.origin}${path}`)).body).toBe(body);
  });

  it('reports a corrupt compressed body', async () => {
    await expect(fetcher().fetch(`${server.origin}/corrupt`)).rejects.toMatchObject({ code: 'CONTENT_DECODING_FAILED' });
  });

  it('refuses a non-HTML page for a page audit, and sniffs an untyped one', async () => {
    const error = await fetcher().fetch(`${server.origin}/pdf`, { expectHtml: true }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotHtmlError);
    expect((error as Error).message).toBe(`${server.origin}/pdf answered HTTP 200 with application/pdf, not an HTML page`);
    expect((await fetcher().fetch(`${server.origin}/untyped`, { expectHtml: true })).status).toBe(200);
    await expect(fetcher().fetch(`${server.origin}/untyped-binary`, { expectHtml: true })).rejects.toBeInstanceOf(NotHtmlError);
    expect((await fetcher().fetch(`${server.origin}/pdf`)).body).toBe('%PDF-1.7');
  });

  it('identifies itself as CitableBot and asks for compressed HTML', async () => {
    await fetcher().fetch(`${server.origin}/`);
    const headers = server.requests.at(-1)?.headers;
    expect(headers?.['user-agent']).toBe(CITABLE_BOT_USER_AGENT);
    expect(CITABLE_BOT_USER_AGENT).toMatch(/^Mozilla\/5\.0 \(compatible; CitableBot\/\d+\.\d+; \+https:\/\/citable\.app\/bot\)$/);
    expect(headers?.['accept-encoding']).toBe('gzip, deflate, br');
  });
});

describe('charsets', () => {
  let server: TestServer;
  const cafe = iconv.encode('Café – 20 €', 'windows-1252');
  beforeAll(async () => {
    server = await startServer((request, response) => {
      const send = (type: string, body: Buffer) => {
        response.writeHead(200, { 'content-type': type });
        response.end(body);
      };
      switch (request.url) {
        case '/header-1252':
          return send('text/html; charset=windows-1252', cafe);
        case '/header-latin1':
          return send('text/html; charset="ISO-8859-1"', cafe);
        case '/meta':
          return send('text/html', Buffer.concat([Buffer.from('<html><head><meta charset="iso-8859-1"></head><body>'), cafe]));
        case '/http-equiv':
          return send(
            'text/html',
            Buffer.concat([Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">'), cafe]),
          );
        case '/unknown':
          return send('text/html; charset=x-klingon', Buffer.from('naïve ✓'));
        case '/bom':
          return send('text/html; charset=windows-1252', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('ünïcode')]));
        case '/shift-jis':
          return send('text/html; charset=Shift_JIS', iconv.encode('日本語', 'shift_jis'));
        default:
          return send('text/html', Buffer.from('naïve ✓'));
      }
    });
  });
  afterAll(() => server.close());

  it.each([
    ['/header-1252', 'Café – 20 €', 'windows-1252'],
    ['/header-latin1', 'Café – 20 €', 'windows-1252'],
    ['/meta', '<html><head><meta charset="iso-8859-1"></head><body>Café – 20 €', 'windows-1252'],
    ['/unknown', 'naïve ✓', 'utf-8'],
    ['/bom', 'ünïcode', 'utf-8'],
    ['/shift-jis', '日本語', 'shift_jis'],
    ['/default', 'naïve ✓', 'utf-8'],
  ])('decodes %s to UTF-8', async (path, body, charset) => {
    const response = await fetcher().fetch(`${server.origin}${path}`);
    expect(response.body).toBe(body);
    expect(response.charset).toBe(charset);
  });

  it('reads a charset from <meta http-equiv>', async () => {
    expect((await fetcher().fetch(`${server.origin}/http-equiv`)).body).toMatch(/Café – 20 €$/);
  });
});

describe('Retry-After', () => {
  let server: TestServer;
  let attempts = 0;
  beforeAll(async () => {
    server = await startServer((request, response) => {
      if (request.url === '/busy-once') {
        attempts += 1;
        if (attempts === 1) {
          response.writeHead(503, { 'retry-after': '1' });
          return response.end('busy');
        }
        return html(response, 'finally');
      }
      if (request.url === '/long-wait') {
        response.writeHead(429, { 'retry-after': '120' });
        return response.end('slow down');
      }
      if (request.url === '/always-busy') {
        response.writeHead(429, { 'retry-after': '0' });
        return response.end('slow down');
      }
      if (request.url === '/no-header') {
        response.writeHead(503);
        return response.end('down');
      }
      html(response, 'ok');
    });
  });
  afterAll(() => server.close());

  it('waits as asked when the wait is short, then retries', async () => {
    const started = Date.now();
    const response = await fetcher().fetch(`${server.origin}/busy-once`);
    expect(response.body).toBe('finally');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('gives up at once with a clear error when the wait is too long', async () => {
    const started = Date.now();
    const error = await fetcher().fetch(`${server.origin}/long-wait`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as Error).message).toMatch(/HTTP 429.*asked to wait 120 s .*longer than the 10 s limit/);
    // Well below the 10 s it would have waited at most: one loopback round trip, however busy the machine.
    expect(Date.now() - started).toBeLessThan(9_000);
  });

  it('gives up after the retries', async () => {
    await expect(fetcher().fetch(`${server.origin}/always-busy`)).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429 });
  });

  it('returns a 503 without Retry-After as it is', async () => {
    expect((await fetcher().fetch(`${server.origin}/no-header`)).status).toBe(503);
  });

  it('parses seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:03 GMT', now)).toBe(3000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});

describe('https', () => {
  it('resolves through the checked lookup, sends SNI and reports a certificate it cannot trust', async () => {
    const { createServer } = await import('node:https');
    const { readFileSync } = await import('node:fs');
    const fixtures = new URL('../test/fixtures/', import.meta.url);
    const servernames: string[] = [];
    const server = createServer(
      {
        key: readFileSync(new URL('self-signed-key.pem', fixtures)),
        cert: readFileSync(new URL('self-signed-cert.pem', fixtures)),
        SNICallback: (servername, callback) => {
          servernames.push(servername);
          callback(null, undefined);
        },
      },
      (_, response) => response.end('secret'),
    );
    server.on('tlsClientError', () => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const lookup = stubLookup({ 'secure.example': v4('127.0.0.1') });
      const error = await fetcher({ lookup }).fetch(`https://secure.example:${port}/`).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'TLS_ERROR' });
      expect((error as Error).message).toMatch(/^The secure connection to secure\.example:\d+ failed/);
      expect(lookup.calls).toEqual(['secure.example']);
      expect(servernames).toEqual(['secure.example']);

      const blocked = await fetcher({ allowHosts: [], lookup }).fetch(`https://secure.example:${port}/`).catch((caught: unknown) => caught);
      expect(blocked).toBeInstanceOf(BlockedAddressError);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('API requests (methods, bodies, credentials)', () => {
  let server: TestServer;
  const seen: { path: string; method: string; authorization: string | undefined; body: string }[] = [];
  beforeAll(async () => {
    server = await startServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = new URL(request.url ?? '/', 'http://local');
        seen.push({ path: url.pathname, method: request.method ?? '', authorization: request.headers.authorization, body: Buffer.concat(chunks).toString() });
        if (url.pathname === '/elsewhere') {
          // Same server, another origin: "localhost" instead of "127.0.0.1".
          response.writeHead(302, { location: `http://localhost:${server.port}/landed` });
          return response.end();
        }
        html(response, 'ok');
      });
    });
  });
  afterAll(() => server.close());

  it('sends the method, body and headers it is given', async () => {
    const result = await fetcher().fetch(`${server.origin}/api`, { method: 'POST', headers: { authorization: 'Basic abc' }, body: '{"a":1}' });
    expect(result.status).toBe(200);
    expect(seen.at(-1)).toEqual({ path: '/api', method: 'POST', authorization: 'Basic abc', body: '{"a":1}' });
  });

  it('never sends the caller headers to the origin of a redirect', async () => {
    const result = await fetcher({ allowHosts: ['127.0.0.1', 'localhost'] }).fetch(`${server.origin}/elsewhere`, { headers: { authorization: 'Basic abc' } });
    expect(result.url).toBe(`http://localhost:${server.port}/landed`);
    expect(seen.at(-1)).toMatchObject({ path: '/landed', authorization: undefined });
  });

  it('does not replay a POST through a redirect', async () => {
    const result = await fetcher().fetch(`${server.origin}/elsewhere`, { method: 'POST', body: '{}' });
    expect(result.status).toBe(302);
    expect(seen.at(-1)?.path).toBe('/elsewhere');
  });
});
