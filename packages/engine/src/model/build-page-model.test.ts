import { describe, expect, it } from 'vitest';
import { buildPageModel } from './build-page-model';
import { detectFormat } from './detect-format';

describe('page model', () => {
  it('removes boilerplate and keeps the main content', () => {
    const m = buildPageModel({
      format: 'html',
      url: 'https://example.com/a',
      body: `<html><body><nav><a href="/">Home</a><a href="/about">About us and our long history of doing things</a></nav>
        <div class="sidebar"><p>Subscribe to our newsletter, follow us, share this, and read more of everything we have, today and always.</p></div>
        <article><h1>Title</h1><p>The first paragraph of the article has enough words, commas, and detail to be scored as content.</p>
        <p>The second paragraph continues the story with more words, more commas, and more detail about the subject.</p></article>
        <footer><p>Copyright, all rights reserved, terms, privacy, cookies, and other legal text.</p></footer></body></html>`,
    });
    expect(m.paragraphs.map((p) => p.text)).toEqual([
      'The first paragraph of the article has enough words, commas, and detail to be scored as content.',
      'The second paragraph continues the story with more words, more commas, and more detail about the subject.',
    ]);
    expect(m.links.find((l) => l.href === '/about')).toMatchObject({ internal: true, inMain: false, url: 'https://example.com/about' });
  });

  it('parses JSON-LD with errors, @graph and nested nodes', () => {
    const m = buildPageModel({
      format: 'html',
      body: `<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Article","headline":"H","publisher":{"@type":"Organization","name":"O"}}]}</script>
        <script type="application/ld+json">{ broken </script>`,
    });
    expect(m.jsonLd[0].nodes[0]['@type']).toBe('Article');
    expect(m.jsonLd[1].error).toBeTruthy();
    expect(m.jsonLdNodes.map((n) => n['@type'])).toEqual(['Article', 'Organization']);
  });

  it('reads dates, author, robots and lang', () => {
    const m = buildPageModel({
      format: 'html',
      headers: { 'x-robots-tag': 'nosnippet' },
      body: `<html lang="de"><head><meta property="article:published_time" content="2024-01-02T10:00:00+01:00"><meta name="author" content="By Erika Muster"><meta name="robots" content="noindex"></head><body><time datetime="2024-05-01" itemprop="dateModified">1 May</time></body></html>`,
    });
    expect(m.dates.publishedAt).toBe('2024-01-02T10:00:00.000+01:00');
    expect(m.author).toBe('Erika Muster');
    expect(m.lang).toBe('de');
    expect(m.robots).toMatchObject({ noindex: true, nosnippet: true });
  });

  it('finds statistics, quotations, citations and question answers', () => {
    const m = buildPageModel({
      format: 'html',
      url: 'https://example.com/x',
      body: `<main><h2>What is the market size?</h2><p>The market grew 12% to $4.2 billion in 2024, according to <a href="https://www.census.gov/data">census data</a>.</p>
        <p>"This is the fastest growth we have seen in a decade," said Ana Ruiz, chief economist at the bureau.</p></main>`,
    });
    expect(m.statistics[0].value).toBe('12%');
    expect(m.quotations).toEqual([expect.objectContaining({ kind: 'inline', attributed: true })]);
    expect(m.citations.map((c) => c.host)).toEqual(['census.gov']);
    expect(m.answers[0]).toMatchObject({ question: 'What is the market size?', answerWordCount: 13 });
  });

  it('reads the question of an accordion heading from the button inside it, and its answer', () => {
    const m = buildPageModel({
      format: 'html',
      body: `<main><h1>FAQ</h1><div><h3><button type="button" aria-expanded="false">How long does setup take?<svg><path d="m6 9 6 6 6-6"></path></svg></button></h3>
        <div role="region">Setup takes about five minutes: add your site, confirm it and run the first audit.</div></div>
        <p>Press <button>Subscribe</button> to get news.</p></main>`,
    });
    expect(m.headings.map((h) => h.text)).toEqual(['FAQ', 'How long does setup take?']);
    expect(m.answers[0]).toMatchObject({ question: 'How long does setup take?', answer: 'Setup takes about five minutes: add your site, confirm it and run the first audit.' });
    // Outside headings a button is still interface, not prose.
    expect(m.paragraphs.at(-1)?.text).toBe('Press to get news.');
  });

  it('counts a quotation as attributed by a figcaption, an author-date citation or a reporting verb', () => {
    const quote = '"Through rigorous evaluation, we demonstrate that the method can boost visibility in responses."';
    const model = (body: string) => buildPageModel({ format: 'html', body: `<main><h1>Quotes</h1>${body}</main>` }).quotations;
    expect(model(`<figure><blockquote><p>${quote}</p></blockquote><figcaption>Aggarwal and colleagues, KDD 2024</figcaption></figure>`)).toEqual([expect.objectContaining({ kind: 'blockquote', attributed: true })]);
    expect(model(`<blockquote><p>${quote} (Aggarwal et al., KDD 2024)</p></blockquote>`)).toEqual([expect.objectContaining({ kind: 'blockquote', attributed: true })]);
    expect(model(`<p>The study is clear: ${quote} (Smith, 2020).</p>`)).toEqual([expect.objectContaining({ kind: 'inline', attributed: true })]);
    expect(model(`<p>As the proposal puts it, ${quote}</p>`)).toEqual([expect.objectContaining({ kind: 'inline', attributed: true })]);
    // No source named: a blockquote alone, a figure without a caption, a parenthesis without a name or year.
    expect(model(`<blockquote><p>${quote}</p></blockquote>`)).toEqual([expect.objectContaining({ attributed: false })]);
    expect(model(`<figure><blockquote><p>${quote}</p></blockquote></figure>`)).toEqual([expect.objectContaining({ attributed: false })]);
    expect(model(`<p>We heard this: ${quote} (see below).</p>`)).toEqual([expect.objectContaining({ attributed: false })]);
  });

  it('converts Markdown and plain text to the same model', () => {
    const md = buildPageModel({ format: 'markdown', body: '# Guide\n\n## Why does it matter?\n\nIt matters because **people** ask.\n\n- one\n- two\n- three\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\n[source](https://example.org)' });
    expect(md.headings.map((h) => h.text)).toEqual(['Guide', 'Why does it matter?']);
    expect(md.title).toBe('Guide');
    expect(md.lists[0].items).toEqual(['one', 'two', 'three']);
    expect(md.tables[0]).toMatchObject({ rows: 3, columns: 2, hasHeader: true });
    expect(md.links[0].url).toBe('https://example.org');
    const text = buildPageModel({ format: 'text', body: 'Solar basics\n\nPanels make power from light.\n\nHow long do they last?\n\nAbout 25 years.' });
    expect(text.headings.map((h) => h.level)).toEqual([1, 2]);
    expect(text.answers[0]).toMatchObject({ question: 'How long do they last?', answer: 'About 25 years.' });
  });

  it('detects the format of pasted content', () => {
    expect(detectFormat('<p>Hello</p><p>World</p>')).toBe('html');
    expect(detectFormat('# Title\n\nSome text')).toBe('markdown');
    expect(detectFormat('Just some words. And more.')).toBe('text');
  });

  it('computes entities lazily with compromise', () => {
    const m = buildPageModel({ format: 'text', body: 'Barack Obama visited Paris with officials from Microsoft in 2016. Obama spoke about climate policy.' });
    const names = m.entities.map((e) => `${e.type}:${e.text.toLowerCase()}`);
    expect(names).toEqual(expect.arrayContaining(['person:barack obama', 'place:paris']));
  });

  it('survives empty, malformed and deeply nested input', () => {
    for (const body of ['', '   ', '<<<>>>&#xZZ;\u0000', `${'<div>'.repeat(20000)}deep${'</div>'.repeat(20000)}`, `${'> '.repeat(5000)}quote`]) {
      expect(() => buildPageModel({ body })).not.toThrow();
    }
  });
});
