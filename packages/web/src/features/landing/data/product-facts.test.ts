import { readFileSync } from 'node:fs';
import { AI_CRAWLERS } from '@citable/contract';
import { CHECKS, DEFAULT_SCORING_CONFIG } from '@citable/engine';
import { describe, expect, it } from 'vitest';
import { CRAWLER_TABLE } from './evidence';
import { AUDIT_CHECK_COUNT, SUBSCORE_WEIGHTS } from './product-facts';

// The public pages state these figures as facts about the product, so they must match the engine.
describe('the product facts the public pages state', () => {
  it('name the number of checks the engine runs', () => {
    expect(AUDIT_CHECK_COUNT).toBe(CHECKS.length);
  });

  it('give each subscore the weight the engine uses', () => {
    expect(SUBSCORE_WEIGHTS.map((subscore) => subscore.weight)).toEqual(Object.values(DEFAULT_SCORING_CONFIG.subscores).map((subscore) => subscore.weight));
  });

  it('list crawlers the audit tests, each under its operator and purpose', () => {
    const purposeOf = (token: string) => AI_CRAWLERS.find((crawler) => crawler.token === token);
    for (const row of CRAWLER_TABLE) {
      expect(purposeOf(row.search), row.search).toMatchObject({ operator: row.operator, purpose: 'search' });
      expect(purposeOf(row.user), row.user).toMatchObject({ operator: row.operator, purpose: 'user' });
      if (row.training !== 'None') expect(purposeOf(row.training), row.training).toMatchObject({ operator: row.operator, purpose: 'training' });
    }
  });

  it('are the figures the published llms.txt states', () => {
    const llms = readFileSync(new URL('../../../../content/llms.txt', import.meta.url), 'utf8');
    expect(llms).toContain(`${CHECKS.length} checks, ${SUBSCORE_WEIGHTS.length} subscores, ${AI_CRAWLERS.length} AI crawlers tested`);
  });
});
