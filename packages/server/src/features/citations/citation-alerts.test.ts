import { describe, expect, it } from 'vitest';
import { CITATION_ALERT_RULES, type CitationSourceId, type TrackingRun } from '@citable/contract';
import { citationAlerts } from './citation-alerts';

/**
 * The citation alert rules (issue 21) at their thresholds (CITATION_ALERT_RULES): each rule at its
 * boundary and just past it, and every field of the drafts it raises.
 */

const DOMAIN = 'acme.example';
const PROMPT = 'What are the best tools for SEO?';
const ACTION = { type: 'citation_change', confidence: 100, impact: null, timeframe: null, actionUrl: '/dashboard/citations', actionLabel: 'Open the Citation Tracker' };

type Run = TrackingRun;
type PromptRate = Run['prompts'][number];
type Engine = Run['engines'][number];
type Voice = Run['shareOfVoice'][number];
type CitedDomain = Run['citedDomains'][number];

/** A run with nothing in it but what the test gives. */
const run = (runId: string, parts: Partial<Omit<Run, 'runId'>> = {}): Run => ({
  runId,
  created_at: '2026-11-19T05:00:00.000Z',
  engines: [],
  prompts: [],
  shareOfVoice: [],
  citedDomains: [],
  gapPrompts: [],
  ...parts,
});

const rate = (sourceId: CitationSourceId, mentions: number, samples: number, rateValue = samples === 0 ? 0 : mentions / samples, prompt = PROMPT): PromptRate => ({
  sourceId,
  prompt,
  samples,
  mentions,
  rate: rateValue,
});

const engine = (sourceId: CitationSourceId, name: string, status: Engine['status']): Engine => ({ sourceId, name, status, samples: 3, mentions: 0, rate: 0, interval: { low: 0, high: 1 } });
const user = (share: number): Voice => ({ name: 'Acme', domain: DOMAIN, isUser: true, mentions: 0, share });
const rival = (name: string, share: number): Voice => ({ name, domain: `${name.toLowerCase()}.example`, isUser: false, mentions: 0, share });
const cited = (host: string, count: number, own = false): CitedDomain => ({ host, count, own });

/** The alerts of the current run (newest first, as the monitor passes them). */
const alerts = (...history: Run[]) => citationAlerts(DOMAIN, history);
const keys = (...history: Run[]) => alerts(...history).map((alert) => alert.key);

describe('citationAlerts: no comparison possible', () => {
  it('raises nothing without runs', () => {
    expect(citationAlerts(DOMAIN, [])).toEqual([]);
  });

  it('raises nothing on the first run, whatever it holds (only the engine-failure rule needs no previous run, and it needs 3 runs)', () => {
    const only = run('run-1', {
      engines: [engine('chatgpt', 'ChatGPT', 'error')],
      prompts: [rate('claude', 3, 3), rate('chatgpt', 0, 0)],
      shareOfVoice: [user(0), rival('Globex', 1)],
      citedDomains: [cited('globex.example', 9)],
    });
    expect(alerts(only)).toEqual([]);
  });
});

