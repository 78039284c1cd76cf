import { describe, expect, it } from 'vitest';
import { parseDocument } from 'htmlparser2';
import { buildPageModel } from './build-page-model';
import { collectDocument } from './collect-document';
import { countCommas } from './main-content';

const page = (body: string, lang = 'en') => buildPageModel({ body: `<!doctype html><html lang="${lang}"><head><title>T</title></head><body>${body}</body></html>`, format: 'html', url: 'https://example.com/a' });
const rootsOf = (body: string) => collectDocument(parseDocument(`<html><body>${body}</body></html>`), 'https://example.com/a').mainRoots.map((r) => `${r.name}${r.attribs.id ? `#${r.attribs.id}` : ''}`);

const SENTENCES = [
  'Solar panels turn sunlight into electricity that a house can use straight away or store in a battery for the evening',
  'Most systems sit on the roof and face the sun for most of the day and need little care once a qualified team installs them',
  'The price depends on the size of the system and the shape of the roof and the rules of the local utility for selling power back',
  'Many owners find that the panels pay for themselves after some years and the savings go on for as long as the panels keep working',
  'Before buying it helps to compare offers from several installers and to ask how the warranty works if a panel stops producing power',
  'Cleaning is rarely needed because rain washes away most dust although homes near farms or busy roads may need a wash now and then',
  'An inverter converts the direct current from the panels into the alternating current used by lights and fridges and other appliances',
  'Some households add a battery so that they can use their own power at night instead of buying it from the grid when prices are high',
];
/** Article paragraphs (no commas, so that Readability's comma rule does not shield their boxes). */
const prose = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `<p>${SENTENCES[(from + i) % SENTENCES.length]}.</p>`).join('');
const has = (m: { mainText: string }, text: string) => m.mainText.includes(text);

