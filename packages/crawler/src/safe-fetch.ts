import { promises as dns } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { pipeline, type Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import zlib from 'node:zlib';
import { Agent, type Dispatcher } from 'undici';
import { AllowList, classifyAddress, ipLiteral } from './address-policy';
import { decodeBody } from './charset';
import {
  AbortedError,
  BlockedAddressError,
  BodyTooLargeError,
  ContentDecodingError,
  CrawlerError,
  DnsError,
  InvalidUrlError,
  NotHtmlError,
  RateLimitedError,
  TimeoutError,
  TlsError,
  TooManyRedirectsError,
  UnreachableError,
} from './errors';
import { checkUrl } from './normalize-url';
import { CITABLE_BOT_USER_AGENT } from './user-agent';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has; injectable so tests never touch real DNS. */
export type LookupFunction = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeFetcherOptions {
  /**
   * Host names or IP addresses that may be private (e.g. `['127.0.0.1', 'localhost']`).
   * Defaults to `FETCH_ALLOW_HOSTS` from the environment; empty means nothing private.
   */
  allowHosts?: readonly string[];
  /** DNS resolution; defaults to the system resolver (`dns.lookup` with `all: true`). */
  lookup?: LookupFunction;
  /** Per request (each redirect hop and retry), connect to last body byte. Default 10 000. */
  timeoutMs?: number;
  /** Cap on the decompressed body. Default 5 MB. */
  maxBodyBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Longest total wait a Retry-After may impose on one fetch before giving up. Default 10 000. */
  maxRetryAfterMs?: number;
  /** Retries after 429/503 with Retry-After. Default 2. */
  maxRetries?: number;
  /** Default `CITABLE_BOT_USER_AGENT`. */
  userAgent?: string;
}

export interface FetchOptions {
  /** Overrides the fetcher's User-Agent for this request (AI crawler probes). */
  userAgent?: string;
  accept?: string;
  /** Refuse anything that is not an HTML document (NotHtmlError), before reading its body. */
  expectHtml?: boolean;
  maxBodyBytes?: number;
  /** Keep the first `maxBodyBytes` instead of failing with BodyTooLargeError (robots.txt). */
  truncate?: boolean;
  /** Gunzip a body that is itself a gzip file (sitemap.xml.gz served without Content-Encoding). */
  gunzipBody?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Return a redirect as it is (empty body, Location in headers). Default true: follow. */
  followRedirects?: boolean;
  /** Default GET. Other methods never follow redirects: replaying a write elsewhere is the caller's decision. */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /**
   * Extra request headers (API credentials). Sent only to the origin of the first request, so a
   * redirect to another host never receives them.
   */
  headers?: Record<string, string>;
  body?: string;
}

export interface FetchResult {
  /** Final URL after redirects. */
  url: string;
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The body decoded to UTF-8. */
  body: string;
  /** Media type without parameters, lower case ("" when absent). */
  contentType: string;
  charset: string;
  /** URLs that redirected to `url`, first request first. */
  redirects: string[];
  /** Milliseconds from the first request to the last body byte, waits included. */
  fetchMs: number;
  /** True when the body was cut at `maxBodyBytes` (only with `truncate`). */
  truncated: boolean;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;
export const DEFAULT_MAX_RETRY_AFTER_MS = 10_000;
export const DEFAULT_MAX_RETRIES = 2;

const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// Enough of a redirect's or refused body to keep the connection reusable, no more.
const DISCARD_LIMIT = 64 * 1024;

type Hop =
  | { kind: 'redirect'; status: number; headers: Record<string, string>; location: string }
  | { kind: 'retry'; status: number; delayMs: number }
  | { kind: 'final'; status: number; headers: Record<string, string>; bytes: Buffer; truncated: boolean };

/**
 * An HTTP client that only talks to public addresses. Resolution happens inside the connection:
 * every address a host resolves to is checked and the socket connects to exactly the checked
 * addresses, so a DNS answer that changes between check and connect (rebinding) cannot slip
 * through. IP-literal URLs never reach the resolver, so they are checked before each request.
 * Redirects are followed here, one checked hop at a time. One fetcher shares one connection pool:
 * create it once per audit or crawl and `close()` it at the end.
 */
export class SafeFetcher {
  readonly userAgent: string;
  private readonly allowList: AllowList;
  private readonly lookup: LookupFunction;
  private readonly timeoutMs: number;
  private readonly maxBodyBytes: number;
  private readonly maxRedirects: number;
  private readonly maxRetryAfterMs: number;
  private readonly maxRetries: number;
  private readonly agent: Agent;

  constructor(options: SafeFetcherOptions = {}) {
    this.allowList = options.allowHosts ? new AllowList(options.allowHosts) : AllowList.fromEnv();
    this.lookup = options.lookup ?? systemLookup;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
    this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.userAgent = options.userAgent ?? CITABLE_BOT_USER_AGENT;
    this.agent = new Agent({
      connect: { lookup: this.connectLookup, timeout: this.timeoutMs },
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
      keepAliveTimeout: 4_000,
    });
  }

  /** Fetches a URL, following redirects, and returns the decoded body. Throws a CrawlerError. */
  async fetch(input: string | URL, options: FetchOptions = {}): Promise<FetchResult> {
    const started = performance.now();
    let url = toUrl(input);
    const firstOrigin = url.origin;
    const redirects: string[] = [];
    let retries = 0;
    let waitedMs = 0;
    for (;;) {
      this.checkTarget(url);
      const hop = await this.hop(url, options, url.origin === firstOrigin);
      if (hop.kind === 'redirect' && (options.followRedirects === false || (options.method ?? 'GET') !== 'GET')) {
        return {
          url: url.href,
          status: hop.status,
          headers: hop.headers,
          body: '',
          contentType: mediaTypeOf(hop.headers['content-type'] ?? ''),
          charset: 'utf-8',
          redirects,
          fetchMs: Math.round(performance.now() - started),
          truncated: false,
        };
      }
      if (hop.kind === 'redirect') {
        if (redirects.length >= this.maxRedirects) throw new TooManyRedirectsError(url.href, this.maxRedirects, [...redirects, url.href]);
        redirects.push(url.href);
        url = redirectTarget(hop.location, url);
        continue;
      }
      if (hop.kind === 'retry') {
        if (retries >= this.maxRetries) {
          throw new RateLimitedError(url.href, hop.status, hop.delayMs, `still refused after ${retries} retries`);
        }
        if (waitedMs + hop.delayMs > this.maxRetryAfterMs) {
          const asked = `asked to wait ${Math.ceil(hop.delayMs / 1000)} s (Retry-After), longer than the ${this.maxRetryAfterMs / 1000} s limit`;
          throw new RateLimitedError(url.href, hop.status, hop.delayMs, asked);
        }
        await wait(hop.delayMs, options.signal, url.href);
        waitedMs += hop.delayMs;
        retries += 1;
        continue;
      }
      const contentType = hop.headers['content-type'] ?? '';
      const bytes = options.gunzipBody ? this.gunzipIfGzip(hop.bytes, url.href, options) : hop.bytes;
      const decoded = decodeBody(bytes, contentType);
      const mediaType = mediaTypeOf(contentType);
      if (options.expectHtml && mediaType === '' && !looksLikeHtml(decoded.text)) {
        throw new NotHtmlError(url.href, hop.status, contentType);
      }
      return {
        url: url.href,
        status: hop.status,
        headers: hop.headers,
        body: decoded.text,
        contentType: mediaType,
        charset: decoded.charset,
        redirects,
        fetchMs: Math.round(performance.now() - started),
        truncated: hop.truncated,
      };
    }
  }

  /** Closes pooled connections; requests still running are aborted. */
  async close(): Promise<void> {
    await this.agent.destroy();
  }

  /** Resolves a host name and checks every address, exactly as a new connection does. */
  async resolve(hostname: string): Promise<ResolvedAddress[]> {
    let addresses: ResolvedAddress[];
    try {
      addresses = await this.lookup(hostname);
    } catch (error) {
      if (error instanceof CrawlerError) throw error;
      throw new DnsError(undefined, hostname, error);
    }
    if (addresses.length === 0) throw new DnsError(undefined, hostname);
    if (this.allowList.allows(hostname)) return addresses;
    for (const { address } of addresses) {
      if (this.allowList.allows(address)) continue;
      const verdict = classifyAddress(address);
      if (!verdict.allowed) throw new BlockedAddressError(undefined, hostname, address, verdict.kind ?? 'reserved');
    }
    return addresses;
  }

  private checkTarget(url: URL): void {
    checkUrl(url);
    const literal = ipLiteral(url.hostname);
    if (literal === null || this.allowList.allows(literal)) return;
    const verdict = classifyAddress(literal);
    if (!verdict.allowed) throw new BlockedAddressError(url.href, literal, literal, verdict.kind ?? 'reserved');
  }

  // Node's net.connect calls this instead of dns.lookup, so the socket uses what we checked.
  private readonly connectLookup = (
    hostname: string,
    options: LookupOptions,
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    this.resolve(hostname).then(
      (addresses) => {
        const usable = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (usable.length === 0) return callback(new DnsError(undefined, hostname), '');
        if (options.all) return callback(null, usable);
        return callback(null, usable[0].address, usable[0].family);
      },
      (error: Error) => callback(error, ''),
    );
  };

  private async hop(url: URL, options: FetchOptions, sameOrigin: boolean): Promise<Hop> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    // A listener rather than AbortSignal.any: a crawl's one signal would otherwise collect a
    // dependent signal per request until the crawl ends.
    const cancel = () => deadline.abort();
    options.signal?.addEventListener('abort', cancel, { once: true });
    const signal = deadline.signal;
    try {
      const response = await this.agent.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: options.method ?? 'GET',
        headers: {
          'user-agent': options.userAgent ?? this.userAgent,
          accept: options.accept ?? HTML_ACCEPT,
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': 'en;q=0.9, *;q=0.5',
          ...(sameOrigin ? options.headers : undefined),
        },
        body: options.body,
        signal,
      });
      return await this.readHop(url, response, options);
    } catch (error) {
      if (options.signal?.aborted) throw new AbortedError(url.href);
      if (deadline.signal.aborted) throw new TimeoutError(url.href, timeoutMs);
      throw toCrawlerError(error, url.href, timeoutMs);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', cancel);
    }
  }

  private async readHop(url: URL, response: Dispatcher.ResponseData, options: FetchOptions): Promise<Hop> {
    const { statusCode: status, body } = response;
    const headers = flattenHeaders(response.headers);
    if (REDIRECT_STATUSES.has(status) && headers.location) {
      await discard(body);
      return { kind: 'redirect', status, headers, location: headers.location };
    }
    if ((status === 429 || status === 503) && headers['retry-after'] !== undefined) {
      const delayMs = parseRetryAfter(headers['retry-after']);
      if (delayMs !== null) {
        await discard(body);
        return { kind: 'retry', status, delayMs };
      }
    }
    const contentType = headers['content-type'] ?? '';
    const maxBytes = options.maxBodyBytes ?? this.maxBodyBytes;
    if (!options.truncate && !headers['content-encoding'] && Number(headers['content-length']) > maxBytes) {
      release(body);
      throw new BodyTooLargeError(url.href, maxBytes);
    }
    if (options.expectHtml && contentType !== '' && !HTML_TYPES.has(mediaTypeOf(contentType))) {
      release(body);
      throw new NotHtmlError(url.href, status, mediaTypeOf(contentType));
    }
    const { bytes, truncated } = await readBody(body, headers['content-encoding'], maxBytes, options.truncate ?? false, url.href);
    return { kind: 'final', status, headers, bytes, truncated };
  }

  private gunzipIfGzip(bytes: Buffer, url: string, options: FetchOptions): Buffer {
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
    const maxBytes = options.maxBodyBytes ?? this.maxBodyBytes;
    try {
      return zlib.gunzipSync(bytes, { maxOutputLength: maxBytes, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new BodyTooLargeError(url, maxBytes);
      throw new ContentDecodingError(url, 'invalid gzip file', error);
    }
  }
}

/** A fetcher with the given options; remember to `close()` it. */
export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetcher {
  return new SafeFetcher(options);
}

/**
 * One-off fetch with its own connection pool, closed afterwards. For many requests, share a
 * `SafeFetcher` instead: connections are then reused.
 */
export async function safeFetch(url: string | URL, options: SafeFetcherOptions & FetchOptions = {}): Promise<FetchResult> {
  const fetcher = new SafeFetcher(options);
  try {
    return await fetcher.fetch(url, options);
  } finally {
    await fetcher.close();
  }
}

async function systemLookup(hostname: string): Promise<ResolvedAddress[]> {
  const addresses = await dns.lookup(hostname, { all: true, order: 'verbatim' });
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

function toUrl(input: string | URL): URL {
  if (input instanceof URL) return input;
  try {
    return new URL(input);
  } catch {
    throw new InvalidUrlError(input);
  }
}

function redirectTarget(location: string, from: URL): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new InvalidUrlError(location, `(a redirect from ${from.href}) is not a valid URL`);
  }
  return checkUrl(next);
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** "text/html; charset=utf-8" -> "text/html". */
export function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

function looksLikeHtml(text: string): boolean {
  return /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body|meta|title)\b/i.test(text.slice(0, 2048));
}

