import { describe, expect, it } from 'vitest';
import { buildPageModel } from './build-page-model';
import type { PageModel } from './types';
import { authorAttribution } from '../checks/author-attribution';
import { publicationDate } from '../checks/publication-date';
import { citedSources } from '../checks/cited-sources';
import { internalLinks } from '../checks/internal-links';
import { modificationDate } from '../checks/modification-date';
import type { Check, CheckResult } from '../checks/types';
import { articlePage, BYLINES, EMBEDS, ld, LINKS, SITE_URL } from '../../test/fixtures/metadata-pages';

const model = (html: string, url: string | null = SITE_URL): PageModel => buildPageModel({ body: html, format: 'html', url });
const run = <O extends object>(check: Check<O>, m: PageModel): CheckResult => check.run(m, null, check.defaultOptions, { now: Date.parse('2025-01-01') });
const scoreOf = (r: CheckResult) => (r.applicable ? r.score : null);

describe('authors on real pages', () => {
  for (const { name, header, authors } of BYLINES) {
    it(`reads ${name}`, () => {
      const m = model(articlePage({ header }));
      expect(m.authors).toEqual(authors);
      expect(m.author).toBe(authors.length > 0 ? authors.join(', ') : null);
    });
  }

  it('gives no marks for a byline that names no one, and says what it read', () => {
    for (const header of ['<div class="byline">By</div>', '<span class="byline">April 15, 2019 6:18am</span>']) {
      const m = model(articlePage({ header }));
      const r = run(authorAttribution, m);
      expect(scoreOf(r)).toBe(0);
      expect(r.explanation).toContain('names no one');
      expect(r.explanation).toContain(m.rejectedAuthor!.value);
      expect(m.rejectedAuthor?.source).toBe('byline in the page');
    }
  });

  it('names every author and where they were read in the check', () => {
    const r = run(authorAttribution, model(articlePage({ header: BYLINES.find((b) => b.authors.length === 2)!.header })));
    expect(r).toMatchObject({ applicable: true, score: 1 });
    expect(r.explanation).toBe('Authors: Jane Doe, John Roe (from the byline in the page).');
  });

  it('does not take the author from an embedded tweet, a comment or a related-stories list', () => {
    const m = model(articlePage({ after: EMBEDS }));
    expect(m.authors).toEqual([]);
    expect(m.dates.publishedAt).toBeNull();
    const withByline = model(articlePage({ header: '<p class="byline">By Rhea Porter</p>', after: EMBEDS }));
    expect(withByline.authors).toEqual(['Rhea Porter']);
  });

  it('does not take a photo credit in a figure for the author', () => {
    const m = model(articlePage({ header: '<figure><img src="a.jpg" alt=""><figcaption><span class="author">Photo Agency Person</span></figcaption></figure>' }));
    expect(m.authors).toEqual([]);
  });

  describe('JSON-LD', () => {
    const withLd = (author: unknown, extra: Record<string, unknown> = {}) =>
      model(articlePage({ head: ld({ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'Council approves budget', author, ...extra }) }));

    it('reads a string, an object, an array, and cleans "By"', () => {
      expect(withLd('By Jane Doe').authors).toEqual(['Jane Doe']);
      expect(withLd({ '@type': 'Person', name: 'Jane Doe' }).authors).toEqual(['Jane Doe']);
      expect(withLd([{ '@type': 'Person', name: 'Jane Doe' }, { '@type': 'Person', name: 'John Roe' }, 'Ann Poe']).authors).toEqual(['Jane Doe', 'John Roe', 'Ann Poe']);
      expect(withLd({ '@type': 'Person', givenName: 'Jane', familyName: 'Doe' }).authors).toEqual(['Jane Doe']);
      expect(withLd('By Jane Doe').authorSource).toBe('JSON-LD author');
    });

    it('accepts a declared Organization of one word, not a Person or a string of one word', () => {
      expect(withLd({ '@type': 'Organization', name: 'Reuters' }).authors).toEqual(['Reuters']);
      expect(withLd({ '@type': 'NewsMediaOrganization', name: 'Reuters' }).authors).toEqual(['Reuters']);
      expect(withLd({ '@type': 'Person', name: 'Reuters' }).authors).toEqual([]);
      expect(withLd('Reuters').authors).toEqual([]);
    });

    it('refuses a URL, a handle and a generic credit', () => {
      expect(withLd('https://example-news.com/author/jane').authors).toEqual([]);
      expect(withLd('@janedoe').authors).toEqual([]);
      expect(withLd({ '@type': 'Person', name: 'Staff' }).authors).toEqual([]);
    });

    it('follows @id references inside @graph', () => {
      const m = model(
        articlePage({
          head: ld({
            '@context': 'https://schema.org',
            '@graph': [
              { '@type': 'Article', '@id': '#article', headline: 'Council approves budget', author: { '@id': 'https://example-news.com/#/person/1' }, datePublished: '2016-08-10T11:15:53+02:00' },
              { '@type': 'Person', '@id': 'https://example-news.com/#/person/1', name: 'Jane Doe' },
            ],
          }),
        }),
      );
      expect(m.authors).toEqual(['Jane Doe']);
      expect(m.dates.publishedAt).toBe('2016-08-10T11:15:53.000+02:00');
      expect(m.dates.publishedSource).toBe('JSON-LD datePublished');
    });

    it('does not take the author of a review or a comment node', () => {
      const m = model(articlePage({ head: ld({ '@context': 'https://schema.org', '@type': 'Review', author: { '@type': 'Person', name: 'Some Reviewer' } }) }));
      expect(m.authors).toEqual([]);
    });
  });

  describe('meta tags', () => {
    const withMeta = (tags: string) => model(articlePage({ head: tags }));

    it('reads author, dc.creator, parsely-author, sailthru.author and byl, cleaning "By"', () => {
      expect(withMeta('<meta name="author" content="Jane Doe">').authors).toEqual(['Jane Doe']);
      expect(withMeta('<meta name="DC.creator" content="Jane Doe">').authorSource).toBe('meta dc.creator');
      expect(withMeta('<meta name="parsely-author" content="Jane Doe">').authorSource).toBe('meta parsely-author');
      expect(withMeta('<meta name="sailthru.author" content="Jane Doe">').authorSource).toBe('meta sailthru.author');
      expect(withMeta('<meta name="byl" content="By JANE DOE and JOHN ROE">').authors).toEqual(['JANE DOE', 'JOHN ROE']);
    });

    it('reads article:author only when it is not a URL, and every citation_author', () => {
      expect(withMeta('<meta property="article:author" content="https://www.facebook.com/janedoe">').authors).toEqual([]);
      expect(withMeta('<meta property="article:author" content="Jane Doe">').authors).toEqual(['Jane Doe']);
      expect(withMeta('<meta name="citation_author" content="Doe, Jane"><meta name="citation_author" content="Roe, John">').authors).toEqual(['Jane Doe', 'John Roe']);
    });

    it('falls through a meta that names no one to the byline', () => {
      const m = model(articlePage({ head: '<meta name="author" content="admin">', header: '<p class="byline">By Jane Doe</p>' }));
      expect(m.authors).toEqual(['Jane Doe']);
      expect(m.authorSource).toBe('byline in the page');
      expect(m.rejectedAuthor).toBeNull();
    });

    it('reads the author and date of the parsely-page JSON', () => {
      const m = withMeta(`<meta name="parsely-page" content='{"title":"x","author":"Dan Goodin","pub_date":"2015-04-16T20:02:01Z"}'>`);
      expect(m.authors).toEqual(['Dan Goodin']);
      expect(m.dates.publishedAt).toBe('2015-04-16T20:02:01.000Z');
      expect(m.dates.publishedSource).toBe('meta parsely-page');
    });
  });

  it('prefers the site name check over a pass when the only author is the site', () => {
    const m = model(articlePage({ head: '<meta property="og:site_name" content="The Daily Example"><meta name="author" content="The Daily Example">' }));
    expect(scoreOf(run(authorAttribution, m))).toBe(0.6);
  });
});