describe('citationAlerts: a mention lost', () => {
  const lostAt = (previousRate: number, now: PromptRate) => alerts(run('run-2', { prompts: [now] }), run('run-1', { prompts: [rate('chatgpt', previousRate === 0 ? 0 : 1, 3, previousRate)] }));

  it('alerts when the previous rate was exactly the threshold and there is no mention now, with every field', () => {
    expect(CITATION_ALERT_RULES.mentionLostFromRate).toBe(0.5);
    expect(alerts(run('run-2', { prompts: [rate('chatgpt', 0, 3)] }), run('run-1', { prompts: [rate('chatgpt', 2, 4)] }))).toEqual([
      {
        ...ACTION,
        key: `citation:lost:${DOMAIN}:chatgpt:${PROMPT}:run-2`,
        title: 'ChatGPT stopped mentioning acme.example',
        message: `For "${PROMPT}", ChatGPT mentioned you in 50 % of its answers on the previous run and in none now.`,
        severity: 'high',
        steps: ['Open the prompt’s history to see which pages the answers cite instead.', 'Run a Page Audit of the page that should answer this prompt.'],
        data: { sourceId: 'chatgpt', prompt: PROMPT, previousRate: 0.5, rate: 0 },
      },
    ]);
  });

  it('does not alert just under the threshold', () => {
    expect(lostAt(0.4999, rate('chatgpt', 0, 3))).toEqual([]);
  });

  it('does not alert when the engine still mentions the site once', () => {
    expect(lostAt(1, rate('chatgpt', 1, 3))).toEqual([]);
  });

  it('rounds the previous rate to a whole percent and names the engine', () => {
    const [alert] = alerts(run('run-7', { prompts: [rate('perplexity', 0, 3)] }), run('run-6', { prompts: [rate('perplexity', 2, 3, 0.6667)] }));
    expect(alert.title).toBe('Perplexity stopped mentioning acme.example');
    expect(alert.message).toBe(`For "${PROMPT}", Perplexity mentioned you in 67 % of its answers on the previous run and in none now.`);
    expect(alert.key).toBe(`citation:lost:${DOMAIN}:perplexity:${PROMPT}:run-7`);
  });

  it('skips a prompt that had no answers before or has none now', () => {
    expect(alerts(run('run-2', { prompts: [rate('chatgpt', 0, 3)] }), run('run-1', { prompts: [rate('chatgpt', 0, 0, 1)] }))).toEqual([]);
    expect(alerts(run('run-2', { prompts: [rate('chatgpt', 0, 0)] }), run('run-1', { prompts: [rate('chatgpt', 3, 3)] }))).toEqual([]);
  });

  it('skips a prompt the previous run did not ask', () => {
    expect(alerts(run('run-2', { prompts: [rate('chatgpt', 0, 3)] }), run('run-1', { prompts: [rate('chatgpt', 3, 3, 1, 'Another prompt')] }))).toEqual([]);
  });

  it('compares each engine and prompt with the same engine and prompt of the previous run only', () => {
    const previous = run('run-1', { prompts: [rate('chatgpt', 3, 3), rate('claude', 0, 3), rate('chatgpt', 0, 3, 0, 'Other prompt')] });
    const current = run('run-2', { prompts: [rate('claude', 0, 3), rate('chatgpt', 0, 3, 0, 'Other prompt')] });
    expect(alerts(current, previous)).toEqual([]);
    // The same engine and prompt as before does alert.
    expect(keys(run('run-2', { prompts: [rate('chatgpt', 0, 3)] }), previous)).toEqual([`citation:lost:${DOMAIN}:chatgpt:${PROMPT}:run-2`]);
  });

  it('raises the alert again on a later run: the key names the current run', () => {
    const before = run('run-1', { prompts: [rate('gemini', 3, 3)] });
    expect(keys(run('run-2', { prompts: [rate('gemini', 0, 3)] }), before)).toEqual([`citation:lost:${DOMAIN}:gemini:${PROMPT}:run-2`]);
    expect(keys(run('run-3', { prompts: [rate('gemini', 0, 3)] }), before)).toEqual([`citation:lost:${DOMAIN}:gemini:${PROMPT}:run-3`]);
  });
});

describe('citationAlerts: a mention gained', () => {
  const gainedAt = (before: PromptRate, now: PromptRate) => alerts(run('run-2', { prompts: [now] }), run('run-1', { prompts: [before] }));

  it('alerts when there was no mention before and the rate reaches the threshold now, with every field', () => {
    expect(CITATION_ALERT_RULES.mentionGainedToRate).toBe(0.5);
    expect(gainedAt(rate('claude', 0, 3), rate('claude', 2, 4))).toEqual([
      {
        ...ACTION,
        key: `citation:gained:${DOMAIN}:claude:${PROMPT}:run-2`,
        title: 'Claude now mentions acme.example',
        message: `For "${PROMPT}", Claude mentioned you in 50 % of its answers, after none on the previous run.`,
        severity: 'low',
        steps: ['Keep the cited page current: engines drop stale sources.'],
        data: { sourceId: 'claude', prompt: PROMPT, previousRate: 0, rate: 0.5 },
      },
    ]);
  });

  it('does not alert just under the threshold', () => {
    expect(gainedAt(rate('claude', 0, 3), rate('claude', 1, 3, 0.4999))).toEqual([]);
  });

  it('does not alert when the engine mentioned the site before', () => {
    expect(gainedAt(rate('claude', 1, 3, 0.3333), rate('claude', 3, 3))).toEqual([]);
  });

  it('skips a prompt that had no answers before', () => {
    expect(gainedAt(rate('claude', 0, 0), rate('claude', 3, 3))).toEqual([]);
  });

  it('rounds the rate to a whole percent', () => {
    const [alert] = gainedAt(rate('answer-engine', 0, 3), rate('answer-engine', 2, 3, 0.6667));
    expect(alert.title).toBe('AI answers now mentions acme.example');
    expect(alert.message).toBe(`For "${PROMPT}", AI answers mentioned you in 67 % of its answers, after none on the previous run.`);
    expect(alert.data).toEqual({ sourceId: 'answer-engine', prompt: PROMPT, previousRate: 0, rate: 0.6667 });
  });
});

