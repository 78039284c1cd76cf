import { describe, expect, it } from 'vitest';
import { classifyLinks, collectCitations, hostOf, isFurnitureLink, isOnSite, registrableDomain, siteDomains } from './links';
import type { LinkInfo } from './types';

const link = (href: string, text = 'a source', extra: Partial<LinkInfo> = {}): LinkInfo => ({
  href,
  url: /^https?:\/\//.test(href) ? href : null,
  text,
  rel: [],
  internal: false,
  furniture: false,
  inMain: true,
  ...extra,
});

describe('hostOf', () => {
  it('lower-cases, drops www., the port, credentials and a final dot', () => {
    expect(hostOf('https://WWW.Example.COM:8080/a')).toBe('example.com');
    expect(hostOf('https://user:pw@news.example.com/')).toBe('news.example.com');
    expect(hostOf('https://example.com./a')).toBe('example.com');
    expect(hostOf('/relative')).toBe('');
  });
});

describe('registrableDomain', () => {
  it('keeps the last two labels under a generic or plain country domain', () => {
    expect(registrableDomain('www.lemonde.fr')).toBe('lemonde.fr');
    expect(registrableDomain('m.arstechnica.com')).toBe('arstechnica.com');
    expect(registrableDomain('a.b.c.example.org')).toBe('example.org');
    expect(registrableDomain('mail.web.de')).toBe('web.de');
  });

  it('keeps three labels under a country second level (co.uk, com.au, co.jp, gouv.fr)', () => {
    expect(registrableDomain('news.bbc.co.uk')).toBe('bbc.co.uk');
    expect(registrableDomain('www.abc.net.au')).toBe('abc.net.au');
    expect(registrableDomain('news.yahoo.co.jp')).toBe('yahoo.co.jp');
    expect(registrableDomain('www.service-public.gouv.fr')).toBe('service-public.gouv.fr');
    expect(registrableDomain('bbc.co.uk')).toBe('bbc.co.uk');
    // A three-letter top-level domain has no such second level.
    expect(registrableDomain('shop.co.com')).toBe('co.com');
  });

  it('treats each subdomain of a hosting platform as its own site', () => {
    expect(registrableDomain('alice.github.io')).toBe('alice.github.io');
    expect(registrableDomain('www.alice.wordpress.com')).toBe('alice.wordpress.com');
    expect(registrableDomain('foo.blogspot.com')).toBe('foo.blogspot.com');
    expect(registrableDomain('foo.blogspot.co.uk')).toBe('foo.blogspot.co.uk');
    expect(registrableDomain('github.io')).toBe('github.io');
  });

  it('leaves IP addresses and single-label hosts alone', () => {
    expect(registrableDomain('127.0.0.1')).toBe('127.0.0.1');
    expect(registrableDomain('10.1.2.3')).toBe('10.1.2.3');
    expect(registrableDomain('[::1]')).toBe('[::1]');
    expect(registrableDomain('fakehost')).toBe('fakehost');
    expect(registrableDomain('Example.COM.')).toBe('example.com');
  });
});

describe('siteDomains and isOnSite', () => {
  it('gathers the page URL, canonical and og:url, once each, http(s) only', () => {
    expect(siteDomains(['https://www.example.com/a', 'https://m.example.com/a', 'https://news.example.co.uk/a', null, 'file:///tmp/a.html', ' http://other.org/x '])).toEqual([
      'example.com',
      'example.co.uk',
      'other.org',
    ]);
  });

  it('puts subdomains of the same registrable domain on the site, and nothing on no site', () => {
    const sites = ['example.com'];
    expect(isOnSite('https://www.example.com/x', sites)).toBe(true);
    expect(isOnSite('https://m.example.com/x', sites)).toBe(true);
    expect(isOnSite('https://accounts.example.com/x', sites)).toBe(true);
    expect(isOnSite('https://example.com.evil.net/x', sites)).toBe(false);
    expect(isOnSite('https://notexample.com/x', sites)).toBe(false);
    expect(isOnSite('https://example.com/x', [])).toBe(false);
    expect(isOnSite('ftp://example.com/x', sites)).toBe(false);
  });
});

