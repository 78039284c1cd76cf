import { describe, expect, it } from 'vitest';
import { sanitizeCss } from './sanitize-css';

describe('sanitizeCss', () => {
  it('keeps allowed properties and scopes every selector under .citable-brand', () => {
    const { css, removed } = sanitizeCss('h1, .card { color: #112233; border-radius: 8px 4px; font-weight: 700 } button:hover { background-color: rgb(10, 20, 30) !important; }');
    expect(css).toBe(
      '.citable-brand h1, .citable-brand .card { color: #112233; border-radius: 8px 4px; font-weight: 700; }\n.citable-brand button:hover { background-color: rgb(10, 20, 30) !important; }',
    );
    expect(removed).toEqual([]);
  });

  it('does not scope a selector twice', () => {
    expect(sanitizeCss('.citable-brand .title { color: red }').css).toBe('.citable-brand .title { color: red; }');
  });

  it('accepts system fonts only', () => {
    expect(sanitizeCss('p { font-family: "Segoe UI", Arial, sans-serif }').css).toBe('.citable-brand p { font-family: "Segoe UI", Arial, sans-serif; }');
    const { css, removed } = sanitizeCss("p { font-family: 'Comic Neue', serif }");
    expect(css).toBe('');
    expect(removed).toEqual([`value of font-family "'Comic Neue', serif" is not allowed`]);
  });

  it('removes url(), expression(), @import, behavior and unknown properties', () => {
    const input = [
      '@import url("https://evil.example/x.css");',
      '@font-face { font-family: X; src: url(https://evil.example/x.woff) }',
      '@media (min-width: 10px) { a { color: red } }',
      'a { background-color: url(javascript:alert(1)); color: expression(alert(1)); behavior: url(x.htc); position: fixed; color: blue }',
      'b { -moz-binding: url(x.xml#y) }',
    ].join('\n');
    const { css, removed } = sanitizeCss(input);
    expect(css).toBe('.citable-brand a { color: blue; }');
    expect(css).not.toMatch(/url|expression|import|behavior|binding|position/);
    expect(removed).toEqual(
      expect.arrayContaining([
        '@import rule',
        '@font-face rule',
        '@media rule',
        'value of background-color "url(javascript:alert(1))" is not allowed',
        'value of color "expression(alert(1))" is not allowed',
        'property "behavior" is not allowed',
        'property "position" is not allowed',
        'property "-moz-binding" is not allowed',
      ]),
    );
  });

  it('refuses values and selectors that could break out of the style element or the rule', () => {
    expect(sanitizeCss('a { color: red</style><script>alert(1)</script> }').css).toBe('');
    expect(sanitizeCss('a { color: \\72 ed }').css).toBe('');
    const { css, removed } = sanitizeCss('a[href="x"] { color: red } body { color: green }');
    expect(css).toBe('.citable-brand body { color: green; }');
    expect(removed[0]).toMatch(/^selector/);
  });

  it('drops comments and stray text', () => {
    const { css, removed } = sanitizeCss('/* brand */ a { color: red } trailing');
    expect(css).toBe('.citable-brand a { color: red; }');
    expect(removed).toEqual(['text outside a rule']);
  });
});