describe('choosing the main content', () => {
  it('scores text written with <br><br> instead of <p> as that many paragraphs', () => {
    const brArticle = `<div id="s1">${SENTENCES.slice(0, 6).map((s) => `${s}.`).join('<br><br>')}</div>`;
    const teasers = `<div id="teasers">${Array.from({ length: 10 }, (_, i) => `<p>Teaser number ${i + 1} about something else entirely <a href="/t${i}">more</a></p>`).join('')}</div>`;
    const m = page(`<div id="wrap"><div id="col1">${teasers}</div><div id="c3">${brArticle}</div><div id="tags">Energy</div></div>`);
    expect(has(m, SENTENCES[5])).toBe(true);
    expect(has(m, 'Teaser number')).toBe(false);
    expect(m.paragraphs).toHaveLength(6);
  });

  it("scores a div's own text between its blocks (text around an image) as paragraphs", () => {
    const article = `<div id="story">${SENTENCES[0]}.<br><br>${SENTENCES[1]}.<br><img src="/a.jpg" alt="A roof"><br>${SENTENCES[2]}.<br><br>${SENTENCES[3]}.</div>`;
    const teasers = `<div id="teasers">${Array.from({ length: 6 }, (_, i) => `<p><a href="/t${i}">Teaser number ${i + 1}</a> about something else entirely</p>`).join('')}</div>`;
    const m = page(`<div id="wrap">${teasers}<div id="main">${article}</div></div>`);
    expect(has(m, SENTENCES[3])).toBe(true);
    expect(has(m, 'Teaser number')).toBe(false);
  });

  it('counts the commas of every script', () => {
    expect(countCommas('a, b，c、d، e,f')).toBe(5);
    expect(countCommas('none here')).toBe(0);
  });

  it('counts in-page links at 0.3 of their length, so a footnoted article is not taken for a link list', () => {
    const note = (i: number) => `<sup><a href="#note-${i}">[note ${i} on the sources and the studies and the surveys used for the figures of this paragraph with the page numbers of each and the dates on which they were read]</a></sup>`;
    const article = `<div id="a1">${SENTENCES.slice(0, 5).map((s, i) => `<p>${s}${note(i)}.</p>`).join('')}</div>`;
    const other = `<div id="o1">${Array.from({ length: 8 }, (_, i) => `<p>A shorter paragraph number ${i + 1} of plain text.</p>`).join('')}</div>`;
    const m = page(`<div id="wrap"><div id="c1">${other}</div><div id="c2">${article}<div>x</div></div></div>`);
    expect(has(m, SENTENCES[4])).toBe(true);
    expect(has(m, 'A shorter paragraph')).toBe(false);
  });

  it('scores headings of 25 characters or more, as Readability does', () => {
    const headings = ['Enhancements to the address bar landed', 'Performance work on the new tab page', 'Developer tools gained a network view', 'Translations now cover four new languages', 'Sync is faster on slow mobile networks', 'Printing keeps the page margins again'];
    const notes = `<div id="n1">${headings.map((h) => `<h3>${h}</h3><ul><li>A detail about it</li></ul>`).join('')}</div>`;
    const comment = `<div id="n2"><p>${SENTENCES.slice(0, 5).join(' and ')}</p></div>`;
    const m = page(`<div id="wrap">${notes}${comment}</div>`);
    expect(has(m, 'Developer tools gained')).toBe(true);
  });

  it('joins a sibling block of the article that shares a content class name with it', () => {
    const first = `<div class="story-body story-body-1 meta"><p>${SENTENCES[0]}.</p></div>`;
    const second = `<div class="story-body story-body-2">${prose(7, 1)}</div>`;
    const m = page(`<div id="wrap">${first}<div class="ad-break">Ad</div>${second}</div><div id="more"><p>Other stories from the site</p></div>`);
    expect(m.paragraphs[0].text).toBe(`${SENTENCES[0]}.`);
    expect(has(m, 'Other stories')).toBe(false);
    // Sharing only a layout class is not enough.
    const unrelated = page(`<div id="wrap"><div class="col x1"><p>${SENTENCES[0]}.</p></div><div class="col x2">${prose(7, 1)}</div></div>`);
    expect(has(unrelated, SENTENCES[0])).toBe(false);
  });

  it('retries without the unlikely filter when it leaves too little, keeping the article inside a box named like a header', () => {
    const m = page(`<div id="page"><div class="site_header"><div class="article-wrap"><h1>Headline</h1>${prose(6)}</div></div>
      <div id="related"><ul><li><a href="/1">One related story</a></li><li><a href="/2">Another related story</a></li></ul></div></div>`);
    expect(m.paragraphs).toHaveLength(6);
    expect(has(m, 'related story')).toBe(false);
  });

  it('keeps unlikely boxes inside the content found by the retry, as Readability does', () => {
    const m = page(`<div id="page"><div class="header-text">${prose(4)}<div class="supplemental-notes">${prose(3, 4)}</div></div></div>`);
    expect(m.paragraphs).toHaveLength(7);
  });

  it('falls back to the body when nothing scores', () => {
    expect(rootsOf('<span>tiny</span>')).toEqual(['body']);
  });
});

