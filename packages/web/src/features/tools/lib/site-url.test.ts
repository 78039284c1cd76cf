import { describe, expect, it } from 'vitest';
import { hostOf, targetUrl } from './site-url';

describe('targetUrl', () => {
  it('reads the website itself for the site scope, whatever path was typed', () => {
    expect(targetUrl('https://tea.example', 'site', '/faq')).toBe('https://tea.example');
  });
  it('appends the typed path for a page, with exactly one slash', () => {
    expect(targetUrl('https://tea.example/', 'page', 'faq')).toBe('https://tea.example/faq');
    expect(targetUrl('https://tea.example', 'page', '/guides/sencha')).toBe('https://tea.example/guides/sencha');
  });
  it('takes a full URL typed as the page as it is, and an empty path as the website', () => {
    expect(targetUrl('https://tea.example', 'page', 'https://tea.example/a')).toBe('https://tea.example/a');
    expect(targetUrl('https://tea.example', 'page', '  ')).toBe('https://tea.example');
  });
});

describe('hostOf', () => {
  it('shows the host, or the text when it is not a URL', () => {
    expect(hostOf('https://tea.example:8080/x')).toBe('tea.example:8080');
    expect(hostOf('tea')).toBe('tea');
  });
});