describe('dates on real pages', () => {
  it('reads <time datetime> in the byline and keeps its zone, and says so', () => {
    const m = model(articlePage({ header: '<p class="byline">Valentina Palladino - <time datetime="2016-08-10T11:15:53+02:00">Aug 10, 2016 11:15 am</time></p>' }));
    expect(m.dates.publishedAt).toBe('2016-08-10T11:15:53.000+02:00');
    expect(m.dates.publishedSource).toBe('<time datetime> in the article header or byline');
    const r = run(publicationDate, m);
    expect(r).toMatchObject({ applicable: true, score: 1 });
    expect(r.explanation).toBe('Published 2016-08-10 (from <time datetime> in the article header or byline).');
  });

  it('prefers a <time> marked as published, and keeps comment, related and masthead times out', () => {
    const marked = model(articlePage({ header: '<time datetime="2019-01-01T00:00:00Z" class="updated">Jan 1</time> <time itemprop="datePublished" datetime="2018-12-24T08:00:00-05:00">Dec 24</time>' }));
    expect(marked.dates.publishedAt).toBe('2018-12-24T08:00:00.000-05:00');
    expect(marked.dates.publishedSource).toBe('<time datetime> marked as the publication date');
    expect(marked.dates.modifiedAt).toBe('2019-01-01T00:00:00.000Z');
    const pubdate = model(articlePage({ after: '<time pubdate datetime="2018-12-24">Dec 24</time>' }));
    expect(pubdate.dates.publishedAt).toBe('2018-12-24T00:00:00.000Z');
    // The masthead's date comes before the article; the comment and related-story times are not the article's.
    const masthead = model(articlePage({ outside: '<div class="masthead"><time datetime="2025-06-01">Sunday</time></div>', after: `${EMBEDS}<p>Filed <time datetime="2019-04-01T09:00:00Z">April 1</time></p>` }));
    expect(masthead.dates.publishedAt).toBe('2019-04-01T09:00:00.000Z');
    expect(masthead.dates.publishedSource).toBe('<time datetime> in the article');
  });

  it('reads microdata datePublished from content or datetime', () => {
    const span = model(articlePage({ header: '<div itemscope itemtype="https://schema.org/Article"><span itemprop="datePublished" content="2017-07-27">July 27</span></div>' }));
    expect(span.dates).toMatchObject({ publishedAt: '2017-07-27T00:00:00.000Z', publishedSource: 'microdata datePublished' });
    const m = model(`<div itemscope itemtype="https://schema.org/NewsArticle"><h1>T</h1><time itemprop="datePublished" datetime="2019-02-21T08:00:08-05:00">Feb 21</time><meta itemprop="dateModified" content="2019-02-22T12:00:00Z"></div>`);
    expect(m.dates).toMatchObject({ publishedAt: '2019-02-21T08:00:08.000-05:00', modifiedAt: '2019-02-22T12:00:00.000Z', modifiedSource: 'microdata dateModified' });
  });

  it('reads the usual date meta tags, naming the one read', () => {
    const cases: [string, string][] = [
      ['<meta property="article:published_time" content="2016-12-22T18:47:00-05:00">', 'meta article:published_time'],
      ['<meta property="og:article:published_time" content="2016-12-22T18:47:00-05:00">', 'meta og:article:published_time'],
      ['<meta name="date" content="2016-12-22T18:47:00-05:00">', 'meta date'],
      ['<meta name="pubdate" content="2016-12-22T18:47:00-05:00">', 'meta pubdate'],
      ['<meta name="DC.date.issued" content="2016-12-22T18:47:00-05:00">', 'meta dc.date.issued'],
      ['<meta name="sailthru.date" content="2016-12-22T18:47:00-05:00">', 'meta sailthru.date'],
      ['<meta name="parsely-pub-date" content="2016-12-22T18:47:00-05:00">', 'meta parsely-pub-date'],
      ['<meta name="citation_publication_date" content="2016/12/22">', 'meta citation_publication_date'],
      ['<meta name="dcterms.created" content="2016-12-22T18:47:00-05:00">', 'meta dcterms.created'],
    ];
    for (const [tag, source] of cases) {
      const m = model(articlePage({ head: tag }));
      expect(m.dates.publishedAt?.slice(0, 10), tag).toBe('2016-12-22');
      expect(m.dates.publishedSource, tag).toBe(source);
    }
  });

  it('reads JSON-LD dateCreated and uploadDate when there is no datePublished', () => {
    expect(model(articlePage({ head: ld({ '@context': 'https://schema.org', '@type': 'Article', dateCreated: '2020-05-05' }) })).dates.publishedSource).toBe('JSON-LD dateCreated');
    const video = model(articlePage({ head: ld({ '@context': 'https://schema.org', '@type': 'VideoObject', name: 'Clip', uploadDate: '2020-05-06T10:00:00+01:00' }) }));
    expect(video.dates).toMatchObject({ publishedAt: '2020-05-06T10:00:00.000+01:00', publishedSource: 'JSON-LD uploadDate' });
  });

  it('reads a date written in the byline, and an "Updated" one as the modification date', () => {
    const m = model(articlePage({ header: '<div class="article-byline">Published: Dec. 22, 2016, 6:47 p.m. EST | Updated: Dec. 23, 2016, 9:00 a.m. EST</div>' }));
    expect(m.dates.publishedAt).toBe('2016-12-22T18:47:00.000-05:00');
    expect(m.dates.publishedSource).toBe('the byline text "Dec. 22, 2016, 6:47 p.m. EST"');
    expect(m.dates.modifiedAt).toBe('2016-12-23T09:00:00.000-05:00');
    const dateline = model(articlePage({ header: '<p class="post-date">Wednesday, May 8, 2016</p>' }));
    expect(dateline.dates.publishedAt).toBe('2016-05-08T00:00:00.000Z');
  });

  it('reads a dated URL, the page URL first, then the canonical', () => {
    const m = model(articlePage(), 'https://example-news.com/2016/08/10/council-budget/');
    expect(m.dates.publishedAt).toBe('2016-08-10T00:00:00.000Z');
    expect(m.dates.publishedSource).toBe('the date in the URL (/2016/08/10)');
    const local = model(articlePage({ head: '<link rel="canonical" href="https://example-news.com/news/2015-03-18-council-budget">' }), null);
    expect(local.dates.publishedAt).toBe('2015-03-18T00:00:00.000Z');
  });

  it('explains what was looked at when nothing gave a date, and what could not be read', () => {
    const none = run(publicationDate, model(articlePage()));
    expect(scoreOf(none)).toBe(0);
    expect(none.explanation).toContain('no <time> element in the article or its byline');
    expect(none.explanation).toContain('no date in the URL');
    const unreadable = model(articlePage({ head: '<meta property="article:published_time" content="sometime last week"><meta property="article:modified_time" content="2020-01-02T03:04:05Z">' }));
    expect(unreadable.dates.unreadable).toEqual([{ value: 'sometime last week', source: 'meta article:published_time' }]);
    const r = run(publicationDate, unreadable);
    expect(r.explanation).toContain('The meta article:published_time holds "sometime last week", which is not a date.');
    expect(r.explanation).toContain('Only a modification date is declared (2020-01-02, from meta article:modified_time).');
    expect(run(modificationDate, unreadable).explanation).toBe('Last modified 2020-01-02 (from meta article:modified_time).');
  });
});

