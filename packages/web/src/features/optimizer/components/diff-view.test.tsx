import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DiffView } from './diff-view';

describe('DiffView', () => {
  it('marks insertions and deletions with <ins>/<del> and a text label, not colour alone', () => {
    const html = renderToString(<DiffView before={'## Storage\n\nKeep it dry.'} after={'## What should you know about storage?\n\nKeep it dry.'} />);
    expect(html).toContain('<del');
    expect(html).toContain('<ins');
    expect(html).toMatch(/\[removed: <\/span>Storage/);
    expect(html).toMatch(/\[added: <\/span>What/);
    expect(html).toContain('Keep it dry.');
  });
});
