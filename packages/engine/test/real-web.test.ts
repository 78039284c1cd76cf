import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildPageModel } from '../src/model/build-page-model';
import { countWords, words } from '../src/text/words';

// Pages shaped like the ones that went wrong on real sites never seen by the project (issue 18):
// an article whose roots were chosen above an ASP.NET <form> and came out empty, a GitHub
// repository whose "opening paragraph" was the clone dialog, a video page whose was an advert,
// a Japanese article counted character by character, and interface counters read as facts.
const DIR = fileURLToPath(new URL('./fixtures/real-web/', import.meta.url));
const load = (name: string, url: string) => buildPageModel({ body: readFileSync(`${DIR}${name}`, 'utf8'), format: 'html', url });
const lead = (m: ReturnType<typeof load>) => m.paragraphs[m.leadIndex]?.text;

describe('main content on real-web shapes', () => {
  it('keeps the 23 paragraphs of an article in divs inside an ASP.NET form, without the furniture around them', () => {
    const m = load('cnn-money-article.html', 'https://money.cnn.com/2018/09/26/news/economy/fed-rate-hike/index.html');
    const html = readFileSync(`${DIR}cnn-money-article.html`, 'utf8');
    const expected = [...html.matchAll(/<div class="cnnBodyText"><p>(.*?)<\/p><\/div>/g)].map((match) => match[1].replace(/&amp;/g, '&'));
    expect(expected).toHaveLength(23);
    const texts = m.paragraphs.map((p) => p.text);
    for (const paragraph of expected) expect(texts).toContain(paragraph);
    expect(m.wordCount).toBeGreaterThanOrEqual(expected.reduce((n, p) => n + countWords(p), 0));
    expect(lead(m)).toBe(expected[0]);
    for (const junk of ['Share on Facebook', 'Advertisement', 'Consumer confidence', 'retirement tricks', 'Personal Finance', 'AdChoices', 'Most stock quote data']) {
      expect(m.mainText).not.toContain(junk);
    }
    // "1,284 shares" in the share bar is not a statistic of the article.
    expect(m.statistics.map((s) => s.value)).not.toContain('1,284');
    expect(m.statistics.map((s) => s.value)).toEqual(expect.arrayContaining(['2%', '4.7%', '$100']));
  });

  it("opens a GitHub repository page with the README's first paragraph, not the clone dialog", () => {
    const m = load('github-repository.html', 'https://github.com/acme/tidyfile');
    expect(lead(m)).toMatch(/^tidyfile watches your downloads folder/);
    expect(m.mainText).toContain('Rules live in a small TOML file.');
    expect(m.mainText).toContain('tidyfile is released under the MIT license.');
    for (const junk of ['Use Git or checkout with SVN', 'Download ZIP', 'Open with GitHub Desktop', 'Switch branches', 'Codespaces let you', 'Sign up', 'Languages']) {
      expect(m.mainText).not.toContain(junk);
    }
  });

  it('opens a video page with the description, not the advert placed before it', () => {
    const m = load('video-page.html', 'https://cliphub.example/watch?v=8f3k2');
    expect(lead(m)).toMatch(/^In this video, chef Marta Ruiz shows/);
    expect(m.paragraphs.map((p) => p.text)).toContain('Finish on the fine side with lighter pressure, then strop the edge on a leather belt or a sheet of newspaper to remove the burr.');
    for (const junk of ['Upgrade your kitchen', 'Shop now', 'Knife skills for beginners', 'Finally a video']) expect(m.mainText).not.toContain(junk);
    expect(m.statistics.map((s) => s.value)).toEqual([]);
  });

  it('counts a Japanese article in words, written with <br> around an image, and leaves the sidebar out', () => {
    const m = load('japanese-article.html', 'https://news.example.jp/articles/2024/10/12/kyushoku');
    expect(m.lang).toBe('ja');
    expect(m.paragraphs).toHaveLength(6);
    expect(lead(m)).toMatch(/^東京都は十二日、都内の公立小中学校で来年度から給食費を無償にすると発表した。/);
    expect(m.mainText).not.toContain('ピックアップ');
    expect(m.mainText).not.toContain('パンダ');
    // Words, not characters: about two characters a word, and the dictionary keeps names whole.
    const chars = m.paragraphs.reduce((n, p) => n + p.text.replace(/[\s、。「」]/g, '').length, 0);
    expect(m.wordCount).toBeGreaterThan(chars / 3);
    expect(m.wordCount).toBeLessThan(chars * 0.75);
    expect(words(m.paragraphs[0].text, 'ja')).toContain('東京');
    expect(m.sentences.filter((s) => s.startsWith('対象は約六十万人'))).toHaveLength(1);
    expect(m.sentences.length).toBeGreaterThanOrEqual(10);
  });

  it('finds the statistics of the text and none of the view, vote, time, pagination, rating or share counters', () => {
    const m = load('furniture-counters.html', 'https://forum.example.com/r/ebikes/comments/abc');
    expect(m.statistics.map((s) => s.value)).toEqual(['40 km', '118 km', '87 km', '$1,299', '6 hours']);
    expect(m.mainText).toContain('14,358 views');
  });
});
