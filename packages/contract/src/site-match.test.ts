import { describe, expect, it } from 'vitest';
import { addressKey, comparableAudits, resolveSite, type MatchableSite } from './site-match';

const site = (name: string, url: string, role: MatchableSite['role']) => ({ name, url, role });
const owner = site('Lantern Tea', 'https://market.example', 'website');
const sameHost = site('Kettle Co', 'https://market.example/rival', 'competitor');
const other = site('Far Rival', 'https://far.example/', 'competitor');
const sites = [owner, sameHost, other];
const nameOf = (url: string | null, list = sites) => resolveSite(list, url)?.name ?? null;

describe('resolveSite', () => {
  it('gives an address to the longest listed path it lies within', () => {
    expect(nameOf('https://market.example/')).toBe('Lantern Tea');
    expect(nameOf('https://market.example/about')).toBe('Lantern Tea');
    expect(nameOf('https://market.example/rival')).toBe('Kettle Co');
    expect(nameOf('https://market.example/rival/')).toBe('Kettle Co');
    expect(nameOf('https://market.example/rival/tea?x=1#top')).toBe('Kettle Co');
    // A path is matched by whole segments.
    expect(nameOf('https://market.example/rivalry')).toBe('Lantern Tea');
    expect(nameOf('https://far.example')).toBe('Far Rival');
  });

  it('falls back to the host only when no path matches, the website first', () => {
    const paths = [site('Brand A', 'https://shop.example/a', 'website'), site('Brand B', 'https://shop.example/b', 'competitor')];
    expect(nameOf('https://shop.example/b/item', paths)).toBe('Brand B');
    expect(nameOf('https://shop.example/', paths)).toBe('Brand A');
    expect(nameOf('https://shop.example/', [paths[1]])).toBe('Brand B');
  });

  it('counts the same address listed twice as the website, and nothing for other hosts or content', () => {
    expect(nameOf('https://market.example', [sameHost, site('Mine', 'https://market.example/rival/', 'website')])).toBe('Mine');
    expect(nameOf('https://elsewhere.example/')).toBeNull();
    expect(nameOf(null)).toBeNull();
  });
});

describe('addressKey', () => {
  it('ignores the trailing slash and the fragment, not the path or the query', () => {
    expect(addressKey('https://a.example')).toBe(addressKey('https://a.example/'));
    expect(addressKey('https://a.example/faq/#top')).toBe(addressKey('https://a.example/faq'));
    expect(addressKey('https://a.example/faq')).not.toBe(addressKey('https://a.example/'));
    expect(addressKey('https://a.example/?p=1')).not.toBe(addressKey('https://a.example/'));
    expect(addressKey(null)).toBeNull();
  });
});

describe('comparableAudits', () => {
  it('compares audits of the same kind and the same address only', () => {
    const page = { kind: 'page', url: 'https://a.example/pricing/' };
    expect(comparableAudits(page, { kind: 'page', url: 'https://a.example/pricing#plans' })).toBe(true);
    expect(comparableAudits(page, { kind: 'site', url: 'https://a.example/pricing' })).toBe(false);
    expect(comparableAudits(page, { kind: 'page', url: 'https://a.example/about' })).toBe(false);
    expect(comparableAudits(page, { kind: 'page', url: 'https://b.example/pricing' })).toBe(false);
    expect(comparableAudits({ kind: 'content', url: null }, { kind: 'content', url: undefined })).toBe(true);
  });
});
