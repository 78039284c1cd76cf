import { describe, expect, it } from 'vitest';
import { discoverCompetitorCandidates, MIN_RELEVANCE, rankCompetitors } from './competitor-discovery';
import { COMPETITOR_ENTITIES, COMPETITOR_OTHER, COMPETITOR_VOICE, page, SOLAR_GUIDE, USER_ENTITIES, USER_URL } from './fixtures/pages';

const userPages = () => [page(SOLAR_GUIDE, USER_URL), page(USER_ENTITIES, 'https://sunny.example/guides/home-solar')];

describe('discoverCompetitorCandidates', () => {
  it('finds linked sites and named organizations, leaving out social profiles, public bodies and the user\'s own site', () => {
    const { candidates } = discoverCompetitorCandidates({ pages: userPages(), existingCompetitors: [] });
    expect(candidates.map((c) => c.url)).toEqual(expect.arrayContaining(['https://www.energysage.example', null]));
    expect(candidates.find((c) => c.name === 'Enphase Energy')).toMatchObject({ source: 'named-organization', url: null });
    const hosts = candidates.map((c) => c.url ?? '').join(' ');
    expect(hosts).not.toMatch(/linkedin|x\.com|energy\.gov|sunny\.example/);
  });

  it('excludes existing competitors', () => {
    const { candidates } = discoverCompetitorCandidates({ pages: userPages(), existingCompetitors: ['https://energysage.example/'] });
    expect(candidates.map((c) => c.url)).not.toContain('https://www.energysage.example');
  });
});

describe('rankCompetitors', () => {
  const candidates = () => [
    { url: 'https://rival.example/', pages: [page(COMPETITOR_ENTITIES, 'https://rival.example/solar-costs'), page(COMPETITOR_VOICE, 'https://rival.example/lifespan')] },
    { url: 'https://patio.example/', pages: [page(COMPETITOR_OTHER, 'https://patio.example/furniture')] },
    { url: 'https://www.sunny.example/', pages: [page(SOLAR_GUIDE, USER_URL)] },
    { url: 'https://known.example/', pages: [page(COMPETITOR_VOICE, 'https://known.example/lifespan')] },
  ];

  it('ranks by topical similarity, drops weak matches, the user\'s domain and existing competitors', () => {
    const result = rankCompetitors({ userPages: userPages(), candidates: candidates(), existingCompetitors: ['known.example'] });
    expect(result.competitorSuggestions.map((s) => s.url)).toEqual(['https://rival.example']);
    expect(result.totalSuggestions).toBe(1);
    const [rival] = result.competitorSuggestions;
    expect(rival.name).toBe('Rival Solar');
    expect(rival.relevanceScore).toBeGreaterThanOrEqual(MIN_RELEVANCE);
    expect(rival.reason).toContain('solar');
    expect(['direct', 'content', 'adjacent']).toContain(rival.type);
  });
});
