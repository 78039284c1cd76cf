import { describe, expect, it } from 'vitest';
import { closest } from './closest';

describe('closest', () => {
  const ids = ['document-title', 'llms-txt', 'statistics', 'ai-understanding'];
  it('suggests the id a typo is nearest to, and nothing for a different word', () => {
    expect(closest('documnet-title', ids)).toBe('document-title');
    expect(closest('llms-text', ids)).toBe('llms-txt');
    expect(closest('AI-Understandin', ids)).toBe('ai-understanding');
    expect(closest('readability', ids)).toBeUndefined();
    expect(closest('sta', ids)).toBeUndefined();
  });
});
