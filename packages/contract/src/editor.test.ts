import { describe, expect, it } from 'vitest';
import { parseKeywords } from './content-tools';
import { analysable, keywordDensityTone, readabilityLabel } from './editor';

describe('editor rules', () => {
  it('parses keywords: comma separated, trimmed, empties dropped', () => {
    expect(parseKeywords(' solar panels, ,battery ,, ')).toEqual(['solar panels', 'battery']);
    expect(parseKeywords('')).toEqual([]);
  });

  it('needs 50 non-blank characters', () => {
    expect(analysable(`${'x'.repeat(49)}${' '.repeat(20)}`)).toBe(false);
    expect(analysable('x'.repeat(50))).toBe(true);
  });

  it('colours keyword density: above 3% red, above 1% green, else yellow', () => {
    expect(keywordDensityTone(3.1)).toBe('high');
    expect(keywordDensityTone(3)).toBe('good');
    expect(keywordDensityTone(1.1)).toBe('good');
    expect(keywordDensityTone(1)).toBe('low');
    expect(keywordDensityTone(0)).toBe('low');
  });

  it('labels readability: 80+ Very Easy, 60+ Easy, 40+ Moderate, else Difficult', () => {
    expect(readabilityLabel(100)).toBe('Very Easy');
    expect(readabilityLabel(80)).toBe('Very Easy');
    expect(readabilityLabel(79.9)).toBe('Easy');
    expect(readabilityLabel(60)).toBe('Easy');
    expect(readabilityLabel(59)).toBe('Moderate');
    expect(readabilityLabel(40)).toBe('Moderate');
    expect(readabilityLabel(39.9)).toBe('Difficult');
    expect(readabilityLabel(0)).toBe('Difficult');
  });
});
