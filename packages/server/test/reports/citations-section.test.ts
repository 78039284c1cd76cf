import { describe, expect, it } from 'vitest';
import type { TrackingRun } from '@citable/contract';
import {
  citationsIntro,
  citedDomainRows,
  engineFailureRows,
  engineRows,
  engineTrend,
  CITATIONS_NOTES,
  ENGINE_LINE_COLORS,
  percent,
  rateWithInterval,
  reportedEngines,
  shareOfVoiceRows,
  trendLabels,
  type ReportCitations,
} from '../../src/features/reports/render/citations';
import { day } from '../../src/features/reports/render/labels';

// The answer-engine section's wording, shared by the PDF, HTML and CSV reports (issue 21 item 6).

type Engine = TrackingRun['engines'][number];

const engine = (sourceId: Engine['sourceId'], name: string, mentions: number, samples: number, status: Engine['status'] = 'ok', interval = { low: 0.1, high: 0.9 }): Engine => ({
  sourceId,
  name,
  status,
  samples,
  mentions,
  rate: samples === 0 ? 0 : mentions / samples,
  interval,
});

function run(created_at: string, engines: Engine[], extra: Partial<TrackingRun> = {}): TrackingRun {
  return { runId: created_at, created_at, engines, prompts: [], shareOfVoice: [], citedDomains: [], gapPrompts: [], ...extra };
}

const OLD = run('2026-03-02T08:00:00.000Z', [engine('chatgpt', 'ChatGPT', 6, 6), engine('claude', 'Claude', 0, 0, 'unreachable'), engine('perplexity', 'Perplexity', 0, 0, 'not_configured')]);
const MID = run('2026-03-09T08:00:00.000Z', [engine('chatgpt', 'ChatGPT', 3, 6), engine('claude', 'Claude', 1, 6), engine('perplexity', 'Perplexity', 0, 0, 'not_configured')]);
const NEW = run(
  '2026-03-16T08:00:00.000Z',
  [{ ...engine('chatgpt', 'ChatGPT', 2, 6, 'ok', { low: 0.0967, high: 0.7003 }), shareOfVoice: 0.25 }, engine('claude', 'Claude', 0, 0, 'error'), engine('gemini', 'Gemini', 0, 0, 'unreachable'), engine('perplexity', 'Perplexity', 0, 0, 'not_configured')],
  {
    prompts: [
      { sourceId: 'chatgpt', prompt: 'Which crawler?', samples: 3, mentions: 2, rate: 2 / 3 },
      { sourceId: 'chatgpt', prompt: 'Which log analyser?', samples: 3, mentions: 0, rate: 0 },
    ],
    shareOfVoice: [
      { name: 'Acme Tools', domain: 'acmetools.example', isUser: true, mentions: 2, share: 0.25 },
      { name: 'Globex', domain: 'globex.example', isUser: false, mentions: 6, share: 0.75 },
      { name: 'Initech', domain: null, isUser: false, mentions: 0, share: 0 },
    ],
    citedDomains: [
      { host: 'globex.example', count: 5, own: false },
      { host: 'acmetools.example', count: 2, own: true },
      ...Array.from({ length: 12 }, (_, index) => ({ host: `site${index}.example`, count: 1, own: false })),
    ],
  },
);
const citations: ReportCitations = { domain: 'acmetools.example', runs: [NEW, MID, OLD] };

describe('rates as the report prints them', () => {
  it('rounds a rate to a whole percent', () => {
    expect([percent(0), percent(1), percent(2 / 3), percent(0.125), percent(0.004)]).toEqual(['0%', '100%', '67%', '13%', '0%']);
  });

  it('puts the 95% interval after the rate, each end rounded', () => {
    expect(rateWithInterval(2 / 3, { low: 0.2077, high: 0.9385 })).toBe('67% (21–94%)');
    expect(rateWithInterval(0, { low: 0, high: 0.3903 })).toBe('0% (0–39%)');
    expect(rateWithInterval(1, { low: 0.6097, high: 1 })).toBe('100% (61–100%)');
  });
});

