import { describe, expect, it } from 'vitest';
import { CITATION_SOURCES, type CitationSourceId, type CitationSourceStatus, type CitationTrackerResult, type PromptMentionRate } from '@citable/contract';
import { CITED_DOMAINS_LIMIT, trackingRun } from './tracking-history';
import { wilsonInterval } from './wilson';

/** One stored run as the tracked-prompt history shows it (issue 21). */

const P1 = 'What are the best tools for SEO?';
const P2 = 'Which companies are known for SEO?';
const P3 = 'Which SEO tool do startups use?';

type Voice = CitationTrackerResult['shareOfVoice'][number];
type GapPage = CitationTrackerResult['citationGap'][number];

const status = (id: CitationSourceId, state: CitationSourceStatus['status'] = 'ok'): CitationSourceStatus => ({
  id,
  name: CITATION_SOURCES[id].name,
  kind: CITATION_SOURCES[id].kind,
  status: state,
  message: '',
});

const rate = (sourceId: CitationSourceId, prompt: string, mentions: number, samples: number, extra: Partial<PromptMentionRate> = {}): PromptMentionRate => ({
  sourceId,
  prompt,
  samples,
  mentions,
  rate: samples === 0 ? 0 : Math.round((mentions / samples) * 10_000) / 10_000,
  interval: wilsonInterval(mentions, samples),
  bestRank: null,
  meanOffset: null,
  sentiment: null,
  ownPagesCited: 0,
  citedUrls: [],
  competitorsMentioned: [],
  ...extra,
});

const voice = (name: string, isUser: boolean, share: number): Voice => ({ name, domain: `${name.toLowerCase()}.example`, isUser, mentions: Math.round(share * 10), share });
const gap = (competitor: string | null, prompts: string[], url = `https://${(competitor ?? 'other').toLowerCase()}.example/page`): GapPage => ({
  url,
  host: new URL(url).hostname,
  count: 1,
  prompts,
  competitor,
});

const SHARE_OF_VOICE: Voice[] = [voice('Acme', true, 0.5), voice('Globex', false, 0.3), voice('Initech', false, 0.2)];

function result(parts: Partial<CitationTrackerResult> = {}): CitationTrackerResult {
  return {
    runId: 'run-42',
    source: 'chatgpt:gpt-4.1',
    domain: 'acme.example',
    brand: 'Acme',
    keywords: ['SEO'],
    fingerprintPhrases: [],
    prompts: [P1, P2],
    samplesPerPrompt: 3,
    sources: [],
    citations: [],
    mentionRates: [],
    overall: { samples: 0, mentions: 0, rate: 0, interval: { low: 0, high: 1 } },
    newMentions: [],
    previousRunAt: null,
    shareOfVoice: SHARE_OF_VOICE,
    citationGap: [],
    scheduled: true,
    created_at: '2026-11-19T05:33:20.000Z',
    ...parts,
  };
}

describe('trackingRun: the run', () => {
  it('keeps the run id, its date and the share of voice as they are', () => {
    const run = trackingRun(result());
    expect(run.runId).toBe('run-42');
    expect(run.created_at).toBe('2026-11-19T05:33:20.000Z');
    expect(run.shareOfVoice).toEqual(SHARE_OF_VOICE);
  });

  it('is empty for a run without sources nor rates', () => {
    expect(trackingRun(result({ shareOfVoice: [] }))).toEqual({ runId: 'run-42', created_at: '2026-11-19T05:33:20.000Z', engines: [], prompts: [], shareOfVoice: [], citedDomains: [], gapPrompts: [] });
  });
});

