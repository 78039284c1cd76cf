import { PLAYBOOKS_BY_ID, type PlaybookListItem, type PlaybookMatch } from '@citable/contract';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { matchExplanation, matchLabel } from '../lib/match-label';
import { PlaybookCard } from './playbook-card';

const voice = PLAYBOOKS_BY_ID.get('voice-search-optimization')!;
const item = (match?: PlaybookMatch): PlaybookListItem => ({ ...voice, available: true, requiredPlan: 'core', ...(match ? { match } : {}) });
const audit = { websiteUrl: 'https://lantern.example/tea', auditedAt: '2026-03-04T05:06:07.000Z' };
const render = (playbook: PlaybookListItem, matchAudit: typeof audit | null = audit) =>
  renderToString(<PlaybookCard playbook={playbook} completed={new Set()} recommended={false} matchAudit={matchAudit} onOpen={() => undefined} onViewPlans={() => undefined} />).replace(/<!-- -->/g, '');

describe('the playbook card’s match', () => {
  it('says how many of the playbook’s checks the latest audit fails, and where that comes from', () => {
    const html = render(item({ failing: 3, total: 4, percent: 75 }));
    expect(html).toContain('data-testid="playbook-match"');
    expect(html).toContain('>3 of 4 checks to fix</span>');
    expect(html).toContain('title="Of the 4 checks this playbook works on, 3 (75%) fail in your latest audit of lantern.example on 2026-03-04."');
    expect(html).not.toMatch(/\d+% match/);
  });

  it('shows no figure at all without a match (no audit), never 0%', () => {
    const html = render(item(), null);
    expect(html).not.toContain('playbook-match');
    expect(html).not.toContain('match');
    expect(html).not.toContain('0%</span><h3');
  });

  it('words every count honestly', () => {
    expect(matchLabel({ failing: 0, total: 4, percent: 0 })).toBe('All 4 checks pass');
    expect(matchLabel({ failing: 1, total: 1, percent: 100 })).toBe('1 of 1 check to fix');
    expect(matchLabel({ failing: 1, total: 9, percent: 11 })).toBe('1 of 9 checks to fix');
    expect(matchExplanation({ failing: 0, total: 4, percent: 0 }, audit)).toBe('All 4 checks this playbook works on pass in your latest audit of lantern.example on 2026-03-04.');
    expect(matchExplanation({ failing: 1, total: 1, percent: 100 }, { websiteUrl: null, auditedAt: '2026-01-02T00:00:00.000Z' })).toBe(
      'Of the 1 check this playbook works on, 1 (100%) fails in your latest audit on 2026-01-02.',
    );
  });
});
