import { describe, expect, it } from 'vitest';
import { parseDocument } from 'htmlparser2';
import { collectExposure, type HiddenBlock } from './hidden-text';

const TEXT = 'cheap solar installer near me discount solar quotes free estimate';
const exposure = (body: string, head = '') => collectExposure(parseDocument(`<html><head>${head}</head><body>${body}</body></html>`, { decodeEntities: true }));
const blocks = (body: string, head = '') => exposure(body, head).hiddenBlocks;
const only = (body: string, head = ''): HiddenBlock => {
  const found = blocks(body, head);
  expect(found).toHaveLength(1);
  return found[0];
};

describe('hidden blocks: how text is hidden', () => {
  it.each([
    [`<div style="display:none">${TEXT}</div>`, 'display-none', 'display:none from an inline style'],
    [`<div style="visibility: collapse">${TEXT}</div>`, 'visibility-hidden', 'visibility:collapse from an inline style'],
    [`<div hidden>${TEXT}</div>`, 'hidden-attribute', 'the hidden attribute'],
    [`<div style="position:absolute;left:-500px">${TEXT}</div>`, 'off-screen', 'off-screen positioning (left:-500px) from an inline style'],
    [`<div style="position:relative;right:-9999px">${TEXT}</div>`, 'off-screen', 'off-screen positioning (right:-9999px) from an inline style'],
    [`<div style="margin-left:-1000px">${TEXT}</div>`, 'off-screen', 'off-screen positioning (margin-left:-1000px) from an inline style'],
    [`<div style="max-height:0;overflow:hidden">${TEXT}</div>`, 'zero-size', 'max-height:0 with overflow:hidden from an inline style'],
    [`<div style="font-size:0.5px">${TEXT}</div>`, 'tiny-font', 'font-size:0.5px from an inline style'],
    [`<div style="color:#eee;background:#eeeeee">${TEXT}</div>`, 'same-colour', 'text colour #eee on the background #eeeeee (an inline style)'],
    [`<div style="position:fixed;clip-path:inset(50%)">${TEXT}</div>`, 'screen-reader-only', 'screen-reader-only positioning from an inline style'],
    [`<div aria-hidden="true">${TEXT}</div>`, 'aria-hidden', 'aria-hidden="true"'],
  ])('%s', (html, method, how) => {
    expect(only(html)).toMatchObject({ method, how, legitimate: null, words: 10, excerpt: TEXT, element: 'div' });
  });

  it('needs the whole condition, not part of it', () => {
    expect(blocks(`<div style="left:-9999px">${TEXT}</div>`)).toEqual([]);
    expect(blocks(`<div style="position:absolute;left:-499px">${TEXT}</div>`)).toEqual([]);
    expect(blocks(`<div style="text-indent:-999px">${TEXT}</div>`)).toEqual([]);
    expect(blocks(`<div style="height:0">${TEXT}</div>`)).toEqual([]);
    expect(blocks(`<div style="font-size:2px">${TEXT}</div>`)).toEqual([]);
    expect(blocks(`<div style="color:#ccc;background:#fff">${TEXT}</div>`)).toEqual([]);
    expect(blocks(`<div aria-hidden="false">${TEXT}</div>`)).toEqual([]);
    expect(blocks(`<div style="opacity:0">${TEXT}</div>`)).toEqual([]);
  });

  it('counts a hidden element once, with everything inside it', () => {
    expect(only(`<div style="display:none"><p>${TEXT}</p><p style="display:none">more words here</p></div>`)).toMatchObject({ words: 13 });
  });

  it('reads the background behind the text only where it can be known', () => {
    expect(only(`<div style="background:#000"><section><p style="color:#010101">${TEXT}</p></section></div>`).method).toBe('same-colour');
    // A box with a class in between may be painted by CSS the engine does not read.
    expect(blocks(`<div style="background:#000"><section class="hero"><p style="color:#010101">${TEXT}</p></section></div>`)).toEqual([]);
    // No background anywhere: white without outside CSS, unknown with it.
    expect(only(`<p style="color:#fff">${TEXT}</p>`).how).toContain('the default white');
    expect(blocks(`<p style="color:#fff">${TEXT}</p>`, '<link rel="stylesheet" href="/a.css">')).toEqual([]);
    expect(blocks(`<div style="background:url(a.jpg)"><p style="color:#fff">${TEXT}</p></div>`)).toEqual([]);
  });

  it('for font size and colour, counts only text that nothing inside could set back', () => {
    expect(only(`<p style="font-size:0">${TEXT}<span class="big">set back by a class</span><b>bold words</b></p>`).words).toBe(12);
  });
});