describe('trackingRun: engines', () => {
  it('lists the answer engines only, in the order of the sources, with their status', () => {
    const run = trackingRun(
      result({
        sources: [status('hacker-news'), status('chatgpt'), status('brave'), status('claude', 'error'), status('reddit'), status('gemini', 'unreachable'), status('answer-engine', 'not_configured'), status('perplexity', 'not_in_plan')],
      }),
    );
    expect(run.engines.map((engine) => [engine.sourceId, engine.name, engine.status])).toEqual([
      ['chatgpt', 'ChatGPT', 'ok'],
      ['claude', 'Claude', 'error'],
      ['gemini', 'Gemini', 'unreachable'],
      ['answer-engine', 'AI answers', 'not_configured'],
      ['perplexity', 'Perplexity', 'not_in_plan'],
    ]);
  });

  it('sums the samples and mentions of the engine’s prompts, with the rate to 4 decimals and its Wilson interval', () => {
    const run = trackingRun(
      result({
        sources: [status('chatgpt'), status('claude')],
        mentionRates: [rate('chatgpt', P1, 1, 3), rate('claude', P1, 3, 3), rate('chatgpt', P2, 0, 3), rate('chatgpt', P3, 1, 3), rate('claude', P2, 2, 3)],
      }),
    );
    expect(run.engines).toEqual([
      { sourceId: 'chatgpt', name: 'ChatGPT', status: 'ok', samples: 9, mentions: 2, rate: 0.2222, interval: wilsonInterval(2, 9), shareOfVoice: null, message: '', cited: 0 },
      { sourceId: 'claude', name: 'Claude', status: 'ok', samples: 6, mentions: 5, rate: 0.8333, interval: wilsonInterval(5, 6), shareOfVoice: null, message: '', cited: 0 },
    ]);
    // The interval is the 95 % Wilson score interval, not a placeholder.
    expect(run.engines[0].interval).toEqual({ low: 0.0632, high: 0.5474 });
  });

  it('rounds the rate half up at the 4th decimal', () => {
    // 2 of 3 is 0.66666..., 1 of 8 is exactly 0.125, 1 of 7 is 0.142857...
    const run = trackingRun(result({ sources: [status('chatgpt'), status('claude'), status('gemini')], mentionRates: [rate('chatgpt', P1, 2, 3), rate('claude', P1, 1, 8), rate('gemini', P1, 1, 7)] }));
    expect(run.engines.map((engine) => engine.rate)).toEqual([0.6667, 0.125, 0.1429]);
  });

  it('gives an engine with no answer a rate of 0 and the whole interval', () => {
    const run = trackingRun(result({ sources: [status('chatgpt', 'error'), status('claude')], mentionRates: [rate('claude', P1, 0, 0)] }));
    expect(run.engines).toEqual([
      { sourceId: 'chatgpt', name: 'ChatGPT', status: 'error', samples: 0, mentions: 0, rate: 0, interval: { low: 0, high: 1 }, shareOfVoice: null, message: '', cited: 0 },
      { sourceId: 'claude', name: 'Claude', status: 'ok', samples: 0, mentions: 0, rate: 0, interval: { low: 0, high: 1 }, shareOfVoice: null, message: '', cited: 0 },
    ]);
  });

  it('gives an engine mentioned in every answer a rate of 1', () => {
    const run = trackingRun(result({ sources: [status('perplexity')], mentionRates: [rate('perplexity', P1, 3, 3), rate('perplexity', P2, 3, 3)] }));
    expect(run.engines[0]).toMatchObject({ samples: 6, mentions: 6, rate: 1 });
  });
});

describe('trackingRun: each engine’s share of voice', () => {
  const byEngine = (sourceId: CitationSourceId, entries: Voice[]) => ({ sourceId, entries });
  const named = (name: string, isUser: boolean, mentions: number, share: number): Voice => ({ name, domain: null, isUser, mentions, share });
  const shares = (parts: Partial<CitationTrackerResult>) => trackingRun(result({ sources: [status('chatgpt'), status('claude'), status('gemini')], ...parts })).engines.map((engine) => engine.shareOfVoice);

  it('is the user’s share of the brands that engine named', () => {
    expect(
      shares({
        shareOfVoiceByEngine: [
          byEngine('claude', [named('Acme', true, 1, 0.25), named('Globex', false, 3, 0.75)]),
          byEngine('chatgpt', [named('Acme', true, 2, 0.6667), named('Globex', false, 1, 0.3333)]),
          byEngine('gemini', [named('Acme', true, 0, 0), named('Globex', false, 4, 1)]),
        ],
      }),
    ).toEqual([0.6667, 0.25, 0]);
  });

  it('is null for an engine that named no brand, or that has no entry, and on runs from before it was stored', () => {
    expect(shares({ shareOfVoiceByEngine: [byEngine('chatgpt', [named('Acme', true, 0, 0), named('Globex', false, 0, 0)]), byEngine('claude', [])] })).toEqual([null, null, null]);
    expect(shares({ shareOfVoiceByEngine: undefined })).toEqual([null, null, null]);
  });

  it('is 0 when the engine named competitors and the entries have no user', () => {
    expect(shares({ shareOfVoiceByEngine: [byEngine('gemini', [named('Globex', false, 1, 1)])] })).toEqual([null, null, 0]);
  });
});

describe('trackingRun: prompts', () => {
  it('keeps each answer engine’s rate per prompt, and none of the searches', () => {
    const run = trackingRun(
      result({
        sources: [status('chatgpt'), status('brave'), status('hacker-news'), status('reddit')],
        mentionRates: [rate('chatgpt', P1, 1, 3), rate('brave', P1, 4, 10), rate('hacker-news', P1, 2, 10), rate('reddit', 'SEO', 1, 10), rate('answer-engine', P2, 0, 3)],
      }),
    );
    expect(run.prompts).toEqual([
      { sourceId: 'chatgpt', prompt: P1, samples: 3, mentions: 1, rate: 0.3333, cited: 0, reason: null },
      // A prompt the engine was asked and did not answer stays listed, with why (issue 29).
      { sourceId: 'chatgpt', prompt: P2, samples: 0, mentions: 0, rate: 0, cited: 0, reason: 'ChatGPT gave no answer to this prompt.' },
      { sourceId: 'answer-engine', prompt: P2, samples: 3, mentions: 0, rate: 0 },
    ]);
  });
});

