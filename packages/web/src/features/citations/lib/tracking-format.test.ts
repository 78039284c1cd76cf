import { describe, expect, it } from 'vitest';
import type { TrackedSite, TrackingRun } from '@citable/contract';
import { ALL_PROMPTS, cadence, engineLine, engineSummary, noRunsText, promptCell, scheduleLabel, trendRows } from './tracking-format';

const interval = { low: 0, high: 1 };
function run(id: string, created: string, engines: [string, number, number][], prompts: [string, string, number, number][] = []): TrackingRun {
  return {
    runId: id,
    created_at: created,
    engines: engines.map(([sourceId, samples, mentions]) => ({ sourceId: sourceId as 'chatgpt', name: sourceId.toUpperCase(), status: samples > 0 ? 'ok' : 'not_configured', samples, mentions, rate: samples ? mentions / samples : 0, interval })),
    prompts: prompts.map(([sourceId, prompt, samples, mentions]) => ({ sourceId: sourceId as 'chatgpt', prompt, samples, mentions, rate: samples ? mentions / samples : 0 })),
    shareOfVoice: [],
    citedDomains: [],
    gapPrompts: [],
  };
}

describe('engineSummary', () => {
  it('names the engines asked, not set up and over the plan, in words', () => {
    expect(
      engineSummary([
        { id: 'chatgpt', name: 'ChatGPT', status: 'on' },
        { id: 'claude', name: 'Claude', status: 'on' },
        { id: 'gemini', name: 'Gemini', status: 'not_in_plan' },
        { id: 'perplexity', name: 'Perplexity', status: 'not_set_up' },
      ]),
    ).toEqual({ asked: 'ChatGPT, Claude', notSetUp: 'Perplexity: not set up on this server', notInPlan: 'Gemini: not in your plan' });
    expect(engineSummary([{ id: 'chatgpt', name: 'ChatGPT', status: 'not_set_up' }])).toEqual({ asked: 'no answer engine', notSetUp: 'ChatGPT: not set up on this server', notInPlan: null });
  });
});

describe('cadence and schedule', () => {
  const site = (fields: Partial<TrackedSite>): TrackedSite => ({ domain: 'a.example', prompts: [], nextRunAt: null, lastRunAt: null, running: null, lastError: null, ...fields });
  const now = new Date('2026-11-27T10:00:00Z');
  const format = (date: Date) => date.toISOString();

  it('says the plan’s cadence', () => {
    expect([cadence(1), cadence(7), cadence(3)]).toEqual(['daily', 'weekly', 'every 3 days']);
  });

  it('shows a run in flight with its progress, else when the next one is', () => {
    expect(scheduleLabel(site({ running: { startedAt: now.toISOString(), asksDone: 4, asksPlanned: 18 }, nextRunAt: '2026-11-28T10:00:00.000Z' }), now, format)).toBe('Running: 4 of 18 answers');
    expect(scheduleLabel(site({ nextRunAt: '2026-11-28T10:00:00.000Z' }), now, format)).toBe('Next run 2026-11-28T10:00:00.000Z');
    expect(scheduleLabel(site({ nextRunAt: now.toISOString() }), now, format)).toBe('First run within 5 minutes');
    expect(scheduleLabel(site({ nextRunAt: '2026-11-27T09:00:00.000Z', lastRunAt: '2026-11-26T09:00:00.000Z' }), now, format)).toBe('Next run within 5 minutes');
    expect(scheduleLabel(site({}), now, format)).toBe('Not scheduled');
  });
});

describe('trendRows', () => {
  const runs = [
    run('r2', '2026-11-27T09:00:00Z', [['chatgpt', 6, 3], ['claude', 6, 0], ['gemini', 0, 0]], [['chatgpt', 'p1', 3, 3], ['chatgpt', 'p2', 3, 0]]),
    run('r1', '2026-11-26T09:00:00Z', [['chatgpt', 6, 6], ['claude', 0, 0]], [['chatgpt', 'p1', 3, 3]]),
  ];

  it('puts the oldest run first, one column per engine that ever answered, gaps where it did not', () => {
    const { rows, engines } = trendRows(runs, ALL_PROMPTS, (date) => date.toISOString().slice(0, 10));
    expect(engines).toEqual([
      { id: 'chatgpt', name: 'CHATGPT' },
      { id: 'claude', name: 'CLAUDE' },
    ]);
    expect(rows).toEqual([
      { date: '2026-11-26', chatgpt: 100, claude: null },
      { date: '2026-11-27', chatgpt: 50, claude: 0 },
    ]);
  });

  it('follows one prompt when asked', () => {
    const { rows } = trendRows(runs, 'p2', (date) => date.toISOString().slice(0, 10));
    expect(rows).toEqual([
      { date: '2026-11-26', chatgpt: null, claude: null },
      { date: '2026-11-27', chatgpt: 0, claude: null },
    ]);
  });
});

