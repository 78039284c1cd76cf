import { describe, expect, it } from 'vitest';
import { buildPageModel } from '../model/build-page-model';
import { chunkPassages } from './chunk-passages';
import { rankPassages } from './rank-passages';

const solar = buildPageModel({ format: 'markdown', url: null, body: `# Solar panels\n\n## How long do solar panels last?\n\nSolar panels last 25 to 30 years and lose about half a percent of output each year.\n\n## What do solar panels cost?\n\nA typical home system costs about 12,000 dollars before incentives.` });
const wind = buildPageModel({ format: 'markdown', url: null, body: `# Wind turbines\n\n## How long do wind turbines last?\n\nA wind turbine lasts about 20 years before its blades and gearbox need replacing.` });

describe('retrieval simulation', () => {
  it('chunks the main content into passages under their headings', () => {
    const passages = chunkPassages(solar);
    expect(passages.map((p) => p.heading)).toEqual(['How long do solar panels last?', 'What do solar panels cost?']);
    expect(passages[0].text).toContain('25 to 30 years');
  });

  it('splits long sections at sentence boundaries', () => {
    const long = buildPageModel({ format: 'text', body: Array.from({ length: 30 }, (_, i) => `Sentence number ${i} talks about batteries and storage.`).join(' ') });
    const passages = chunkPassages(long, { maxWords: 40, minWords: 10 });
    expect(passages.length).toBeGreaterThan(3);
    for (const p of passages) expect(p.wordCount).toBeLessThanOrEqual(50);
  });

  it('ranks passages per prompt with BM25 and reports share of voice', () => {
    const [ranking] = rankPassages([{ id: 'solar', model: solar }, { id: 'wind', model: wind }], ['how long do solar panels last']);
    expect(ranking.passages[0]).toMatchObject({ pageId: 'solar', rank: 1 });
    expect(ranking.passages[0].text).toContain('25 to 30 years');
    const share = Object.fromEntries(ranking.shareOfVoice.map((s) => [s.pageId, s.share]));
    expect(share.solar).toBeGreaterThan(share.wind);
    expect(share.solar + share.wind).toBeCloseTo(1, 2);
  });

  it('is reproducible', () => {
    const pages = [{ id: 'solar', model: solar }, { id: 'wind', model: wind }];
    expect(rankPassages(pages, ['turbine blades', 'panel cost'])).toEqual(rankPassages(pages, ['turbine blades', 'panel cost']));
  });
});