describe('citationAlerts: a competitor overtaking the share of voice', () => {
  const overtaken = (now: Voice[], before: Voice[]) => alerts(run('run-2', { shareOfVoice: now }), run('run-1', { shareOfVoice: before }));

  it('alerts when a competitor not ahead before is ahead now by the margin, with every field', () => {
    expect(CITATION_ALERT_RULES.overtakeMargin).toBe(0.05);
    expect(overtaken([user(0.5), rival('Globex', 0.55)], [user(0.6), rival('Globex', 0.4)])).toEqual([
      {
        ...ACTION,
        key: `citation:overtaken:${DOMAIN}:Globex:run-2`,
        title: 'Globex overtook your share of voice',
        message: 'Globex is named in 55 % of the mentions for your tracked prompts, you in 50 %.',
        severity: 'medium',
        steps: ['Compare the pages the answers cite for them with yours in the citation gap.'],
        data: { competitor: 'Globex', share: 0.55, userShare: 0.5 },
      },
    ]);
  });

  it('alerts at exactly the margin between shares rounded to 4 decimals (6 and 5 of 20 mentions)', () => {
    // 0.3 - 0.25 is 0.04999999999999999 in floating point: the margin is 5 points all the same.
    expect(keys(run('run-2', { shareOfVoice: [user(0.25), rival('Globex', 0.3)] }), run('run-1', { shareOfVoice: [user(0.5), rival('Globex', 0.1)] }))).toEqual([
      `citation:overtaken:${DOMAIN}:Globex:run-2`,
    ]);
  });

  it('does not alert just under the margin, level, or behind', () => {
    expect(overtaken([user(0.3), rival('Globex', 0.3499)], [user(0.6), rival('Globex', 0.1)])).toEqual([]);
    expect(overtaken([user(0.4), rival('Globex', 0.4)], [user(0.6), rival('Globex', 0.1)])).toEqual([]);
    expect(overtaken([user(0.6), rival('Globex', 0.3)], [user(0.6), rival('Globex', 0.1)])).toEqual([]);
  });

  it('alerts when the competitor was only level before, not ahead', () => {
    expect(keys(run('run-2', { shareOfVoice: [user(0.2), rival('Globex', 0.6)] }), run('run-1', { shareOfVoice: [user(0.4), rival('Globex', 0.4)] }))).toEqual([`citation:overtaken:${DOMAIN}:Globex:run-2`]);
  });

  it('does not alert again for a competitor already ahead before', () => {
    expect(overtaken([user(0.2), rival('Globex', 0.6)], [user(0.4), rival('Globex', 0.4001)])).toEqual([]);
  });

  it('alerts for a competitor the previous run did not name', () => {
    expect(keys(run('run-2', { shareOfVoice: [user(0.2), rival('Initech', 0.6)] }), run('run-1', { shareOfVoice: [user(0.4), rival('Globex', 0.6)] }))).toEqual([`citation:overtaken:${DOMAIN}:Initech:run-2`]);
  });

  it('compares each competitor with its own share before, not another competitor’s nor the user’s', () => {
    const before = [user(0.4), rival('Initech', 0.5), rival('Globex', 0.1)];
    const now = [user(0.3), rival('Initech', 0.3), rival('Globex', 0.4)];
    expect(keys(run('run-2', { shareOfVoice: now }), run('run-1', { shareOfVoice: before }))).toEqual([`citation:overtaken:${DOMAIN}:Globex:run-2`]);
    // A user brand spelled like the competitor is not the competitor's previous entry.
    const sameName = { ...user(0.3), name: 'Globex' };
    expect(keys(run('run-2', { shareOfVoice: [user(0.2), rival('Globex', 0.6)] }), run('run-1', { shareOfVoice: [sameName, rival('Globex', 0.5)] }))).toEqual([]);
  });

  it('needs the user’s share on both runs', () => {
    expect(overtaken([user(0.2), rival('Globex', 0.6)], [])).toEqual([]);
    expect(overtaken([user(0.2), rival('Globex', 0.6)], [rival('Globex', 0.1)])).toEqual([]);
    expect(overtaken([rival('Globex', 0.6)], [user(0.6), rival('Globex', 0.1)])).toEqual([]);
  });

  it('alerts once per competitor that overtook, in the current run’s order', () => {
    const now = [user(0.1), rival('Globex', 0.4), rival('Initech', 0.12), rival('Umbrella', 0.38)];
    const before = [user(0.5), rival('Globex', 0.2), rival('Initech', 0.2), rival('Umbrella', 0.1)];
    expect(keys(run('run-2', { shareOfVoice: now }), run('run-1', { shareOfVoice: before }))).toEqual([`citation:overtaken:${DOMAIN}:Globex:run-2`, `citation:overtaken:${DOMAIN}:Umbrella:run-2`]);
  });
});

