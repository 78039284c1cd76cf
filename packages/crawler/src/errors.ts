/**
 * Every way a fetch can be refused or fail, as exported classes with a stable `code`, so callers
 * (server routes, the CLI) can map them to user-facing messages without parsing strings.
 */

export type CrawlerErrorCode =
  | 'INVALID_URL'
  | 'UNSUPPORTED_PROTOCOL'
  | 'CREDENTIALS_IN_URL'
  | 'BLOCKED_ADDRESS'
  | 'DNS_FAILURE'
  | 'UNREACHABLE'
  | 'TLS_ERROR'
  | 'TIMEOUT'
  | 'TOO_MANY_REDIRECTS'
  | 'BODY_TOO_LARGE'
  | 'CONTENT_DECODING_FAILED'
  | 'NOT_HTML'
  | 'RATE_LIMITED'
  | 'ROBOTS_DISALLOWED'
  | 'CRAWL_DELAY_TOO_LONG'
  | 'ABORTED';

/** Base class of every crawler error; `url` is the URL being fetched when it happened. */
export class CrawlerError extends Error {
  readonly code: CrawlerErrorCode;
  readonly url: string | undefined;

  constructor(code: CrawlerErrorCode, message: string, url?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
    this.url = url;
  }
}

/** The input is not a URL (or a redirect's Location is not). */
export class InvalidUrlError extends CrawlerError {
  constructor(input: string, reason = 'is not a valid URL') {
    super('INVALID_URL', `${JSON.stringify(input)} ${reason}`, input);
  }
}

/** Anything but http: and https: (file:, ftp:, javascript:, gopher:...). */
export class UnsupportedProtocolError extends CrawlerError {
  constructor(url: string, protocol: string) {
    super('UNSUPPORTED_PROTOCOL', `${protocol.replace(/:$/, '')} URLs cannot be audited: only http and https are supported`, url);
  }
}

/** user:password@ in a URL: refused so credentials are never sent or stored with an audit. */
export class CredentialsInUrlError extends CrawlerError {
  constructor(url: string) {
    super('CREDENTIALS_IN_URL', 'URLs with a user name or password cannot be audited', url);
  }
}

/** A refusal by the address policy: the host is, or resolves to, a non-public address. */
export class BlockedAddressError extends CrawlerError {
  readonly address: string;
  /** The kind of range, e.g. "private", "loopback", "cloud metadata". */
  readonly range: string;
  readonly hostname: string;

  constructor(url: string | undefined, hostname: string, address: string, range: string) {
    const subject = hostname === address ? address : `${hostname} resolves to ${address}, which`;
    super('BLOCKED_ADDRESS', `${subject} is ${article(range)} ${range} address and cannot be audited`, url);
    this.address = address;
    this.range = range;
    this.hostname = hostname;
  }
}

/** The host name does not resolve. */
export class DnsError extends CrawlerError {
  readonly hostname: string;

  constructor(url: string | undefined, hostname: string, cause?: unknown) {
    super('DNS_FAILURE', `The domain ${hostname} could not be found (DNS lookup failed)`, url, { cause });
    this.hostname = hostname;
  }
}

/** The connection failed: refused, reset, unreachable network. */
export class UnreachableError extends CrawlerError {
  constructor(url: string, detail: string, cause?: unknown) {
    super('UNREACHABLE', `${hostOf(url)} could not be reached (${detail})`, url, { cause });
  }
}

/** The TLS handshake failed (bad certificate, protocol mismatch). */
export class TlsError extends CrawlerError {
  constructor(url: string, detail: string, cause?: unknown) {
    super('TLS_ERROR', `The secure connection to ${hostOf(url)} failed (${detail})`, url, { cause });
  }
}

/** No complete answer within the per-request time limit (connect to last body byte). */
export class TimeoutError extends CrawlerError {
  readonly timeoutMs: number;

  constructor(url: string, timeoutMs: number) {
    super('TIMEOUT', `${url} did not answer within ${formatSeconds(timeoutMs)}`, url);
    this.timeoutMs = timeoutMs;
  }
}

/** More redirects than allowed; `redirects` is the chain that was followed. */
export class TooManyRedirectsError extends CrawlerError {
  readonly redirects: string[];

  constructor(url: string, maxRedirects: number, redirects: string[]) {
    super('TOO_MANY_REDIRECTS', `${redirects[0] ?? url} redirected more than ${maxRedirects} times`, url);
    this.redirects = redirects;
  }
}

/** The body, after decompression, exceeds the cap. */
export class BodyTooLargeError extends CrawlerError {
  readonly maxBytes: number;

  constructor(url: string, maxBytes: number) {
    super('BODY_TOO_LARGE', `${url} is larger than the ${formatBytes(maxBytes)} limit`, url);
    this.maxBytes = maxBytes;
  }
}

/** A compressed body is corrupt or uses an unsupported Content-Encoding. */
export class ContentDecodingError extends CrawlerError {
  constructor(url: string, detail: string, cause?: unknown) {
    super('CONTENT_DECODING_FAILED', `The response from ${url} could not be decoded (${detail})`, url, { cause });
  }
}

/** A page audit got something other than an HTML document. */
export class NotHtmlError extends CrawlerError {
  readonly contentType: string;
  readonly status: number;

  constructor(url: string, status: number, contentType: string) {
    super('NOT_HTML', `${url} answered HTTP ${status} with ${contentType || 'no content type'}, not an HTML page`, url);
    this.contentType = contentType;
    this.status = status;
  }
}

/** 429/503 with a Retry-After longer than allowed, or still refused after the retries. */
export class RateLimitedError extends CrawlerError {
  readonly status: number;
  /** What the server asked for, in milliseconds, when it said. */
  readonly retryAfterMs: number | null;

  constructor(url: string, status: number, retryAfterMs: number | null, reason: string) {
    super('RATE_LIMITED', `${hostOf(url)} is rate limiting requests (HTTP ${status}): ${reason}`, url);
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

/** robots.txt keeps CitableBot from the URL (or could not be read, which means the same). */
export class RobotsDisallowedError extends CrawlerError {
  /** `reason` explains a robots.txt that could not be read (which, by RFC 9309, disallows all). */
  constructor(url: string, userAgentToken: string, reason?: string) {
    super(
      'ROBOTS_DISALLOWED',
      reason
        ? `robots.txt could not be read (${reason}), so ${userAgentToken} may not read ${url}`
        : `robots.txt does not allow ${userAgentToken} to read ${url}`,
      url,
    );
  }
}

/** A robots.txt Crawl-delay too long for a site crawl to finish in useful time. */
export class CrawlDelayTooLongError extends CrawlerError {
  constructor(url: string, delayMs: number, maxMs: number) {
    super(
      'CRAWL_DELAY_TOO_LONG',
      `robots.txt asks for a crawl delay of ${formatSeconds(delayMs)}, more than the ${formatSeconds(maxMs)} a site crawl can wait between pages`,
      url,
    );
  }
}

/** The caller cancelled (AbortSignal). */
export class AbortedError extends CrawlerError {
  constructor(url: string | undefined) {
    super('ABORTED', 'The request was cancelled', url);
  }
}

/** Narrows an unknown error to the crawler's typed errors. */
export function isCrawlerError(error: unknown): error is CrawlerError {
  return error instanceof CrawlerError;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}