/** A Retry-After value (seconds or an HTTP date) in milliseconds from `now`; null when unparseable. */
export function parseRetryAfter(value: string, now = Date.now()): number | null {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

async function wait(ms: number, signal: AbortSignal | undefined, url: string): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch {
    throw new AbortedError(url);
  }
}

async function discard(body: Readable & { dump?: (options?: { limit: number }) => Promise<void> }): Promise<void> {
  try {
    if (body.dump) await body.dump({ limit: DISCARD_LIMIT });
    else release(body);
  } catch {
    release(body);
  }
}

/** Destroys a stream whose content is no longer wanted; undici reports that as an error event. */
function release(stream: Readable): void {
  stream.on('error', () => {});
  stream.destroy();
}

function decoderFor(encoding: string, url: string): zlib.Gunzip | zlib.Unzip | zlib.BrotliDecompress {
  // Truncated compressed streams are common; browsers show what arrived, so do we.
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
    case 'deflate':
      return zlib.createUnzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
    case 'br':
      return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
    default:
      throw new ContentDecodingError(url, `unsupported Content-Encoding ${JSON.stringify(encoding)}`);
  }
}

/**
 * Reads a body, decompressing as it streams and counting decompressed bytes, so a compression
 * bomb stops at the cap after inflating at most one chunk past it.
 */
