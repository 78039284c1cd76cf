import { describe, expect, it } from 'vitest';
import { parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { computedDeclarations, contrastRatio, matchingRules, parseColor, parseDeclarations, parseStyleSheet, pxLength } from './css-styles';

const element = (html: string): Element => parseDocument(html).children[0] as Element;

describe('parseDeclarations', () => {
  it('lower-cases, drops !important, keeps the last value and skips broken parts', () => {
    expect([...parseDeclarations('Display: NONE !important; color:#FFF; color: red; junk; :x; font-size:0')]).toEqual([
      ['display', 'none'],
      ['color', 'red'],
      ['font-size', '0'],
    ]);
  });
});

describe('parseStyleSheet', () => {
  it('reads compound selectors, one rule per selector of a list', () => {
    const sheet = parseStyleSheet(['/* x { display:none } */ .kw, div#seo.a.b { display: none } p { color: #fff }']);
    expect(sheet.rules.map((r) => [r.selector, r.tag, r.id, r.classes])).toEqual([
      ['.kw', null, null, ['kw']],
      ['div#seo.a.b', 'div', 'seo', ['a', 'b']],
      ['p', 'p', null, []],
    ]);
  });

  it('leaves out combinators, pseudo-classes, attribute selectors and empty rules', () => {
    const sheet = parseStyleSheet(['.a .b{display:none} .a>.b{display:none} .c:hover{display:none} [hidden]{display:none} .d::before{display:none} .e{}']);
    expect(sheet.rules).toEqual([]);
  });

  it('does not trust rules inside at-rules, nor any rule on a class they name', () => {
    const sheet = parseStyleSheet(['@media (max-width: 600px) { .m { display: none } } @supports (display:grid) { .s { display:none } } .m { display: none } .ok { display: none }']);
    expect(sheet.rules.map((r) => r.selector)).toEqual(['.m', '.ok']);
    expect([...sheet.responsiveClasses].sort()).toEqual(['m', 's']);
    expect(matchingRules(sheet, element('<div class="m x"></div>'))).toEqual([]);
    expect(matchingRules(sheet, element('<div class="ok x"></div>')).map((r) => r.selector)).toEqual(['.ok']);
  });

  it('matches tag, id and every class of a rule, in source order', () => {
    const sheet = parseStyleSheet(['div.a.b { color: red } .a { color: blue } #x { color: green } span { color: black }']);
    expect(matchingRules(sheet, element('<div class="b a" id="x"></div>')).map((r) => r.selector)).toEqual(['div.a.b', '.a', '#x']);
    expect(matchingRules(sheet, element('<p class="a b"></p>')).map((r) => r.selector)).toEqual(['.a']);
    expect(matchingRules(sheet, element('<span></span>')).map((r) => r.selector)).toEqual(['span']);
  });
});

describe('computedDeclarations', () => {
  it('lets the inline style win over rules and says where each value came from', () => {
    const sheet = parseStyleSheet(['.kw { display: none; color: #fff }']);
    const { declarations, source } = computedDeclarations(sheet, element('<div class="kw" style="display:block"></div>'));
    expect(declarations.get('display')).toBe('block');
    expect(source.get('display')).toBe('an inline style');
    expect(declarations.get('color')).toBe('#fff');
    expect(source.get('color')).toBe('the <style> rule .kw');
  });
});

describe('colours and lengths', () => {
  it('reads hex, rgb(a), named and transparent colours', () => {
    expect(parseColor('#FFF')).toEqual([255, 255, 255]);
    expect(parseColor('#102030')).toEqual([16, 32, 48]);
    expect(parseColor('#10203000')).toBe('transparent');
    expect(parseColor('#fff0')).toBe('transparent');
    expect(parseColor('rgb(1, 2, 3)')).toEqual([1, 2, 3]);
    expect(parseColor('rgba(1,2,3,0)')).toBe('transparent');
    expect(parseColor('rgba(1,2,3,0.5)')).toEqual([1, 2, 3]);
    expect(parseColor('White')).toEqual([255, 255, 255]);
    expect(parseColor('transparent')).toBe('transparent');
    expect(parseColor('var(--x)')).toBeNull();
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio([255, 255, 255], [255, 255, 255])).toBe(1);
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrastRatio([250, 250, 250], [255, 255, 255])).toBeLessThan(1.25);
    expect(contrastRatio([200, 200, 200], [255, 255, 255])).toBeGreaterThan(1.25);
  });

  it('reads lengths in px, em, rem and pt, and zero in any unit', () => {
    expect(pxLength('-9999px')).toBe(-9999);
    expect(pxLength('-100em')).toBe(-1600);
    expect(pxLength('2rem')).toBe(32);
    expect(pxLength('3pt')).toBe(4);
    expect(pxLength('0')).toBe(0);
    expect(pxLength('0%')).toBe(0);
    expect(pxLength('50%')).toBeNull();
    expect(pxLength('12')).toBeNull();
    expect(pxLength('auto')).toBeNull();
    expect(pxLength(undefined)).toBeNull();
  });
});
