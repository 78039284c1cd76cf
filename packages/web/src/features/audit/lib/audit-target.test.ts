import { describe, expect, it } from 'vitest';
import { auditTarget } from './audit-target';

describe('auditTarget', () => {
  it('audits the site address for the site scope', () => {
    expect(auditTarget('https://example.com/', 'site', '/ignored')).toBe('https://example.com');
  });

  it('appends the typed path for the page scope, with or without its slash', () => {
    expect(auditTarget('https://example.com', 'page', '/pricing')).toBe('https://example.com/pricing');
    expect(auditTarget('https://example.com/', 'page', 'blog/post?id=1')).toBe('https://example.com/blog/post?id=1');
    expect(auditTarget('https://example.com', 'page', '  ')).toBe('https://example.com/');
  });
});
