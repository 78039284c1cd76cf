import { describe, expect, it } from 'vitest';
import { extractPageLinks } from './page-links';

describe('extractPageLinks', () => {
  it('collects http links resolved against <base>, without duplicates or fragments', () => {
    const html = `<html><head><base href="/docs/"><link rel="Canonical" href="intro#x"></head><body>
      <a href="a">A</a><a href="a#frag">A again</a><a href="https://other.example/">other</a>
      <a href="mailto:x@example.com">mail</a><area href="/map"><!-- <a href="/commented"> -->
      <script>const s = '<a href="/in-script">';</script></body></html>`;
    expect(extractPageLinks(html, 'https://example.com/page')).toEqual({
      links: ['https://example.com/docs/a', 'https://other.example/', 'https://example.com/map'],
      canonical: 'https://example.com/docs/intro',
      nofollow: false,
    });
  });

  it('honours robots nofollow, generic or for CitableBot', () => {
    expect(extractPageLinks('<meta name="robots" content="noindex, nofollow">', 'https://example.com/').nofollow).toBe(true);
    expect(extractPageLinks('<meta name="CitableBot" content="none">', 'https://example.com/').nofollow).toBe(true);
    expect(extractPageLinks('<meta name="GPTBot" content="nofollow">', 'https://example.com/').nofollow).toBe(false);
  });
});
