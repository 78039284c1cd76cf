import { describe, expect, it } from 'vitest';
import { buildPageModel } from './build-page-model';

// Small pages that state their date only in the visible text, the way many real sites do
// (German, French, Chinese news and association pages), with the dates a reader must not take:
// a footer's copyright, a comment's, a related story's, an update's.
const page = (body: string, head = '<title>Radon im Boden: Neue Karte | Amt</title>') =>
  `<!doctype html><html lang="de"><head>${head}</head><body>${body}</body></html>`;
const published = (html: string, url: string | null = 'https://example.org/presse/radon') => {
  const m = buildPageModel({ body: html, format: 'html', url });
  return { day: m.dates.publishedAt?.slice(0, 10) ?? null, source: m.dates.publishedSource };
};
const ARTICLE = '<p>Das Amt hat eine neue Karte veröffentlicht, die zeigt, wo Radon aus dem Boden austritt und wie hoch die Werte sind.</p>';

describe('the date written by the headline', () => {
  it('reads a numeric date in an unmarked line under the headline', () => {
    const got = published(page(`<main><h1>Radon im Boden: Neue Karte</h1><div class="docData"><span>Datum</span> <span>25.01.2022</span></div>${ARTICLE}</main>`));
    expect(got.day).toBe('2022-01-25');
    expect(got.source).toContain('25.01.2022');
  });

  it('reads a dateline above the headline', () => {
    expect(published(page(`<main><span class="metadata">Bonn, 11.10.2021</span><h1>Radon im Boden: Neue Karte</h1>${ARTICLE}</main>`)).day).toBe('2021-10-11');
  });

  it('reads dates written in words in French and in Chinese', () => {
    const fr = page(`<h1>Les privatisations</h1><div class="publication"> jeudi 13 juin 2019</div>${ARTICLE}`, '<title>Les privatisations - Attac</title>');
    expect(published(fr).day).toBe('2019-06-13');
    const zh = page(`<h1>新的地图</h1><div>作者：王小明　2019年03月04日 12:00</div>${ARTICLE}`, '<title>新的地图_新闻</title>');
    expect(published(zh).day).toBe('2019-03-04');
  });

  it('takes the headline the titles repeat, not a navigation <h1> before it', () => {
    const html = page(
      `<h1>Navigation und Service</h1><nav><a href="/">Start</a></nav><p>Heute ist der 07.12.2026.</p><div><span>Bonn, 11.10.2021</span><h1>Radon im Boden: Neue Karte</h1></div>${ARTICLE}`,
    );
    expect(published(html).day).toBe('2021-10-11');
  });

  it('reads the meta line beside a headline that sits in a block classed as a teaser', () => {
    const html = page(
      `<div class="beitrag"><div class="teaser_text_meta"><a href="/autor/grimm">Peter Grimm</a> / 07.11.2023 / 09:30</div><div class="teaser_blog_text"><h2>Radon im Boden: Neue Karte</h2>${ARTICLE}</div></div>` +
        '<div class="teaser"><div class="teaser_text_meta">01.01.2023</div><h2>Eine andere Meldung</h2></div>',
    );
    expect(published(html).day).toBe('2023-11-07');
  });

  it('skips an update line for the publication date after it', () => {
    expect(published(page(`<h1>Radon im Boden: Neue Karte</h1><p>Aktualisiert am 02.02.2022 · Erschienen 25.01.2022</p>${ARTICLE}`)).day).toBe('2022-01-25');
  });

  it('takes no date from a footer, a comment, a related story or a caption', () => {
    const html = page(
      `<h1>Radon im Boden: Neue Karte</h1><figure><img src="a.jpg"><figcaption>Foto vom 03.03.2020</figcaption></figure>${ARTICLE}` +
        '<div class="comments"><p>Gast, 05.05.2022</p></div><aside><a href="/x">Andere Meldung, 06.06.2022</a></aside><div class="related-posts"><p>07.07.2022</p></div><footer>© 2022 Amt, Stand 08.08.2022</footer>',
    );
    expect(published(html).day).toBeNull();
  });

  it('refuses a year before the web as a page date: a history told in the text', () => {
    expect(published(page(`<h1>Radon im Boden: Neue Karte</h1><p>Am 26.04.1986 explodierte der Reaktor.</p>`)).day).toBeNull();
  });

  it('ranks below the address', () => {
    expect(published(page(`<h1>Radon im Boden: Neue Karte</h1><p>25.01.2022</p>${ARTICLE}`), 'https://example.org/2022/01/20/radon').day).toBe('2022-01-20');
  });
});