describe('cleaning the main content', () => {
  const withBox = (box: string) => page(`<div id="article">${prose(4)}${box}${prose(3, 4)}</div>`);

  it.each([
    ['nav', '<nav><p>Home and other sections of the site to browse</p></nav>'],
    ['aside', '<aside><p>A pull quote box that repeats what the article says</p></aside>'],
    ['footer', '<footer><p>Written for the example site by its staff writers</p></footer>'],
    ['dialog', '<dialog><p>Sign in to keep reading this and other stories</p></dialog>'],
    ['menu', '<menu><li>Copy the link to this story to share it</li></menu>'],
    ['role=navigation', '<div role="navigation"><p>Previous story and next story in this series</p></div>'],
    ['role=complementary', '<div role="complementary"><p>A pull quote box that repeats what the article says</p></div>'],
    ['role=dialog', '<div role="dialog"><p>Sign in to keep reading this and other stories</p></div>'],
    ['role=search', '<div role="search"><p>Search all of the stories published on this site</p></div>'],
    ['hidden', '<div hidden><p>Text that only appears once a script reveals it</p></div>'],
    ['comments', '<div class="comments"><p>Great article and thanks for writing it all up</p></div>'],
    ['related', '<div id="related-posts"><p>Another story that you might want to read next</p></div>'],
    ['ad token', '<div class="ad-slot"><p>Upgrade your roof with our premium tiles this week</p></div>'],
    ['share part', '<div class="post-share-bar"><p>Send this story to a friend who would like it</p></div>'],
    ['cookie banner', '<div class="cookie-banner"><p>We use cookies to improve your experience of the site</p></div>'],
    ['modal', '<div class="newsletter-modal"><p>Get our best stories in your inbox every week</p></div>'],
    ['custom element', '<ytd-ad-slot-renderer><p>Upgrade your roof with our premium tiles this week</p></ytd-ad-slot-renderer>'],
    ['data-ad-slot', '<div data-ad-slot="123"><p>Upgrade your roof with our premium tiles this week</p></div>'],
    ['aria-label', '<div aria-label="Advertisement"><p>Upgrade your roof with our premium tiles this week</p></div>'],
    ['negative class', '<div class="meta-info"><p>Filed under energy and homes and money matters</p></div>'],
  ])('leaves out %s', (_name, box) => {
    const m = withBox(box);
    expect(m.paragraphs.map((p) => p.text)).toHaveLength(7);
    expect(m.mainText).not.toMatch(/Home and other|pull quote|staff writers|Sign in|Copy the link|Previous story|Search all|script reveals|Great article|Another story|premium tiles|Send this story|use cookies|best stories|Filed under/);
  });

  it('keeps boxes whose names only contain a widget word, and big boxes named like widgets', () => {
    const kept = (box: string) => withBox(box).paragraphs.length;
    expect(kept(`<div class="header-image download-box shadowed"><p>${SENTENCES[7]}.</p></div>`)).toBe(8);
    const long = (chars: number) => `<p>${SENTENCES.join('. ').repeat(4).slice(0, chars)}.</p>`;
    expect(kept(`<div class="modal-box">${long(2100)}</div>`)).toBe(8);
    expect(kept(`<div class="modal-box">${long(1900)}</div>`)).toBe(7);
    // Inside a table Readability does not judge class names.
    expect(has(withBox(`<table><tr><td class="sidebar"><p>${SENTENCES[7]}.</p></td><td class="main"><p>Second cell of the layout table</p></td></tr></table>`), SENTENCES[7])).toBe(true);
  });

  it('leaves out boxes with more pictures than paragraphs, except figures', () => {
    const images = '<img src="/1.jpg" alt="one"><img src="/2.jpg" alt="two"><img src="/3.jpg" alt="three">';
    expect(has(withBox(`<div class="gallery-box">${images}<p>Pictures from the day of the install</p></div>`), 'Pictures from the day')).toBe(false);
    expect(has(withBox(`<figure><div class="gallery-box">${images}<p>Pictures from the day of the install</p></div></figure>`), 'Pictures from the day')).toBe(true);
    // A list of pictures, one per item, stays.
    const gallery = withBox('<ul><li><img src="/1.jpg" alt="one"></li><li><img src="/2.jpg" alt="two"></li><li><img src="/3.jpg" alt="three"></li></ul>');
    expect(gallery.images.filter((i) => i.inMain)).toHaveLength(3);
  });

  it('leaves out a box with more than a hundred list items and few paragraphs', () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => `<li>Item ${i}</li>`).join('');
    const intro = `<p>${SENTENCES[6]} ${SENTENCES[7]}</p>`;
    expect(has(withBox(`<div class="index">${intro}<ul>${items(102)}</ul></div>`), 'Item 101')).toBe(false);
    expect(has(withBox(`<div class="index">${intro}<ul>${items(101)}</ul></div>`), 'Item 100')).toBe(true);
  });

  it('leaves out a box where a form field serves fewer than three paragraphs', () => {
    const field = '<input type="email" name="email">';
    expect(has(withBox(`<div class="box"><p>Enter your email address to get the weekly digest</p>${field}</div>`), 'weekly digest')).toBe(false);
    expect(has(withBox(`<div class="box">${prose(3, 5)}<p>Enter your email address to get the weekly digest</p>${field}</div>`), 'weekly digest')).toBe(true);
    // Hidden inputs and buttons are not fields.
    expect(has(withBox(`<div class="box"><p>Enter your email address to get the weekly digest</p><input type="hidden" name="t"><button>Go</button></div>`), 'weekly digest')).toBe(true);
  });

  it('leaves out short linked boxes unless they are headings', () => {
    expect(has(withBox('<div class="box"><span>Part two of the <a href="/p2">x</a></span></div>'), 'Part two')).toBe(false);
    expect(has(withBox('<div class="box"><h3>Part two of the <a href="/p2">x</a></h3></div>'), 'Part two')).toBe(true);
    expect(has(withBox('<div class="box"><span>Part two of the story</span></div>'), 'Part two')).toBe(true);
  });

  it('leaves out link-heavy boxes, with a higher bar for boxes named like content and none for lists', () => {
    const linky = '<p>See <a href="/a">our guide to roof types</a> before you buy a new system for your house</p>';
    expect(has(withBox(`<div class="box">${linky}</div>`), 'our guide')).toBe(false);
    expect(has(withBox(`<div class="content">${linky}</div>`), 'our guide')).toBe(true);
    expect(has(withBox(`<div class="content"><p><a href="/a">Our guide to roof types</a> and <a href="/b">the battery guide for homes</a></p></div>`), 'Our guide')).toBe(false);
    expect(has(withBox('<ul><li><a href="/a">Our guide to roof types</a></li><li><a href="/b">The battery guide</a></li></ul>'), 'Our guide')).toBe(true);
    expect(has(withBox('<div class="box"><ul><li><a href="/a">Our guide to roof types</a></li><li><a href="/b">The battery guide</a></li></ul></div>'), 'Our guide')).toBe(true);
    // Ten commas or more mark prose, links or not.
    const commas = `<p>See <a href="/a">roofs, tiles, slates</a>, <a href="/b">batteries, inverters, meters</a>, and more, including, say, cables, fuses, and mounts</p>`;
    expect(has(withBox(`<div class="box">${commas}</div>`), 'including')).toBe(true);
  });

  it('leaves out boxes around an embed with little text, but not video players', () => {
    expect(has(withBox('<div class="box"><iframe src="https://widgets.example.com/poll"></iframe><p>Vote in our poll</p></div>'), 'Vote in our poll')).toBe(false);
    expect(has(withBox('<div class="box"><iframe src="https://www.youtube.com/embed/abc"></iframe><p>Watch the install</p></div>'), 'Watch the install')).toBe(true);
    expect(has(withBox('<div class="box"><iframe src="https://a.example.com/x"></iframe><iframe src="https://b.example.com/y"></iframe><p>Two widgets with a long caption that runs past the limit for one embed</p></div>'), 'Two widgets')).toBe(false);
  });

  it('judges a box after the junk inside it is gone', () => {
    const box = `<div class="box"><p>The installer checks the roof before the panels go up</p><div class="promo"><a href="/x">Buy tiles</a> <a href="/y">Buy panels</a> <a href="/z">Buy batteries now</a></div></div>`;
    expect(has(withBox(box), 'The installer checks')).toBe(true);
    // Hidden text does not make a link box look like prose.
    const hiddenProse = `<div class="box"><a href="/a">Our guide to roof types</a> <span>and</span><p hidden>${SENTENCES[6]} ${SENTENCES[7]}</p></div>`;
    expect(has(withBox(hiddenProse), 'Our guide')).toBe(false);
  });

  it('keeps boxes that hold a data table', () => {
    const table = '<table><tr><th>Size</th><th>Price</th></tr><tr><td><a href="/4kw">4 kW</a></td><td>$9,000</td></tr><tr><td><a href="/6kw">6 kW</a></td><td>$12,000</td></tr></table>';
    const m = withBox(`<div class="box">${table}</div>`);
    expect(m.tables).toHaveLength(1);
  });

  it('never leaves out the best candidate or what holds it, whatever its name', () => {
    // An ASP.NET page wraps everything in a <form>; the chosen roots can sit above it.
    const m = page(`<header><a href="/">Site</a></header><div id="main"><form id="aspnetForm" action="/x"><div id="storycontent"><div id="storytext">${prose(8)}</div></div></form></div>`);
    expect(m.paragraphs).toHaveLength(8);
  });

  it('retries with less cleaning, then the whole body, when almost nothing is left', () => {
    // Each paragraph sits in a link-heavy box of its own: the cleaning would take them all.
    const linkyParagraph = (s: string) => `<div class="para"><p>${s.replace(/(\w+ \w+ \w+)$/, '<a href="/w">$1</a>').replace(/^(\w+ \w+ \w+)/, '<a href="/v">$1</a>')}.</p></div>`;
    const m = page(`<div id="story">${SENTENCES.slice(0, 6).map(linkyParagraph).join('')}</div>`);
    expect(m.paragraphs).toHaveLength(6);
    // The roots miss the article: a list of long items scores nothing, a short note does.
    const tips = `<ol>${SENTENCES.map((s) => `<li>${s}.</li>`).join('')}</ol>`;
    const listPage = page(`<div id="tips">${tips}</div><div id="note"><p>Last updated by the editors in spring of this year</p></div><div class="box"><a href="/x">Buy tiles</a> <a href="/y">Buy panels</a></div>`);
    expect(has(listPage, SENTENCES[7])).toBe(true);
    expect(has(listPage, 'Buy tiles')).toBe(false);
    expect(listPage.links.every((l) => !l.inMain)).toBe(true);
  });

  it('keeps the links of the retried content marked as main content, and only those', () => {
    const tips = `<ol>${SENTENCES.map((s, i) => `<li>${s}. <a href="https://source${i}.example.org/">Source</a></li>`).join('')}</ol>`;
    const m = page(`<div id="tips">${tips}</div><div id="note"><p>Last updated by the editors <a href="https://example.com/about">about us</a> in spring</p></div>`);
    expect(has(m, SENTENCES[7])).toBe(true);
    expect(m.links.filter((l) => l.inMain).map((l) => l.href)).toContain('https://source7.example.org/');
    // Links of content that is not kept are not main content.
    const dropped = page(`<div id="story">${prose(8)}<div class="box"><a href="https://promo.example.net/">Buy our tiles now</a></div></div>`);
    expect(dropped.links.find((l) => l.href === 'https://promo.example.net/')?.inMain).toBe(false);
  });
});

