import { describe, expect, it } from 'vitest';
import { auditModel } from '../audit';
import {
  analyzeEntityCoverage,
  compareAudits,
  compareCompetitors,
  discoverCompetitorCandidates,
  generateLlmsTxt,
  generateSchema,
  rankCompetitors,
  scoreGeneratedContent,
  suggestPrompts,
  summarizeSite,
  testVoiceAssistants,
} from './index';
import { BAKERY, COMPETITOR_ENTITIES, COMPETITOR_OTHER, COMPETITOR_VOICE, page, snapshot, SOLAR_GUIDE, USER_ENTITIES, USER_URL } from './fixtures/pages';

/** Each run builds its pages afresh, so nothing can leak from one run to the next through shared objects. */
const RUNS: Record<string, () => unknown> = {
  generateSchema: () => generateSchema({ snapshot: snapshot(SOLAR_GUIDE, USER_URL), scope: 'page' }),
  generateSchemaSite: () => generateSchema({ snapshot: snapshot(BAKERY, 'https://crumb.example/'), scope: 'site' }),
  analyzeEntityCoverage: () => analyzeEntityCoverage({ page: page(USER_ENTITIES, USER_URL), competitors: [page(COMPETITOR_ENTITIES, 'https://rival.example/a'), page(COMPETITOR_OTHER, 'https://patio.example/')] }),
  summarizeSite: () => summarizeSite({ pages: [page(SOLAR_GUIDE, USER_URL), page(USER_ENTITIES, 'https://sunny.example/b')], summaryType: 'detailed' }),
  generateLlmsTxt: () => generateLlmsTxt({ pages: [page(SOLAR_GUIDE, USER_URL), page(USER_ENTITIES, 'https://sunny.example/guides/b')] }),
  suggestPrompts: () => suggestPrompts({ topic: 'solar panels', userIntent: 'informational', pages: [page(SOLAR_GUIDE, USER_URL)] }),
  testVoiceAssistants: () => testVoiceAssistants({ query: 'How long do solar panels last?', assistants: ['siri', 'alexa', 'google'], userPages: [page(SOLAR_GUIDE, USER_URL)], competitorPages: [page(COMPETITOR_VOICE, 'https://rival.example/l')] }),
  compareCompetitors: () =>
    compareCompetitors({
      primary: { ...auditModel(page(USER_ENTITIES, USER_URL), null), url: USER_URL, name: 'Sunny' },
      competitors: [{ ...auditModel(page(SOLAR_GUIDE, 'https://rival.example/'), null), url: 'https://rival.example/', name: 'Rival' }],
    }),
  discoverCompetitorCandidates: () => discoverCompetitorCandidates({ pages: [page(SOLAR_GUIDE, USER_URL), page(USER_ENTITIES, 'https://sunny.example/b')], existingCompetitors: [] }),
  rankCompetitors: () => rankCompetitors({ userPages: [page(SOLAR_GUIDE, USER_URL)], candidates: [{ url: 'https://rival.example/', pages: [page(COMPETITOR_ENTITIES, 'https://rival.example/a')] }] }),
  compareAudits: () => compareAudits({ current: auditModel(page(SOLAR_GUIDE, USER_URL), null), previous: auditModel(page(USER_ENTITIES, USER_URL), null) }),
  scoreGeneratedContent: () => scoreGeneratedContent({ kind: 'description', text: 'What home solar panels cost and how much they save.' }),
};

describe('tools are deterministic', () => {
  for (const [name, run] of Object.entries(RUNS)) {
    it(`${name} gives the same output twice`, () => {
      expect(run()).toEqual(run());
    });
  }
});