describe('hidden blocks: what is legitimate', () => {
  const why = (body: string, head = '') => only(body, head).legitimate;
  it.each([
    [`<nav><div style="display:none">${TEXT}</div></nav>`, 'inside a <nav>'],
    [`<div role="tabpanel"><div style="display:none">${TEXT}</div></div>`, 'inside an element with role="tabpanel"'],
    [`<div aria-modal="true"><div style="display:none">${TEXT}</div></div>`, 'inside a modal dialog'],
    [`<div class="faq-answer" style="display:none">${TEXT}</div>`, 'an interface component ("faq-answer")'],
    [`<div id="mobileMenu" style="display:none">${TEXT}</div>`, 'an interface component ("mobile-Menu")'],
    [`<div style="display:none">${TEXT} {{ price }}</div>`, 'a template for scripts to fill'],
    [`<a href="#extra">More</a><div id="extra" style="display:none">${TEXT}</div>`, 'a control on the page points at it'],
    [`<div style="display:none"><p data-x="1">${TEXT}</p></div>`, 'a scripted component (data- or event attributes)'],
    [`<div style="display:none"><span class="close">x</span>${TEXT}</div>`, 'a box with a close button'],
    [`<div class="bio-box" style="display:none">${TEXT}</div><script>$('.bio-box').show()</script>`, "the page's scripts show or hide it"],
    [`<div style="display:none">${TEXT}<input name="q"></div>`, 'a form'],
    [`<div style="display:none"><a href="/a">${TEXT}</a> and</div>`, 'a list of links'],
    [`<button>Show</button><div style="display:none">${TEXT}</div>`, 'beside a control (<button>)'],
    [`<div><span><a href="javascript:void(0)">Show</a></span></div><div style="display:none">${TEXT}</div>`, 'beside a control (<div>)'],
    [`<p class="slide one">Visible slide text</p><p class="slide two" style="display:none">${TEXT}</p>`, 'an interface component ("slide two")'],
    [`<p class="item a">Visible item</p><p class="item b" style="display:none">${TEXT}</p>`, 'one of a set of alike elements (p.item) of which another is shown'],
  ])('%s', (html, reason) => {
    expect(why(html)).toBe(reason);
  });

  it('does not take an in-page link in a sibling for a control, nor a set whose members are all hidden', () => {
    expect(why(`<p>See <a href="#note">note</a></p><div style="display:none">${TEXT}</div>`)).toBeNull();
    expect(blocks(`<p class="item" style="display:none">one two three four five six seven eight</p><p class="item" style="display:none">${TEXT}</p>`).map((b) => b.legitimate)).toEqual([null, null]);
  });

  it('calls a block of fewer than 8 words a label without asking more', () => {
    expect(only('<div style="display:none">one two three four five six seven</div>').legitimate).toBe('a label of fewer than 8 words');
    expect(only('<div style="display:none">one two three four five six seven eight</div>').legitimate).toBeNull();
  });

  it('never reads template or noscript content as hidden text', () => {
    expect(blocks(`<template><p style="display:none">${TEXT}</p></template><noscript><p style="display:none">${TEXT}</p></noscript>`)).toEqual([]);
  });
});

describe('the rest of what the walk gathers', () => {
  it('measures how much of a hidden block the visible text repeats', () => {
    const [copy, other] = blocks(`<p>${TEXT}</p><div style="display:none">${TEXT}</div><div style="display:none">entirely different words that nobody can read here</div>`);
    expect(copy.duplicateShare).toBe(1);
    expect(other.duplicateShare).toBe(0);
  });

  it('keeps quotations and code out of the visible prose, and collects comments and text attributes', () => {
    const e = exposure(`<p>Plain words.</p><blockquote>Quoted words.</blockquote><code>code words</code><!-- a comment --><img alt="A description long enough to read" src="a.jpg"><img alt="short" src="b.jpg">`, '<meta name="description" content="The description of the whole page">');
    expect(e.visibleProse).toBe('Plain words.');
    expect(e.comments).toEqual(['a comment']);
    expect(e.attributes).toEqual([
      { where: 'the description meta tag', value: 'The description of the whole page' },
      { where: 'the alt attribute of <img>', value: 'A description long enough to read' },
    ]);
    expect(exposure(`<div style="display:none">${TEXT}</div><p>seen</p>`).hiddenProse).toBe(TEXT);
  });
});