describe('trackingRun: cited domains', () => {
  it('counts the engine and prompt pairs citing each host, most cited first, then by host', () => {
    const run = trackingRun(
      result({
        mentionRates: [
          rate('chatgpt', P1, 0, 3, { citedUrls: ['https://globex.example/a', 'https://zeta.example/', 'https://beta.example/x'] }),
          rate('claude', P1, 0, 3, { citedUrls: ['https://globex.example/a', 'https://alpha.example/', 'https://zeta.example/z'] }),
          rate('gemini', P2, 0, 3, { citedUrls: ['https://beta.example/y', 'https://globex.example/'] }),
        ],
      }),
    );
    expect(run.citedDomains).toEqual([
      { host: 'globex.example', count: 3, own: false },
      { host: 'beta.example', count: 2, own: false },
      { host: 'zeta.example', count: 2, own: false },
      { host: 'alpha.example', count: 1, own: false },
    ]);
  });

  it('counts a host once per engine and prompt however many of its pages the answers cite, with or without www.', () => {
    const run = trackingRun(
      result({
        mentionRates: [
          rate('chatgpt', P1, 0, 3, { citedUrls: ['https://globex.example/a', 'https://www.Globex.example/b', 'https://globex.example/c', 'https://initech.example/'] }),
          rate('chatgpt', P2, 0, 3, { citedUrls: ['https://initech.example/x', 'https://initech.example/y'] }),
        ],
      }),
    );
    expect(run.citedDomains).toEqual([
      { host: 'initech.example', count: 2, own: false },
      { host: 'globex.example', count: 1, own: false },
    ]);
  });

  it('leaves out the URLs searches link to and anything that is not a URL with a host', () => {
    const run = trackingRun(
      result({
        mentionRates: [
          rate('brave', P1, 0, 10, { citedUrls: ['https://brave-only.example/'] }),
          rate('reddit', P1, 0, 10, { citedUrls: ['https://reddit-only.example/'] }),
          rate('hacker-news', P1, 0, 10, { citedUrls: ['https://hn-only.example/'] }),
          rate('chatgpt', P1, 0, 3, { citedUrls: ['not a url', 'https://localhost/x', 'https://cited.example/'] }),
        ],
      }),
    );
    expect(run.citedDomains).toEqual([{ host: 'cited.example', count: 1, own: false }]);
  });

  it(`keeps the ${CITED_DOMAINS_LIMIT} most cited hosts`, () => {
    expect(CITED_DOMAINS_LIMIT).toBe(15);
    const hosts = Array.from({ length: CITED_DOMAINS_LIMIT + 2 }, (_, index) => `host${String(index).padStart(2, '0')}.example`);
    // host16 cited twice, so it is kept ahead of the ones cited once; host14 and host15 fall off.
    const run = trackingRun(result({ mentionRates: [rate('chatgpt', P1, 0, 3, { citedUrls: hosts.map((host) => `https://${host}/`) }), rate('claude', P1, 0, 3, { citedUrls: ['https://host16.example/'] })] }));
    expect(run.citedDomains).toHaveLength(CITED_DOMAINS_LIMIT);
    expect(run.citedDomains.map((entry) => entry.host)).toEqual(['host16.example', ...hosts.slice(0, CITED_DOMAINS_LIMIT - 1)]);
    expect(run.citedDomains[0].count).toBe(2);
  });

  it('marks the tracked site, with or without www. and its subdomains, as its own, and no look-alike', () => {
    const run = trackingRun(
      result({
        mentionRates: [
          rate('chatgpt', P1, 1, 3, {
            citedUrls: ['https://acme.example/pricing', 'https://www.acme.example/guide', 'https://blog.acme.example/post', 'https://notacme.example/', 'https://acme.example.evil.test/', 'https://acme.examples/'],
          }),
        ],
      }),
    );
    expect(run.citedDomains).toEqual([
      { host: 'acme.example', count: 1, own: true },
      { host: 'acme.example.evil.test', count: 1, own: false },
      { host: 'acme.examples', count: 1, own: false },
      { host: 'blog.acme.example', count: 1, own: true },
      { host: 'notacme.example', count: 1, own: false },
    ]);
  });
});

