import { describe, expect, it } from 'vitest';
import { countWords } from '../text/words';
import { testVoiceAssistants, trimSpoken, SPOKEN_WORDS } from './voice-assistant-tester';
import { COMPETITOR_VOICE, page, SOLAR_GUIDE, USER_URL } from './fixtures/pages';

const user = () => [page(SOLAR_GUIDE, USER_URL)];
const rival = () => [page(COMPETITOR_VOICE, 'https://rival.example/lifespan')];

describe('testVoiceAssistants', () => {
  it('marks the user\'s site as mentioned when its passage wins', () => {
    const result = testVoiceAssistants({ query: 'How much do solar panels cost?', assistants: ['siri', 'alexa', 'google'], userPages: user(), competitorPages: rival() });
    expect(result.simulated).toBe(true);
    for (const r of result.results) {
      expect(r).toMatchObject({ mentioned: true, ranking: 1, source: USER_URL });
      expect(r.response).toMatch(/^A typical 6 kW home solar panel system costs about \$12,000 before incentives\./);
      expect(r.confidence).toBeGreaterThan(50);
    }
    // Each reads as long as it is documented to: Google a featured snippet, Alexa one short answer.
    const byAssistant = Object.fromEntries(result.results.map((r) => [r.assistant, r.response]));
    expect(byAssistant.alexa).toBe('A typical 6 kW home solar panel system costs about $12,000 before incentives.');
    expect(byAssistant.google).toBe('A typical 6 kW home solar panel system costs about $12,000 before incentives. The federal tax credit of 30% lowers the price to about $8,400 for most households, and prices fell by 42% over ten years.');
    expect(result.sameAnswer).toBe(false);
    expect(result.summary).toMatchObject({ totalMentions: 3, assistantsTested: 3, averageRanking: 1 });
  });

  it('does not mark the user\'s site when a competitor\'s passage wins, and ranks the user\'s passage', () => {
    const result = testVoiceAssistants({ query: 'How long do solar panels last?', assistants: ['alexa', 'google'], userPages: user(), competitorPages: rival() });
    for (const r of result.results) {
      expect(r).toMatchObject({ mentioned: false, ranking: 2, source: 'https://rival.example/lifespan' });
      expect(r.response).toBe('Solar panels last 25 to 30 years on average. Solar panels last longer when installers clean solar panels each year.');
    }
    expect(result.summary).toMatchObject({ totalMentions: 0, assistantsTested: 2, averageRanking: 2 });
  });

  it('applies each assistant\'s documented preference: Siri favours the structured page', () => {
    const result = testVoiceAssistants({ query: 'How long do solar panels last?', assistants: ['siri'], userPages: user(), competitorPages: rival() });
    expect(result.results[0]).toMatchObject({ assistant: 'siri', mentioned: true, source: USER_URL });
    expect(result.results[0].basis).toMatch(/structured data/);
  });

  it('trims the answer to spoken length at a sentence boundary', () => {
    const result = testVoiceAssistants({ query: 'solar panels household savings payback', assistants: ['google', 'siri'], userPages: user(), competitorPages: [] });
    expect(countWords(result.results[0].response)).toBeLessThanOrEqual(50);
    expect(countWords(result.results[1].response)).toBeLessThanOrEqual(SPOKEN_WORDS);
    expect(trimSpoken('One two three four five. Six seven eight nine ten.', 7)).toBe('One two three four five.');
    expect(trimSpoken('One two three four five six seven eight nine ten.', 4)).toBe('One two three four…');
  });

  it('reports no answer when nothing matches', () => {
    const result = testVoiceAssistants({ query: 'teak bench oil', assistants: ['siri'], userPages: user(), competitorPages: rival() });
    expect(result.results[0]).toMatchObject({ mentioned: false, confidence: 0, ranking: null, source: null });
    expect(result.summary.averageRanking).toBeNull();
  });
});