describe('citationAlerts: a host newly cited', () => {
  const newHosts = (now: CitedDomain[], before: CitedDomain[] = []) => alerts(run('run-2', { citedDomains: now }), run('run-1', { citedDomains: before }));

  it('alerts for a host cited the minimum number of times that the previous run did not cite, with every field', () => {
    expect(CITATION_ALERT_RULES.newDomainMinCitations).toBe(2);
    expect(newHosts([cited('globex.example', 2)], [cited('initech.example', 4)])).toEqual([
      {
        ...ACTION,
        key: `citation:new-domain:${DOMAIN}:globex.example:run-2`,
        title: 'globex.example is newly cited for your prompts',
        message: 'Answers to your tracked prompts cited globex.example 2 times; no answer cited it on the previous run.',
        severity: 'low',
        steps: ['See what that page offers that yours does not.'],
        data: { host: 'globex.example', count: 2 },
      },
    ]);
  });

  it('does not alert for a host cited once', () => {
    expect(newHosts([cited('globex.example', 1)])).toEqual([]);
  });

  it('does not alert for a host the previous run cited, however often now', () => {
    expect(newHosts([cited('globex.example', 9)], [cited('globex.example', 1)])).toEqual([]);
  });

  it('never alerts for the user’s own hosts', () => {
    expect(newHosts([cited('acme.example', 5, true), cited('blog.acme.example', 3, true)])).toEqual([]);
  });

  it('alerts for each new host in the current run’s order', () => {
    expect(keys(run('run-5', { citedDomains: [cited('globex.example', 5), cited('acme.example', 4, true), cited('old.example', 3), cited('initech.example', 2), cited('tail.example', 1)] }), run('run-4', { citedDomains: [cited('old.example', 1)] }))).toEqual([
      `citation:new-domain:${DOMAIN}:globex.example:run-5`,
      `citation:new-domain:${DOMAIN}:initech.example:run-5`,
    ]);
  });
});

