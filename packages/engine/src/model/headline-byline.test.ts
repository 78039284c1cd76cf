import { describe, expect, it } from 'vitest';
import { buildPageModel } from './build-page-model';
import { namesFromByline } from './authors';

// Small pages whose author a reader sees by the headline but no markup names (issue 31): the
// byline is plain text, in English or another language, or a name linked to an author page.
const HEADLINE = 'How heat pumps work in cold climates';
const page = (byline: string, head = '') =>
  `<!doctype html><html><head><title>${HEADLINE} | Example News</title>${head}</head><body>` +
  `<header><a href="/">Example News</a></header><article><h1>${HEADLINE}</h1>${byline}` +
  '<p>Heat pumps move heat rather than make it, which is why they keep working well below freezing in most homes.</p></article>' +
  '<aside class="related"><h3>More stories</h3><a href="/other">Another story</a><p>By Peter Pan</p></aside><footer>© 2024 Example News</footer></body></html>';
const authorOf = (html: string) => {
  const m = buildPageModel({ body: html, format: 'html', url: 'https://news.example.com/heat-pumps' });
  return { authors: m.authors, source: m.authorSource };
};

describe('the byline under the headline, without markup', () => {
  const cases: [string, string, string[]][] = [
    ['"By" in English', '<p>By Jane Doe</p>', ['Jane Doe']],
    ['"By" with a date after it', '<div>By Jane Doe | March 4, 2019</div>', ['Jane Doe']],
    ['a name linked in "By"', '<p>By <a href="/jane">Jane Doe</a></p>', ['Jane Doe']],
    ['"Von" in German', '<p>Von Hans Müller</p>', ['Hans Müller']],
    ['"Par" in French, with the date', '<p>Par Jean Dupont, le 4 mars 2019</p>', ['Jean Dupont']],
    ['"Por" in Spanish', '<p>Por María García</p>', ['María García']],
    ['"作者：" in Chinese', '<p>作者：王小明</p>', ['王小明']],
    ['"文●" in Chinese', '<p>文●王小明</p>', ['王小明']],
    ['"著者：" in Japanese', '<p>著者：山田太郎</p>', ['山田太郎']],
    ['several authors, kept whole', '<p>By Anna Smith, Bob Jones and Carla Diaz</p>', ['Anna Smith', 'Bob Jones', 'Carla Diaz']],
  ];
  for (const [name, byline, authors] of cases) {
    it(`reads ${name}`, () => {
      const got = authorOf(page(byline));
      expect(got.authors).toEqual(authors);
      expect(got.source).toContain('the byline under the headline');
    });
  }

  it('reads "[name，agency]" under a Chinese headline, and not a bracketed note', () => {
    expect(authorOf(page('<p>[王小明，新华社]</p>')).authors).toEqual(['王小明']);
    expect(authorOf(page('<p>【详细内容，请见下文】</p>')).authors).toEqual([]);
  });

  it('reads a name linked to an author page', () => {
    const got = authorOf(page('<div class="meta"><a href="/author/jane-doe">Jane Doe</a> · 4 March 2019</div>'));
    expect(got).toEqual({ authors: ['Jane Doe'], source: 'a link to an author page by the headline' });
  });

  it("takes no author from a related story's byline, from a paragraph that starts with \"By\", or from the headline itself", () => {
    expect(authorOf(page('')).authors).toEqual([]);
    expect(authorOf(page('<p>By the way, most heat pumps sold in Europe today work down to minus twenty degrees, and Jane Doe says so.</p>')).authors).toEqual([]);
    const byHeadline = page('').replaceAll(HEADLINE, 'By Land And Sea');
    expect(authorOf(byHeadline).authors).toEqual([]);
  });
});

describe('organisations and people', () => {
  const abc = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Heat pumps","author":{"@type":"Organization","name":"ABC News"}}</script>';

  it('prefers the reporters the byline names to an organisation the markup gives', () => {
    expect(authorOf(page('<p>By Jane Doe and John Roe</p>', abc)).authors).toEqual(['Jane Doe', 'John Roe']);
  });

  it('keeps the organisation when no byline names a person', () => {
    expect(authorOf(page('', abc))).toEqual({ authors: ['ABC News'], source: 'JSON-LD author' });
  });
});

describe('what a byline holds besides its authors', () => {
  it('leaves out photo, model, make-up and styling credits', () => {
    expect(namesFromByline('By Jane Doe. Photographs by Tom Lee. Makeup by Ann Roe. Model: Sue Poe')).toEqual(['Jane Doe']);
    expect(namesFromByline('By Jane Doe | Photography: Tom Lee | Make-up: Ann Roe | Styling by Kim Loe')).toEqual(['Jane Doe']);
  });

  it('splits "Name, The Publication" and keeps the name', () => {
    expect(namesFromByline('By Jane Doe, The Guardian')).toEqual(['Jane Doe']);
    expect(namesFromByline('Von Hans Müller, Der Spiegel')).toEqual(['Hans Müller']);
    expect(namesFromByline('By Jane Doe, John Roe')).toEqual(['Jane Doe', 'John Roe']);
  });
});
