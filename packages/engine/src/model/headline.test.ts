import { describe, expect, it } from 'vitest';
import { buildPageModel } from './build-page-model';
import { isTitleAround } from './metadata';

// The article's title is the headline a reader sees when the declared titles are that headline
// dressed for search or social media (issue 31); the <title> stays the page's SEO title.
const page = (head: string, body: string) => `<!doctype html><html><head>${head}</head><body>${body}<p>${'Words of the article body. '.repeat(12)}</p></body></html>`;
const model = (head: string, body: string) => buildPageModel({ body: page(head, body), format: 'html', url: 'https://example.com/a' });

describe('the visible headline as the article title', () => {
  it('drops a " | Site" suffix that the <title> and og:title carry', () => {
    const m = model('<title>How to Build a Terrarium | eHow</title><meta property="og:title" content="How to Build a Terrarium | eHow">', '<h1>How to Build a Terrarium</h1>');
    expect(m.articleTitle).toBe('How to Build a Terrarium');
    expect(m.title).toBe('How to Build a Terrarium | eHow');
  });

  it('drops a kicker before a colon', () => {
    const m = model('<title>x</title><meta property="og:title" content="Exclusive: Heat pumps keep working at minus twenty">', '<h1>Heat pumps keep working at minus twenty</h1>');
    expect(m.articleTitle).toBe('Heat pumps keep working at minus twenty');
  });

  it('takes the whole headline where the social title is a shortening of it', () => {
    const m = model('<title>Heat pumps keep working…</title><meta property="og:title" content="Heat pumps keep working…">', '<h1>Heat pumps keep working at minus twenty degrees</h1>');
    expect(m.articleTitle).toBe('Heat pumps keep working at minus twenty degrees');
  });

  it('finds the headline among several <h1>: a logo and a menu title are not it', () => {
    const m = model('<title>Radon im Boden: Neue Karte - Bundesamt</title>', '<h1>Navigation und Service</h1><h1>Bundesamt</h1><h1>Radon im Boden: Neue Karte</h1>');
    expect(m.articleTitle).toBe('Radon im Boden: Neue Karte');
  });

  it('keeps the declared title when the heading is the site name or a different text', () => {
    expect(model('<title>Evolve: Shared Mutable History — evolve extension for Mercurial</title>', '<h1>evolve extension for Mercurial</h1>').articleTitle).toBe(
      'Evolve: Shared Mutable History — evolve extension for Mercurial',
    );
    expect(model('<meta property="og:title" content="Heat pumps in winter">', '<h1>Our products</h1>').articleTitle).toBe('Heat pumps in winter');
    expect(model('<title>News | Example</title>', '<h1>News</h1>').articleTitle).toBe('News | Example');
  });
});

describe('isTitleAround', () => {
  it('accepts a shorter part set off by a separator, before or after', () => {
    expect(isTitleAround('how to build a terrarium | ehow', 'how to build a terrarium')).toBe(true);
    expect(isTitleAround('lwn.net weekly edition [lwn.net]', 'lwn.net weekly edition')).toBe(true);
    expect(isTitleAround('exclusive: heat pumps at minus twenty', 'heat pumps at minus twenty')).toBe(true);
  });

  it('refuses a part on both sides, a longer part, or no separator', () => {
    expect(isTitleAround('a | heat pumps at minus twenty | b', 'heat pumps at minus twenty')).toBe(false);
    expect(isTitleAround('a very much longer part than the headline | heat pumps', 'heat pumps')).toBe(false);
    expect(isTitleAround('why heat pumps at minus twenty work', 'heat pumps at minus twenty')).toBe(false);
  });
});