describe('trackingRun: gap prompts', () => {
  it('lists a prompt no engine mentioned the user for where a competitor was named', () => {
    const run = trackingRun(
      result({
        mentionRates: [rate('chatgpt', P1, 0, 3, { competitorsMentioned: [] }), rate('claude', P1, 0, 3, { competitorsMentioned: ['Globex'] }), rate('chatgpt', P2, 0, 3, { competitorsMentioned: [] })],
      }),
    );
    expect(run.gapPrompts).toEqual([{ prompt: P1, competitors: ['Globex'] }]);
  });

  it('lists a prompt where a competitor’s page was cited for that prompt', () => {
    const run = trackingRun(result({ mentionRates: [rate('gemini', P2, 0, 3)], citationGap: [gap('Initech', [P1, P2])] }));
    expect(run.gapPrompts).toEqual([{ prompt: P2, competitors: ['Initech'] }]);
  });

  it('does not list a prompt for a competitor’s page cited for another prompt, nor for a page of no competitor', () => {
    const run = trackingRun(result({ mentionRates: [rate('gemini', P2, 0, 3)], citationGap: [gap('Initech', [P1]), gap(null, [P2])] }));
    expect(run.gapPrompts).toEqual([]);
  });

  it('does not list a prompt an engine mentioned the user for, even once', () => {
    const run = trackingRun(
      result({
        mentionRates: [rate('chatgpt', P1, 0, 3, { competitorsMentioned: ['Globex'] }), rate('claude', P1, 1, 3, { competitorsMentioned: ['Globex'] })],
        citationGap: [gap('Initech', [P1])],
      }),
    );
    expect(run.gapPrompts).toEqual([]);
  });

  it('lists a prompt only searches mentioned the user for: they are not answer engines', () => {
    const run = trackingRun(result({ mentionRates: [rate('brave', P1, 5, 10), rate('chatgpt', P1, 0, 3, { competitorsMentioned: ['Globex'] })] }));
    expect(run.gapPrompts).toEqual([{ prompt: P1, competitors: ['Globex'] }]);
  });

  it('does not list a prompt only a search named a competitor for', () => {
    const run = trackingRun(result({ mentionRates: [rate('reddit', P1, 0, 10, { competitorsMentioned: ['Globex'] }), rate('chatgpt', P1, 0, 3)] }));
    expect(run.gapPrompts).toEqual([]);
  });

  it('names the competitors in share-of-voice order, named or cited, each once, and only the known ones', () => {
    const run = trackingRun(
      result({
        shareOfVoice: [voice('Acme', true, 0.1), voice('Umbrella', false, 0.2), voice('Globex', false, 0.3), voice('Initech', false, 0.4)],
        mentionRates: [rate('chatgpt', P1, 0, 3, { competitorsMentioned: ['Initech', 'Globex', 'Acme', 'Unknown Co'] }), rate('claude', P1, 0, 3, { competitorsMentioned: ['Globex'] })],
        citationGap: [gap('Umbrella', [P1]), gap('Initech', [P1], 'https://initech.example/other')],
      }),
    );
    expect(run.gapPrompts).toEqual([{ prompt: P1, competitors: ['Umbrella', 'Globex', 'Initech'] }]);
  });

  it('lists each prompt once, in the order of the rates', () => {
    const run = trackingRun(
      result({
        mentionRates: [
          rate('chatgpt', P2, 0, 3, { competitorsMentioned: ['Initech'] }),
          rate('chatgpt', P1, 0, 3, { competitorsMentioned: ['Globex'] }),
          rate('claude', P2, 0, 3, { competitorsMentioned: ['Globex'] }),
          rate('claude', P1, 0, 3),
          rate('chatgpt', P3, 2, 3, { competitorsMentioned: ['Globex'] }),
        ],
      }),
    );
    expect(run.gapPrompts).toEqual([
      { prompt: P2, competitors: ['Globex', 'Initech'] },
      { prompt: P1, competitors: ['Globex'] },
    ]);
  });

  it('reads runs from before competitorsMentioned existed', () => {
    const old = (prompt: string, mentions: number) => {
      const { competitorsMentioned: _dropped, ...rest } = rate('chatgpt', prompt, mentions, 3);
      return rest;
    };
    expect(trackingRun(result({ mentionRates: [old(P1, 0), old(P2, 0)] })).gapPrompts).toEqual([]);
    expect(trackingRun(result({ mentionRates: [old(P1, 0), old(P2, 0)], citationGap: [gap('Globex', [P2])] })).gapPrompts).toEqual([{ prompt: P2, competitors: ['Globex'] }]);
  });

  it('lists nothing without competitors', () => {
    const run = trackingRun(result({ shareOfVoice: [voice('Acme', true, 1)], mentionRates: [rate('chatgpt', P1, 0, 3, { competitorsMentioned: ['Acme'] })], citationGap: [gap('Acme', [P1])] }));
    expect(run.gapPrompts).toEqual([]);
  });
});