async function readBody(
  body: Readable,
  contentEncoding: string | undefined,
  maxBytes: number,
  truncate: boolean,
  url: string,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  const encodings = (contentEncoding ?? '')
    .split(',')
    .map((value) => value.trim().toLowerCase())
    .filter((value) => value !== '' && value !== 'identity');
  let source: Readable = body;
  if (encodings.length > 0) {
    let decoders: Readable[];
    try {
      decoders = encodings.reverse().map((encoding) => decoderFor(encoding, url));
    } catch (error) {
      release(body);
      throw error;
    }
    source = (pipeline as (...streams: unknown[]) => Readable)(body, ...decoders, () => {});
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (size + chunk.length > maxBytes) {
        if (!truncate) throw new BodyTooLargeError(url, maxBytes);
        chunks.push(chunk.subarray(0, maxBytes - size));
        size = maxBytes;
        return { bytes: Buffer.concat(chunks, size), truncated: true };
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  } catch (error) {
    if (error instanceof CrawlerError) throw error;
    if (isZlibError(error)) throw new ContentDecodingError(url, (error as Error).message, error);
    throw error;
  } finally {
    release(source);
    release(body);
  }
  return { bytes: Buffer.concat(chunks, size), truncated: false };
}

function isZlibError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  return code.startsWith('Z_') || code.startsWith('ERR_BROTLI') || code === 'ERR__ERROR_FORMAT_PADDING_1';
}

const UNREACHABLE_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
  EADDRNOTAVAIL: 'address not available',
  UND_ERR_SOCKET: 'connection closed by the server',
  UND_ERR_CLOSED: 'connection closed',
};

/** Maps socket, TLS and undici errors to the crawler's typed errors. */
function toCrawlerError(error: unknown, url: string, timeoutMs: number): CrawlerError {
  if (error instanceof AggregateError && error.errors.length > 0) return toCrawlerError(error.errors[0], url, timeoutMs);
  if (error instanceof BlockedAddressError) return new BlockedAddressError(url, error.hostname, error.address, error.range);
  if (error instanceof DnsError) return new DnsError(url, error.hostname, error.cause);
  if (error instanceof CrawlerError) return error;
  const code = String((error as NodeJS.ErrnoException | undefined)?.code ?? '');
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'ETIMEDOUT') {
    return new TimeoutError(url, timeoutMs);
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') return new DnsError(url, new URL(url).hostname, error);
  if (UNREACHABLE_CODES[code]) return new UnreachableError(url, UNREACHABLE_CODES[code], error);
  if (code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || /CERT|SSL|TLS/.test(code)) return new TlsError(url, message, error);
  return new UnreachableError(url, message || code || 'unknown network error', error);
}