describe('isFurnitureLink', () => {
  it('knows interface links by their rel', () => {
    for (const rel of ['next', 'prev', 'author', 'license', 'sponsored', 'ugc']) {
      expect(isFurnitureLink(link('https://x.org/a', 'Story', { rel: [rel] })), rel).toBe(true);
    }
    expect(isFurnitureLink(link('https://x.org/a', 'Story', { rel: ['nofollow', 'noopener'] }))).toBe(false);
  });

  it('knows them by their words, in several languages, without keyboard hints and arrows', () => {
    for (const text of ['Next (SHIFT+n)', 'Créer un compte', '« Previous', 'Sign in', 'Log in', 'Subscribe', 'Share on Facebook', 'Print', '12 comments', 'Se connecter', 'Anmelden', 'Page suivante', '→', 'Back to top']) {
      expect(isFurnitureLink(link('https://x.org/a', text)), text).toBe(true);
    }
    for (const text of ['The next generation of solar panels', 'Study on sign-in fatigue', 'Census data']) {
      expect(isFurnitureLink(link('https://x.org/a', text)), text).toBe(false);
    }
  });

  it('counts a bare number as a page number on the site, and as a footnote elsewhere', () => {
    expect(isFurnitureLink(link('https://x.org/page/2', '2', { internal: true }))).toBe(true);
    expect(isFurnitureLink(link('https://doi.org/10.1000/1', '1'))).toBe(false);
  });

  it('knows them by their URL: account, sharing, print, comment, feed and author pages, and sign-in hosts', () => {
    for (const url of [
      'https://x.org/login',
      'https://x.org/account/settings',
      'https://secure.x.org/sfuser/register?x=1',
      'https://x.org/newsletters',
      'https://x.org/share?u=1',
      'https://x.org/a?share=facebook',
      'https://x.org/a?replytocom=5',
      'https://x.org/author/jane-doe/',
      'https://x.org/article/comments#c',
      'https://accounts.x.org/a',
      'https://x.org/feed',
    ]) {
      expect(isFurnitureLink(link(url, 'Story')), url).toBe(true);
    }
    for (const url of ['https://x.org/articles/loginless-payments', 'https://x.org/2016/08/10/authorities-say', 'https://x.org/report.pdf', 'https://x.org/a?q=share']) {
      expect(isFurnitureLink(link(url, 'Story')), url).toBe(false);
    }
  });
});

describe('classifyLinks and collectCitations', () => {
  it('marks relative and same-site links internal, anchors and other sites not', () => {
    const links = [
      link('/about'),
      link('page.html'),
      link('#section'),
      link(''),
      link('https://www.example.com/a'),
      link('https://blog.example.com/a'),
      link('//cdn.other.org/x.js', 'x', { url: 'https://cdn.other.org/x.js' }),
      link('https://other.org/study'),
      link('mailto:a@example.com', 'mail', { url: null }),
    ];
    classifyLinks(links, ['example.com']);
    expect(links.map((l) => l.internal)).toEqual([true, true, false, false, true, true, false, false, false]);
  });

  it('lists as sources only main-content links to other sites that are not interface or social', () => {
    const links = [
      link('https://www.example.com/reporters/jane', 'Jane Doe'),
      link('https://example.com/signup', 'Créer un compte'),
      link('https://other.org/next', 'Next (SHIFT+n)'),
      link('https://www.census.gov/data', 'census data'),
      link('https://www.census.gov/data', 'the same data again'),
      link('https://nature.com/a', 'a study', { inMain: false }),
      link('https://twitter.com/intent/tweet', 'Tweet this story'),
      link('https://www.facebook.com/example', 'our page'),
      link('ftp://files.org/a', 'files', { url: 'ftp://files.org/a' }),
      link('https://doi.org/10.1000/xyz', '1'),
    ];
    classifyLinks(links, ['example.com']);
    expect(collectCitations(links).map((c) => c.url)).toEqual(['https://www.census.gov/data', 'https://doi.org/10.1000/xyz']);
    expect(collectCitations(links)[0]).toEqual({ url: 'https://www.census.gov/data', host: 'census.gov', text: 'census data' });
  });
});