describe('the engines of the section', () => {
  it('are those that answered in some run, and those that failed in the latest, never the ones not set up', () => {
    expect(reportedEngines(citations.runs)).toEqual([
      { sourceId: 'chatgpt', name: 'ChatGPT' },
      { sourceId: 'claude', name: 'Claude' },
      { sourceId: 'gemini', name: 'Gemini' },
    ]);
    // Claude failing in an older run only is no reason to list it.
    expect(reportedEngines([run(NEW.created_at, [NEW.engines[0]!]), OLD]).map((entry) => entry.sourceId)).toEqual(['chatgpt']);
  });

  it('show the latest rate with its interval, the mentions out of the answers and the previous run’s rate, or why there is no rate', () => {
    expect(engineRows(citations)).toEqual([
      { name: 'ChatGPT', rate: '33% (10–70%)', mentioned: '2 of 6', cited: '-', previous: '50%', shareOfVoice: '25%' },
      { name: 'Claude', rate: null, mentioned: 'failed', cited: '-', previous: '17%', shareOfVoice: '-' },
      { name: 'Gemini', rate: null, mentioned: 'unreachable', cited: '-', previous: '-', shareOfVoice: '-' },
    ]);
    expect(engineRows({ domain: 'acmetools.example', runs: [OLD] })).toEqual([
      { name: 'ChatGPT', rate: '100% (10–90%)', mentioned: '6 of 6', cited: '-', previous: '-', shareOfVoice: '-' },
      { name: 'Claude', rate: null, mentioned: 'unreachable', cited: '-', previous: '-', shareOfVoice: '-' },
    ]);
    expect(engineRows({ domain: 'acmetools.example', runs: [] })).toEqual([]);
  });
});

// Issue 29: mentioned and cited apart, and the latest run's failures with their reasons.
describe('mentioned, cited and failures in the report', () => {
  const partial: Engine = { ...engine('claude', 'Claude', 3, 12), cited: 1, asks: 15, failedAsks: 3, failure: 'rate_limited', message: '12 answers; 3 of 15 Claude asks failed: Claude is limiting requests (HTTP 429); try again later.' };
  const refused: Engine = { ...engine('gemini', 'Gemini', 0, 0, 'error'), asks: 6, failedAsks: 6, failure: 'key_refused', message: "Gemini refused this server's key (HTTP 401)." };
  const latest = run('2026-03-23T08:00:00.000Z', [{ ...engine('chatgpt', 'ChatGPT', 4, 6), cited: 2, asks: 6, failedAsks: 0 }, partial, refused, engine('perplexity', 'Perplexity', 0, 0, 'not_configured')], {
    shareOfVoice: [
      { name: 'Acme Tools', domain: 'acmetools.example', isUser: true, mentions: 7, cited: 3, share: 0.5 },
      { name: 'Globex', domain: 'globex.example', isUser: false, mentions: 7, cited: 0, share: 0.5 },
    ],
  });
  const report: ReportCitations = { domain: 'acmetools.example', runs: [latest, NEW] };

  it('give per engine the answers mentioning and the answers citing the site apart, and the failure label where an engine failed', () => {
    expect(engineRows(report)).toEqual([
      { name: 'ChatGPT', rate: '67% (10–90%)', mentioned: '4 of 6', cited: '2 of 6', previous: '33%', shareOfVoice: '-' },
      { name: 'Claude', rate: '25% (10–90%)', mentioned: '3 of 12', cited: '1 of 12', previous: '-', shareOfVoice: '-' },
      { name: 'Gemini', rate: null, mentioned: 'key refused', cited: '-', previous: '-', shareOfVoice: '-' },
    ]);
  });

  it('list the engines whose asks failed with the reason, partial failures with how many of the asks', () => {
    expect(engineFailureRows(report)).toEqual([
      { name: 'Claude', text: '3 of 15 asks failed: rate limited' },
      { name: 'Gemini', text: "Key refused: Gemini refused this server's key (HTTP 401)." },
    ]);
    // Runs from before the failure fields: the status and the message the run kept.
    expect(engineFailureRows(citations)).toEqual([
      { name: 'Claude', text: 'Failed: no answer on the latest run.' },
      { name: 'Gemini', text: 'Unreachable: no answer on the latest run.' },
    ]);
    expect(engineFailureRows({ domain: 'acmetools.example', runs: [MID] })).toEqual([]);
    expect(engineFailureRows({ domain: 'acmetools.example', runs: [] })).toEqual([]);
  });

  it('give each brand of the share of voice its mentions and its citations apart', () => {
    expect(shareOfVoiceRows(report)).toEqual([
      { name: 'Acme Tools (you)', mentions: 7, cited: '3', share: '50%', isUser: true },
      { name: 'Globex', mentions: 7, cited: '0', share: '50%', isUser: false },
    ]);
  });

  it('define both measures with the contract’s texts', () => {
    expect(CITATIONS_NOTES.measures).toContain('A name that appears only inside a link does not count.');
    expect(CITATIONS_NOTES.measures).toContain('listed apart as sources consulted');
  });

  it('trend oldest run first, in percent, with a gap where an engine gave no answer', () => {
    expect(engineTrend(citations)).toEqual({
      dates: [OLD.created_at, MID.created_at, NEW.created_at],
      series: [
        { sourceId: 'chatgpt', name: 'ChatGPT', color: ENGINE_LINE_COLORS.chatgpt, values: [100, 50, 33] },
        { sourceId: 'claude', name: 'Claude', color: ENGINE_LINE_COLORS.claude, values: [null, 17, null] },
        { sourceId: 'gemini', name: 'Gemini', color: ENGINE_LINE_COLORS.gemini, values: [null, null, null] },
      ],
    });
    expect(new Set(Object.values(ENGINE_LINE_COLORS)).size).toBe(Object.keys(ENGINE_LINE_COLORS).length);
  });

  it('label the trend by day, with the time when two runs fall on one day', () => {
    expect(trendLabels([OLD.created_at, MID.created_at, NEW.created_at])).toEqual(['Mar 2', 'Mar 9', 'Mar 16']);
    expect(trendLabels(['2026-03-16T07:05:00.000Z', '2026-03-16T19:40:00.000Z', '2026-03-17T07:05:00.000Z'])).toEqual(['Mar 16, 07:05', 'Mar 16, 19:40', 'Mar 17, 07:05']);
  });
});

