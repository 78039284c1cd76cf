import { describe, expect, it } from 'vitest';
import { playbookCheckIds, PLAYBOOKS } from '@citable/contract';
import { DEFAULT_SCORING_CONFIG } from '../scoring/default-config';
import { CHECKS_BY_ID } from './index';

// The playbooks' match (issue 19) counts the engine checks their steps work on: every id they name
// must be a check the engine runs and scores, or the figure would count a check no audit reports.
describe('the checks the playbooks work on', () => {
  const scored = new Set(Object.values(DEFAULT_SCORING_CONFIG.subscores).flatMap((subscore) => subscore.checks.map((check) => check.id)));

  it.each(PLAYBOOKS.map((playbook) => [playbook.id, playbook] as const))('%s names engine checks that are scored', (_id, playbook) => {
    const ids = playbookCheckIds(playbook);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      expect(CHECKS_BY_ID.has(id), id).toBe(true);
      expect(scored.has(id), id).toBe(true);
    }
  });
});
