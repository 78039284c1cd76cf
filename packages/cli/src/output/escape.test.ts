import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeMarkdown, escapeXml } from './escape';

describe('escaping page text for reports', () => {
  it('escapes HTML and XML, and replaces what XML 1.0 cannot hold', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    expect(escapeXml('a\u0000b\u0008c\u000Bd\tn\ne\r\uFFFEf\uD800g😀')).toBe('a\uFFFDb\uFFFDc\uFFFDd\tn\ne\r\uFFFDf\uFFFDg😀');
  });

  it('escapes Markdown markup and HTML, on one line', () => {
    expect(escapeMarkdown('**bold** _it_ `code` [a](b) | ~x~ \\ <b>&\n# heading')).toBe('\\*\\*bold\\*\\* \\_it\\_ \\`code\\` \\[a\\](b) \\| \\~x\\~ \\\\ &lt;b&gt;&amp; # heading');
  });
});
