import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { resolveAuditTarget } from './audit-target';

describe('resolveAuditTarget', () => {
  it('takes http(s) URLs and scheme-less host names as URLs', () => {
    expect(resolveAuditTarget('https://example.com/page.html')).toEqual({ kind: 'url', url: 'https://example.com/page.html' });
    expect(resolveAuditTarget('example.com')).toEqual({ kind: 'url', url: 'example.com' });
    expect(resolveAuditTarget('example.com/blog/post.html')).toEqual({ kind: 'url', url: 'example.com/blog/post.html' });
    expect(resolveAuditTarget('localhost:8080/')).toEqual({ kind: 'url', url: 'localhost:8080/' });
  });

  it('takes existing paths, and names that look like files, as files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'citable-target-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const existing = join(dir, 'example.com');
    writeFileSync(existing, 'text');
    expect(resolveAuditTarget(existing)).toEqual({ kind: 'file', path: existing });
    expect(resolveAuditTarget('page.html')).toEqual({ kind: 'file', path: 'page.html' });
    expect(resolveAuditTarget('./notes.md')).toEqual({ kind: 'file', path: './notes.md' });
    expect(resolveAuditTarget('docs/guide.md')).toEqual({ kind: 'file', path: 'docs/guide.md' });
  });
});