describe('promptCell', () => {
  const latest = run('r2', '2026-11-27T09:00:00Z', [], [['chatgpt', 'p1', 3, 2], ['chatgpt', 'p2', 3, 1], ['chatgpt', 'p3', 0, 0]]);
  const previous = run('r1', '2026-11-26T09:00:00Z', [], [['chatgpt', 'p1', 3, 1], ['chatgpt', 'p2', 3, 1]]);

  it('shows the rate with its count and the change since the run before', () => {
    expect(promptCell(latest, previous, 'chatgpt', 'p1')).toEqual({ text: '67% (2/3)', change: 'up' });
    expect(promptCell(previous, latest, 'chatgpt', 'p1')).toEqual({ text: '33% (1/3)', change: 'down' });
    expect(promptCell(latest, previous, 'chatgpt', 'p2')).toEqual({ text: '33% (1/3)', change: null });
    expect(promptCell(latest, undefined, 'chatgpt', 'p1')).toEqual({ text: '67% (2/3)', change: null });
  });

  it('shows nothing for an engine that did not answer the prompt', () => {
    expect(promptCell(latest, previous, 'chatgpt', 'p3')).toBeNull();
    expect(promptCell(latest, previous, 'claude', 'p1')).toBeNull();
  });
});

describe('engineLine (issue 29)', () => {
  const engine = (extra: Partial<TrackingRun['engines'][number]>): TrackingRun['engines'][number] => ({ sourceId: 'claude', name: 'Claude', status: 'ok', samples: 6, mentions: 2, rate: 2 / 6, interval: { low: 0.1, high: 0.7 }, ...extra });

  it('gives mentioned and cited apart, the share of voice and the failed asks', () => {
    expect(engineLine(engine({ cited: 1, shareOfVoice: 0.25, asks: 9, failedAsks: 3, failure: 'rate_limited' }))).toBe('mentioned 33% (10–70%) of 6 answers · cited in 1 · share of voice 25% · 3 of 9 asks failed (rate limited)');
    expect(engineLine(engine({}))).toBe('mentioned 33% (10–70%) of 6 answers');
  });

  it('never says “0 of 0 answers”: an engine without answers says so, with its failed asks', () => {
    expect(engineLine(engine({ samples: 0, mentions: 0, rate: 0, interval: { low: 0, high: 0 } }))).toBe('no answer on the last run');
    expect(engineLine(engine({ samples: 0, mentions: 0, rate: 0, asks: 3, failedAsks: 3, failure: 'timed_out' }))).toBe('no answer on the last run · 3 of 3 asks failed (timed out)');
  });

  it('gives the failure label and the reason of an engine that failed', () => {
    expect(engineLine(engine({ status: 'error', samples: 0, failure: 'key_refused', message: "Claude refused this server's key (HTTP 401)." }))).toBe("Key refused: Claude refused this server's key (HTTP 401).");
    expect(engineLine(engine({ status: 'unreachable', samples: 0 }))).toBe('No answer: no answer on the last run');
  });
});

describe('noRunsText (issue 29)', () => {
  const tracked = (extra: Partial<TrackedSite>): TrackedSite => ({
    domain: 'acme.example',
    prompts: [{ id: '1', domain: 'acme.example', prompt: 'Which crawler?', created_at: '2026-12-01T08:00:00.000Z' }],
    nextRunAt: '2026-12-01T08:00:00.000Z',
    lastRunAt: null,
    running: null,
    lastError: null,
    ...extra,
  });
  const on = [{ id: 'chatgpt' as const, name: 'ChatGPT', status: 'on' as const }];

  it('promises a first run only when a prompt is tracked and a run is scheduled', () => {
    expect(noRunsText('acme.example', tracked({}), on)).toBe('No scheduled run yet for acme.example. The first one starts within minutes of adding a prompt.');
    expect(noRunsText('acme.example', undefined, on)).toBe('No scheduled run yet for acme.example: track a prompt above and it is asked on a schedule.');
    expect(noRunsText('acme.example', tracked({ prompts: [] }), on)).toBe('No scheduled run yet for acme.example: track a prompt above and it is asked on a schedule.');
    expect(noRunsText('acme.example', tracked({ nextRunAt: null }), on)).toBe('No scheduled run yet for acme.example, and none is scheduled.');
    expect(noRunsText('acme.example', tracked({ running: { startedAt: '2026-12-01T08:00:00.000Z', asksDone: 1, asksPlanned: 6 } }), on)).toBe('No scheduled run yet for acme.example: the first one is running.');
    expect(noRunsText('acme.example', tracked({}), [{ id: 'chatgpt', name: 'ChatGPT', status: 'not_set_up' }])).toBe(
      'No scheduled run yet for acme.example: no answer engine is set up on this server, so the tracked prompts are not asked.',
    );
  });
});