describe('citationAlerts: an engine failing run after run', () => {
  const failing = (status: Engine['status'], id: CitationSourceId = 'claude', name = 'Claude') => [engine('chatgpt', 'ChatGPT', 'ok'), engine(id, name, status)];

  it('alerts when the engine failed on the last 3 runs, error or unreachable, with every field', () => {
    expect(CITATION_ALERT_RULES.engineFailureRuns).toBe(3);
    expect(alerts(run('run-3', { engines: failing('error') }), run('run-2', { engines: failing('unreachable') }), run('run-1', { engines: failing('error') }))).toEqual([
      {
        ...ACTION,
        key: `citation:engine-failing:${DOMAIN}:claude:run-3`,
        title: 'Claude has failed 3 runs in a row',
        message: 'The last 3 scheduled runs for acme.example got no answer from Claude, so its figures are not current.',
        severity: 'medium',
        steps: ['Look at the engine’s message in the latest run.', 'If it persists, tell the operator of this Citable server.'],
        data: { sourceId: 'claude' },
      },
    ]);
  });

  it('counts unreachable on every run as failing too', () => {
    expect(keys(run('run-3', { engines: failing('unreachable') }), run('run-2', { engines: failing('unreachable') }), run('run-1', { engines: failing('unreachable') }))).toEqual([
      `citation:engine-failing:${DOMAIN}:claude:run-3`,
    ]);
  });

  it('names the engine as the current run names it', () => {
    const [alert] = alerts(
      run('run-9', { engines: [engine('gemini', 'Gemini (Google)', 'error')] }),
      run('run-8', { engines: [engine('gemini', 'Gemini', 'error')] }),
      run('run-7', { engines: [engine('gemini', 'Gemini', 'error')] }),
    );
    expect(alert.title).toBe('Gemini (Google) has failed 3 runs in a row');
    expect(alert.message).toBe('The last 3 scheduled runs for acme.example got no answer from Gemini (Google), so its figures are not current.');
  });

  it('needs 3 runs: 2 failing runs raise nothing', () => {
    expect(alerts(run('run-2', { engines: failing('error') }), run('run-1', { engines: failing('error') }))).toEqual([]);
    expect(alerts(run('run-1', { engines: failing('error') }))).toEqual([]);
  });

  it('looks at the last 3 runs only: an older run that answered does not matter', () => {
    expect(keys(run('run-4', { engines: failing('error') }), run('run-3', { engines: failing('error') }), run('run-2', { engines: failing('error') }), run('run-1', { engines: failing('ok') }))).toEqual([
      `citation:engine-failing:${DOMAIN}:claude:run-4`,
    ]);
  });

  it('does not alert when one of the 3 runs answered, or did not ask the engine', () => {
    expect(alerts(run('run-3', { engines: failing('error') }), run('run-2', { engines: failing('error') }), run('run-1', { engines: failing('ok') }))).toEqual([]);
    expect(alerts(run('run-3', { engines: failing('error') }), run('run-2', { engines: failing('ok') }), run('run-1', { engines: failing('error') }))).toEqual([]);
    expect(alerts(run('run-3', { engines: failing('error') }), run('run-2', { engines: [engine('chatgpt', 'ChatGPT', 'ok')] }), run('run-1', { engines: failing('error') }))).toEqual([]);
  });

  it('does not count an engine that was not set up or not in the plan as failing', () => {
    for (const status of ['not_configured', 'not_in_plan', 'ok'] as const) {
      expect(alerts(run('run-3', { engines: failing(status) }), run('run-2', { engines: failing(status) }), run('run-1', { engines: failing(status) }))).toEqual([]);
    }
  });

  it('does not alert when the current run answered, even if the 3 before failed', () => {
    expect(alerts(run('run-4', { engines: failing('ok') }), run('run-3', { engines: failing('error') }), run('run-2', { engines: failing('error') }), run('run-1', { engines: failing('error') }))).toEqual([]);
  });

  it('alerts for the failing engine only, not for the others of the same runs', () => {
    const history = [run('run-3', { engines: failing('error', 'perplexity', 'Perplexity') }), run('run-2', { engines: failing('error', 'perplexity', 'Perplexity') }), run('run-1', { engines: failing('error', 'perplexity', 'Perplexity') })];
    expect(keys(...history)).toEqual([`citation:engine-failing:${DOMAIN}:perplexity:run-3`]);
  });

  it('alerts for an engine of the current run only', () => {
    const gone = [engine('chatgpt', 'ChatGPT', 'ok')];
    expect(alerts(run('run-3', { engines: gone }), run('run-2', { engines: failing('error') }), run('run-1', { engines: failing('error') }))).toEqual([]);
  });
});

describe('citationAlerts: every rule on one run', () => {
  it('lists the alerts rule by rule: mentions, share of voice, new hosts, failing engines', () => {
    const runs = [
      run('run-3', {
        engines: failing3('error'),
        prompts: [rate('chatgpt', 0, 3), rate('claude', 3, 3)],
        shareOfVoice: [user(0.2), rival('Globex', 0.5)],
        citedDomains: [cited('globex.example', 3)],
      }),
      run('run-2', {
        engines: failing3('unreachable'),
        prompts: [rate('chatgpt', 3, 3), rate('claude', 0, 3)],
        shareOfVoice: [user(0.5), rival('Globex', 0.2)],
        citedDomains: [],
      }),
      run('run-1', { engines: failing3('error') }),
    ];
    expect(keys(...runs)).toEqual([
      `citation:lost:${DOMAIN}:chatgpt:${PROMPT}:run-3`,
      `citation:gained:${DOMAIN}:claude:${PROMPT}:run-3`,
      `citation:overtaken:${DOMAIN}:Globex:run-3`,
      `citation:new-domain:${DOMAIN}:globex.example:run-3`,
      `citation:engine-failing:${DOMAIN}:gemini:run-3`,
    ]);
    expect(alerts(...runs).map((alert) => alert.severity)).toEqual(['high', 'low', 'medium', 'low', 'medium']);
  });
});

function failing3(status: Engine['status']): Engine[] {
  return [engine('gemini', 'Gemini', status)];
}