describe('the date line by the headline against the markup', () => {
  const marked = (body: string, url: string | null = 'https://example.org/presse/radon') =>
    published(page(body, '<title>Radon</title><meta property="article:published_time" content="2022-01-24T09:00:00+01:00">'), url);

  it('takes the day a date line under the headline shows over a hidden markup date on another day, and says so', () => {
    const got = marked(`<h1>Radon im Boden: Neue Karte</h1><p class="meta">Berlin, 25.01.2022</p>${ARTICLE}`);
    expect(got.day).toBe('2022-01-25');
    expect(got.source).toContain('25.01.2022');
    expect(got.source).toContain('meta article:published_time (2022-01-24)');
  });

  it('keeps the markup, with its time, when the date line shows the same day', () => {
    const html = page(`<h1>Radon im Boden: Neue Karte</h1><p>24.01.2022</p>${ARTICLE}`, '<title>Radon</title><meta property="article:published_time" content="2022-01-24T09:00:00+01:00">');
    const m = buildPageModel({ body: html, format: 'html', url: null });
    expect(m.dates.publishedAt).toBe('2022-01-24T09:00:00.000+01:00');
    expect(m.dates.publishedSource).toBe('meta article:published_time');
  });

  it('keeps the markup for a date in a sentence, not a date line', () => {
    expect(marked(`<h1>Radon im Boden: Neue Karte</h1><p>Dieser Artikel ist ursprünglich am 25. Januar 2022 erschienen.</p>${ARTICLE}`).day).toBe('2022-01-24');
  });

  it('keeps the markup for a date line far below the headline', () => {
    expect(marked(`<h1>Radon im Boden: Neue Karte</h1>${ARTICLE}${ARTICLE}<p>25.01.2022</p>`).day).toBe('2022-01-24');
  });

  it('keeps the markup when the date line is its day read the other way round', () => {
    const html = page(`<h1>Radon im Boden: Neue Karte</h1><p>01/11/2021</p>${ARTICLE}`, '<title>Radon</title><meta property="article:published_time" content="2021-11-01T09:00:00+01:00">');
    expect(published(html).day).toBe('2021-11-01');
  });

  it('keeps the markup that an address dated to the month agrees with', () => {
    expect(marked(`<h1>Radon im Boden: Neue Karte</h1><p>25.02.2022</p>${ARTICLE}`, 'https://example.org/2022/01/radon/').day).toBe('2022-01-24');
    // The address's month on the shown date's side: the shown date stands.
    expect(marked(`<h1>Radon im Boden: Neue Karte</h1><p>25.01.2022</p>${ARTICLE}`, 'https://example.org/2022/01/radon/').day).toBe('2022-01-25');
  });

  it('does not take a date hidden by its class as shown', () => {
    expect(marked(`<h1>Radon im Boden: Neue Karte</h1><time class="hidden">2022-01-25 14:15:57</time><p class="sr-only">25.01.2022</p>${ARTICLE}`).day).toBe('2022-01-24');
  });
});

describe('a date the page labels as published', () => {
  it('reads "Erschienen am", "Publié le" and "Dieser Artikel wurde am" far from the headline when nothing else dates the page', () => {
    const far = `${ARTICLE.repeat(12)}`;
    const got = published(page(`<h1>Radon im Boden: Neue Karte</h1>${far}<p>Letzte Änderung: 31.10.2023<br>Erschienen am: 01.11.2023</p>`));
    expect(got.day).toBe('2023-11-01');
    expect(got.source).toContain('Erschienen am: 01.11.2023');
    expect(published(page(`<h1>Radon</h1>${far}<p>Publié le 29 juin 2019</p>`)).day).toBe('2019-06-29');
    expect(published(page(`<h1>Radon</h1>${far}<p>Dieser Artikel wurde am 14. Dezember 2015 um 14:48 veröffentlicht.</p>`)).day).toBe('2015-12-14');
    // Label and date in elements of their own, as a credits list writes them.
    expect(published(page(`<h1>Radon</h1>${far}<ul><li><p>Mise en ligne</p><p>23 mai 2019</p></li></ul>`)).day).toBe('2019-05-23');
  });

  it('takes no unlabelled date, and no labelled one in comments, related stories or footers', () => {
    const far = `${ARTICLE.repeat(12)}`;
    expect(published(page(`<h1>Radon</h1>${far}<p>Am 01.11.2023 kamen viele.</p>`)).day).toBeNull();
    expect(published(page(`<h1>Radon</h1>${far}<div class="comments"><p>Veröffentlicht am 02.11.2023</p></div><aside>Published on 03.11.2023</aside><footer>Erschienen am 04.11.2023</footer>`)).day).toBeNull();
  });

  it('needs the date right after the label', () => {
    const far = `${ARTICLE.repeat(12)}`;
    expect(published(page(`<h1>Radon</h1>${far}<p>Veröffentlicht wurde die Karte vom Amt für Strahlenschutz im Jahr 01.11.2023</p>`)).day).toBeNull();
    // Other words between the label and a date close by: a sentence, not a label.
    expect(published(page(`<h1>Radon</h1>${far}<p>Erschienen sind drei Bände, zuletzt 01.11.2023.</p>`)).day).toBeNull();
  });
});

describe('slashed dates by the page language', () => {
  it('reads "03/04/2019" month first on an English page and day first on a German one, in a byline too', () => {
    const byline = (lang: string) =>
      `<!doctype html><html lang="${lang}"><head><title>Heat pumps</title></head><body><h1>Heat pumps</h1><p class="byline">Jane Doe · 03/04/2019</p>${ARTICLE}</body></html>`;
    expect(published(byline('en-US')).day).toBe('2019-03-04');
    expect(published(byline('de')).day).toBe('2019-04-03');
  });
});

describe('the date in the address against the markup', () => {
  it("prefers the address's day when the markup's falls on another day, and says so", () => {
    const html = page(ARTICLE, '<title>Fentanyl</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Fentanyl","datePublished":"2023-11-09T01:49:09Z"}</script>');
    const got = published(html, 'https://www.example-news.com/2023/11/08/fentanyl-story/');
    expect(got.day).toBe('2023-11-08');
    expect(got.source).toContain('2023/11/08');
    expect(got.source).toContain('JSON-LD datePublished');
  });

  it('keeps the markup when it agrees with the address', () => {
    const html = page(ARTICLE, '<title>Fentanyl</title><meta property="article:published_time" content="2023-11-08T09:00:00-08:00">');
    expect(buildPageModel({ body: html, format: 'html', url: 'https://www.example-news.com/2023/11/08/fentanyl-story/' }).dates.publishedAt).toBe('2023-11-08T09:00:00.000-08:00');
  });
});
