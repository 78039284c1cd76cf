import { describe, expect, it } from 'vitest';
import { CredentialsInUrlError, InvalidUrlError, UnsupportedProtocolError } from './errors';
import { normalizeUrl, parseAuditUrl, resolveHttpUrl } from './normalize-url';

describe('parseAuditUrl', () => {
  it('adds https to a bare domain and keeps explicit schemes', () => {
    expect(parseAuditUrl(' example.com/page ').href).toBe('https://example.com/page');
    expect(parseAuditUrl('localhost:8080/x').href).toBe('https://localhost:8080/x');
    expect(parseAuditUrl('http://Example.COM:80/a').href).toBe('http://example.com/a');
  });

  it('turns decimal, octal and hex IPv4 into dotted form', () => {
    expect(parseAuditUrl('http://2130706433/').hostname).toBe('127.0.0.1');
    expect(parseAuditUrl('http://0177.0.0.1/').hostname).toBe('127.0.0.1');
    expect(parseAuditUrl('http://0x7f.0.0.1/').hostname).toBe('127.0.0.1');
  });

  it('refuses what cannot be audited, with clear messages', () => {
    expect(() => parseAuditUrl('')).toThrow(InvalidUrlError);
    expect(() => parseAuditUrl('http://')).toThrow(InvalidUrlError);
    expect(() => parseAuditUrl('javascript:alert(1)')).toThrow(UnsupportedProtocolError);
    expect(() => parseAuditUrl('https://me:pw@example.com')).toThrow(CredentialsInUrlError);
    expect(() => parseAuditUrl('ftp://example.com')).toThrow('ftp URLs cannot be audited: only http and https are supported');
  });
});

describe('normalizeUrl', () => {
  it('drops fragments, empty queries and default ports, lower-cases the host, keeps query order', () => {
    expect(normalizeUrl('HTTPS://Example.com:443/A?b=2&a=1#top')).toBe('https://example.com/A?b=2&a=1');
    expect(normalizeUrl('http://example.com./x?')).toBe('http://example.com/x');
    expect(normalizeUrl('http://example.com')).toBe('http://example.com/');
  });

  it('resolves links and ignores non-http ones', () => {
    expect(resolveHttpUrl('../b#c', 'https://example.com/a/x')).toBe('https://example.com/b');
    expect(resolveHttpUrl('mailto:a@example.com', 'https://example.com/')).toBeNull();
    expect(resolveHttpUrl('javascript:void(0)', 'https://example.com/')).toBeNull();
    expect(resolveHttpUrl('http://[bad', 'https://example.com/')).toBeNull();
  });
});
