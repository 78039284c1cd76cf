import { describe, expect, it } from 'vitest';
import { IP_SITE, page } from './fixtures/pages';
import { isAddressHost, profileLinks, profileUrl, siteName } from './site-identity';

const home = (head: string, url = 'https://crumb.example/') => page(`<html><head>${head}</head><body><main><h1>Fresh bread</h1><p>We bake bread every morning.</p></main></body></html>`, url);
const ipPages = () => Object.entries(IP_SITE.pages).map(([path, html]) => page(html, `${IP_SITE.origin}${path}`));

describe('siteName', () => {
  it('takes what the site declares first: og:site_name, then WebSite and Organization markup, then application-name', () => {
    const website = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebSite","name":"Crumb Online","url":"https://crumb.example/"}</script>';
    const org = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Crumb Bakery Ltd"}</script>';
    const title = '<title>Fresh bread | Crumb Bakery</title>';
    expect(siteName(home(`${title}<meta property="og:site_name" content="Crumb"><meta name="application-name" content="CrumbApp">${website}${org}`))).toBe('Crumb');
    expect(siteName(home(`${title}<meta name="application-name" content="CrumbApp">${website}${org}`))).toBe('Crumb Online');
    expect(siteName(home(`${title}<meta name="application-name" content="CrumbApp">${org}`))).toBe('Crumb Bakery Ltd');
    expect(siteName(home(`${title}<meta name="application-name" content="CrumbApp">`))).toBe('CrumbApp');
  });

  it('reads the <title>: the part the other pages share, the part spelling the host, the name-like part', () => {
    // Shared across the crawled pages, even when the home page's title has no separator.
    const pages = ipPages();
    expect(siteName(pages[0], pages)).toBe('Lantern Tea');
    expect(siteName(pages[2], pages)).toBe('Lantern Tea');
    // Spelling the host name.
    expect(siteName(home('<title>Fresh bread daily - Crumb Bakery - Portland</title>'))).toBe('Crumb Bakery');
    // The name-like part: first on a home page, last on an inner page; generic parts skipped.
    expect(siteName(home('<title>Kettle &amp; Leaf | Japanese green tea shop</title>', 'https://kl.example/'))).toBe('Kettle & Leaf');
    expect(siteName(home('<title>Home | Kettle &amp; Leaf</title>', 'https://kl.example/'))).toBe('Kettle & Leaf');
    expect(siteName(home('<title>Sencha brewing guide | Kettle &amp; Leaf</title>', 'https://kl.example/sencha'))).toBe('Kettle & Leaf');
    // A home page's whole short title is its name; an inner page's is the page's own.
    expect(siteName(home('<title>Kettle &amp; Leaf</title>', 'https://kl.example/'))).toBe('Kettle & Leaf');
    expect(siteName(home('<title>Sencha brewing guide</title>', 'https://kl.example/sencha'))).toBe('Kl');
  });

  it('falls back to the host name, and never to an IP address', () => {
    expect(siteName(home('', 'https://www.crumb.example/about'))).toBe('Crumb');
    const bare = home('', 'http://127.0.0.1:8080/');
    expect(siteName(bare)).toBe('Website at 127.0.0.1');
    expect(siteName(bare)).not.toMatch(/^\d/);
    expect(siteName(home('<title>Lantern Tea</title>', 'http://127.0.0.1:8080/'))).toBe('Lantern Tea');
    expect(siteName(home('', 'http://localhost:3000/'))).toBe('Website at localhost');
  });

  it('knows addresses from names', () => {
    expect(isAddressHost('127.0.0.1')).toBe(true);
    expect(isAddressHost('localhost')).toBe(true);
    expect(isAddressHost('[::1]')).toBe(true);
    expect(isAddressHost('crumb.example')).toBe(false);
  });
});

describe('profile links (sameAs)', () => {
  it.each([
    'https://www.facebook.com/sharer/sharer.php?u=https://x.example/',
    'http://www.facebook.com/dialog/feed?app_id=58567469885&link=http%3A%2F%2Fwww.bbc.com%2Fnews',
    'https://twitter.com/intent/tweet?text=x',
    'https://twitter.com/share?url=x',
    'https://x.com/home',
    'https://www.linkedin.com/shareArticle?mini=true&url=x',
    'https://pinterest.com/pin/create/button/?url=x',
    'https://api.whatsapp.com/send?text=x',
    'mailto:hello@x.example',
    'https://www.youtube.com/watch?v=abc',
    'https://github.com/citable/engine',
    'https://github.com/features',
    'https://www.instagram.com/p/abc/',
    'https://en.wikipedia.org/wiki/Special:Search',
    'https://www.example.com/about',
  ])('%s is not a profile', (url) => {
    expect(profileUrl(url)).toBeNull();
  });

  it.each([
    ['https://en.wikipedia.org/wiki/BBC_News', 'https://en.wikipedia.org/wiki/BBC_News'],
    ['https://www.wikidata.org/wiki/Q1160945', 'https://www.wikidata.org/wiki/Q1160945'],
    ['https://www.linkedin.com/company/sunny-energy/', 'https://www.linkedin.com/company/sunny-energy'],
    ['https://www.linkedin.com/in/janedoe', 'https://www.linkedin.com/in/janedoe'],
    ['https://twitter.com/sunnyenergy?ref_src=twsrc', 'https://twitter.com/sunnyenergy'],
    ['https://x.com/sunnyenergy', 'https://x.com/sunnyenergy'],
    ['https://www.facebook.com/sunnyenergy/', 'https://www.facebook.com/sunnyenergy'],
    ['https://www.facebook.com/profile.php?id=12345', 'https://www.facebook.com/profile.php?id=12345'],
    ['https://www.instagram.com/bbcnews/', 'https://www.instagram.com/bbcnews'],
    ['https://www.youtube.com/@bbcnews', 'https://www.youtube.com/@bbcnews'],
    ['https://www.youtube.com/channel/UC16niRr50-MSBwiO3YDb3RA', 'https://www.youtube.com/channel/UC16niRr50-MSBwiO3YDb3RA'],
    ['https://github.com/citable', 'https://github.com/citable'],
    ['https://www.crunchbase.com/organization/bbc', 'https://www.crunchbase.com/organization/bbc'],
  ])('%s is a profile', (url, clean) => {
    expect(profileUrl(url)).toBe(clean);
  });

  it('takes only profile links, once each, and never the page\'s own site', () => {
    const model = page(
      `<html><body><footer>
<a href="https://www.facebook.com/sharer/sharer.php?u=https://github.com/">Share</a>
<a href="https://twitter.com/intent/tweet?url=x">Tweet</a>
<a href="https://github.com/citable">GitHub</a>
<a href="https://github.com/citable/">GitHub again</a>
<a href="https://www.linkedin.com/company/citable">LinkedIn</a>
</footer></body></html>`,
      'https://citable.example/',
    );
    expect(profileLinks(model)).toEqual(['https://github.com/citable', 'https://www.linkedin.com/company/citable']);
    // On github.com itself, a github.com link is the site's own page, not a profile elsewhere.
    const onGithub = page('<html><body><a href="https://github.com/citable">Us</a><a href="https://x.com/citable">X</a></body></html>', 'https://github.com/about');
    expect(profileLinks(onGithub)).toEqual(['https://x.com/citable']);
  });
});