describe('site identity and sources on real pages', () => {
  it('counts the site\'s own hosts as internal and never as sources, and leaves interface links out', () => {
    const m = model(articlePage({ after: LINKS }));
    expect(m.citations.map((c) => c.host)).toEqual(['census.gov', 'doi.org']);
    const internal = m.links.filter((l) => l.inMain && l.internal && !l.furniture).map((l) => l.text);
    expect(internal).toEqual(['Politics', 'history of the council', 'housing plan', 'live blog of the vote']);
    const furniture = m.links.filter((l) => l.furniture).map((l) => l.text);
    expect(furniture).toEqual(['Jane Doe', 'Créer un compte', 'Next (SHIFT+n)', 'Share', 'Tweet', 'Sign in']);
  });

  it('reports the sources and what it did not count in the cited-sources check', () => {
    const r = run(citedSources, model(articlePage({ after: LINKS })));
    expect(r.applicable).toBe(true);
    expect(r.explanation).toContain('The content links to 2 external source(s)');
    expect(r.explanation).toContain("Not counted: 4 link(s) to the site's own pages and 6 interface link(s)");
    expect(r.applicable && r.details?.map((d) => d.value)).toEqual(['https://www.census.gov/data/tables.html', 'https://doi.org/10.1000/xyz123']);
  });

  it('counts related pages, not interface links, in internal-links', () => {
    const r = run(internalLinks, model(articlePage({ after: LINKS })));
    expect(r).toMatchObject({ applicable: true, score: 1, explanation: 'The content links to 4 internal page(s).' });
  });

  it('takes the site from the canonical or og:url when a local file is audited', () => {
    const canonical = model(articlePage({ head: '<link rel="canonical" href="https://www.example-news.com/politics/council-budget">', after: LINKS }), null);
    expect(canonical.citations.map((c) => c.host)).toEqual(['census.gov', 'doi.org']);
    const og = model(articlePage({ head: '<meta property="og:url" content="https://example-news.com/politics/council-budget">', after: LINKS }), 'file:///home/me/page.html');
    expect(og.citations.map((c) => c.host)).toEqual(['census.gov', 'doi.org']);
    // Without any of them, another site's links are all that can be told apart: every absolute link counts.
    const nothing = model(articlePage({ after: LINKS }), null);
    expect(nothing.citations.map((c) => c.host)).toContain('example-news.com');
  });
});