describe('paragraphs and the opening paragraph', () => {
  it('keeps lines that are mostly links out of the paragraphs, but in the main text', () => {
    const m = page(`<article>${prose(3)}<p><a href="/next">Read next: how solar panels are made in 2024</a></p>${prose(2, 3)}</article>`);
    expect(m.paragraphs.map((p) => p.text)).not.toContain('Read next: how solar panels are made in 2024');
    expect(has(m, 'Read next')).toBe(true);
    expect(m.wordCount).toBeGreaterThan(m.paragraphs.reduce((n, p) => n + p.wordCount, 0));
    // Link text of a list does not count against the loose text that follows it.
    const after = page(`<article>${prose(3)}<ul><li><a href="/a">Our complete guide to every roof type in the country</a></li></ul>Loose text after the list that reads as a paragraph.</article>`);
    expect(after.paragraphs.map((p) => p.text)).toContain('Loose text after the list that reads as a paragraph.');
    // A paragraph with a link in it is still prose.
    const linked = page(`<article>${prose(3)}<p>Read the <a href="/guide">guide</a> before you buy a system for your house.</p></article>`);
    expect(linked.paragraphs.map((p) => p.text)).toContain('Read the guide before you buy a system for your house.');
  });

  it('does not take the label beside a form field for prose', () => {
    const m = page(`<main><div class="clone"><p>Use Git or checkout with SVN using the web URL.</p><input type="text" value="https://example.com/repo.git"></div>${prose(3)}</main>`);
    expect(m.paragraphs[m.leadIndex].text).toBe(`${SENTENCES[0]}.`);
    const core = page(`<main><p>Type the code from the picture into the box below to confirm your order.</p><input type="text" name="code"><p>${SENTENCES[0]}.</p></main>`);
    expect(core.paragraphs.map((p) => p.text)).not.toContain('Type the code from the picture into the box below to confirm your order.');
  });

  it('opens with the first paragraph that reads as prose, not a caption, a byline or an advert', () => {
    const lead = (first: string) => {
      const m = page(`<article><p>${first}</p>${prose(3)}</article>`);
      return m.paragraphs[m.leadIndex].text;
    };
    expect(lead('Photo: Getty Images')).toBe(`${SENTENCES[0]}.`);
    expect(lead('By Jane Doe and John Smith of the energy desk')).toBe(`${SENTENCES[0]}.`);
    expect(lead('Advertisement Upgrade your roof with our premium tiles this week only.')).toBe(`${SENTENCES[0]}.`);
    expect(lead('Sponsored · Upgrade your roof with our premium tiles this week only.')).toBe(`${SENTENCES[0]}.`);
    expect(lead('Ad: Upgrade your roof with our premium tiles this week only.')).toBe(`${SENTENCES[0]}.`);
    expect(lead('You can skip this ad in 5 seconds, then the video starts.')).toBe(`${SENTENCES[0]}.`);
    expect(lead('Your video will play after the ad ends in 10 seconds time.')).toBe(`${SENTENCES[0]}.`);
    // Prose that starts with these words is still prose.
    expect(lead('Ad hoc committees decide most of the spending in the town.')).toBe('Ad hoc committees decide most of the spending in the town.');
    expect(lead('Advertising revenue at the paper rose for the third year running.')).toBe('Advertising revenue at the paper rose for the third year running.');
    expect(lead('Eight short words that end like a sentence.')).toBe('Eight short words that end like a sentence.');
    expect(lead('Seven short words that end like this.')).toBe(`${SENTENCES[0]}.`);
    const long = `${SENTENCES[0]} ${SENTENCES[1]}`.replace(/ that /g, ' which ');
    expect(lead(long)).toBe(long);
  });

  it('reads prose in a <pre> as paragraphs and counts code without reading it as prose', () => {
    const rfc = `<pre>Network Working Group                                          R. Fielding

1.  Introduction

   The Hypertext Transfer Protocol is a stateless application-level
   protocol for distributed, collaborative, hypertext information systems.
   This document describes the overall architecture of the protocol.
</pre>`;
    const m = page(rfc);
    expect(m.paragraphs.map((p) => p.text)).toEqual(['The Hypertext Transfer Protocol is a stateless application-level protocol for distributed, collaborative, hypertext information systems. This document describes the overall architecture of the protocol.']);
    expect(has(m, 'Network Working Group')).toBe(true);
    // A header set in columns is not prose, even with a sentence in it.
    const header = page(`<pre>INTERNET DRAFT                                     Michiel B. de Jong
Intended status: Informational                             IndieHosters and Friends
</pre><pre>   ${SENTENCES[0]}. ${SENTENCES[1]}.</pre>`);
    expect(header.paragraphs.map((p) => p.text)).toEqual([`${SENTENCES[0]}. ${SENTENCES[1]}.`]);
    const table = page(`<article>${prose(3)}<pre>Table of contents and the list of the sections that follow below</pre><pre>if (a &gt; b) { run(a); } else { stop(b); } // Done. Then ok.</pre></article>`);
    expect(table.paragraphs).toHaveLength(3);
    expect(has(table, 'Table of contents')).toBe(true);
    const commented = page(`<article>${prose(3)}<pre><code>Install the package and then start the server with the default settings.</code></pre></article>`);
    expect(commented.paragraphs).toHaveLength(3);
    const code = page(`<article>${prose(3)}<pre><code>const total = items.reduce((sum, item) => sum + item.price, 0);
console.log("The total price of the items is", total);</code></pre></article>`);
    expect(code.paragraphs).toHaveLength(3);
    expect(code.wordCount).toBeGreaterThan(code.paragraphs.reduce((n, p) => n + p.wordCount, 0) + 10);
  });

  it('counts words and sentences in the language of the page', () => {
    const m = page('<article><p>東京都は十二日、給食費を無償にすると発表した。対象は約六十万人の児童と生徒だ。</p></article>', 'ja');
    expect(m.sentences).toEqual(['東京都は十二日、給食費を無償にすると発表した。', '対象は約六十万人の児童と生徒だ。']);
    expect(m.wordCount).toBe(m.paragraphs[0].wordCount);
    expect(m.wordCount).toBeLessThan(30);
    expect(m.readability.words).toBe(m.wordCount);
  });
});