describe('the latest run’s share of voice, cited domains and runs', () => {
  it('lists brands most mentioned first, the user marked', () => {
    expect(shareOfVoiceRows(citations)).toEqual([
      { name: 'Globex', mentions: 6, cited: '-', share: '75%', isUser: false },
      { name: 'Acme Tools (you)', mentions: 2, cited: '-', share: '25%', isUser: true },
      { name: 'Initech', mentions: 0, cited: '-', share: '0%', isUser: false },
    ]);
  });

  it('puts the user first on a tie', () => {
    const tied = run(NEW.created_at, [], {
      shareOfVoice: [
        { name: 'Globex', domain: 'globex.example', isUser: false, mentions: 3, share: 0.5 },
        { name: 'Acme Tools', domain: 'acmetools.example', isUser: true, mentions: 3, share: 0.5 },
      ],
    });
    expect(shareOfVoiceRows({ domain: 'acmetools.example', runs: [tied] }).map((row) => row.name)).toEqual(['Acme Tools (you)', 'Globex']);
  });

  it('shows the ten most cited domains, the user’s own marked', () => {
    const rows = citedDomainRows(citations);
    expect(rows).toHaveLength(10);
    expect(rows.slice(0, 3)).toEqual([
      { host: 'globex.example', count: 5, own: false },
      { host: 'acmetools.example (your site)', count: 2, own: true },
      { host: 'site0.example', count: 1, own: false },
    ]);
  });

  it('says which runs the section covers', () => {
    expect(citationsIntro(citations, day)).toBe(
      'How answer engines answer the tracked prompts about acmetools.example: the latest run on March 16, 2026 asked 2 prompts of 1 answer engine (3 runs since March 2, 2026).',
    );
    expect(citationsIntro({ domain: 'acmetools.example', runs: [MID] }, day)).toBe('How answer engines answer the tracked prompts about acmetools.example: the latest run on March 9, 2026 asked 0 prompts of 2 answer engines (the first run).');
  });
});
