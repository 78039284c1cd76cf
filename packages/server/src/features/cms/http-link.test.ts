import { describe, expect, it } from 'vitest';
import { httpLinkOrNull } from './http-link';

describe('httpLinkOrNull', () => {
  it('keeps absolute http and https links', () => {
    expect(httpLinkOrNull('https://blog.example.com/2024/05/post/')).toBe('https://blog.example.com/2024/05/post/');
    expect(httpLinkOrNull(' http://shop.example.com/products/mug ')).toBe('http://shop.example.com/products/mug');
  });

  it('drops every other scheme, relative links and non-strings', () => {
    for (const value of ['javascript:alert(document.cookie)', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd', '//evil.example.com/', '/relative/path', '', null, 42, { href: 'https://example.com' }]) {
      expect(httpLinkOrNull(value)).toBeNull();
    }
  });
});
