import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CitationTrackerResult } from '@citable/contract';
import { CitationResults } from './citations-section';

const result: CitationTrackerResult = {
  runId: 'run-1',
  source: 'AI answers (fake-model)',
  domain: 'acme.example',
  brand: 'Acme',
  keywords: ['SEO'],
  fingerprintPhrases: [],
  prompts: ['What are the best tools for SEO?'],
  samplesPerPrompt: 3,
  sources: [
    { id: 'answer-engine', name: 'AI answers (fake-model)', kind: 'answer-engine', status: 'ok', message: '3 answers read.' },
    { id: 'hacker-news', name: 'Hacker News', kind: 'search', status: 'ok', message: '4 results read.' },
    { id: 'reddit', name: 'Reddit', kind: 'search', status: 'error', message: 'Reddit answered HTTP 500.' },
    { id: 'brave', name: 'Brave Search', kind: 'search', status: 'not_configured', message: 'Not set up on this server.' },
  ],
  citations: [
    {
      source: 'AI answers (fake-model)',
      sourceId: 'answer-engine',
      url: 'https://acme.example/features',
      type: 'answer',
      snippet: '2. Acme: reliable and affordable',
      confidence_score: 0.9,
      date: '2026-11-22T15:00:00.000Z',
      prompt: 'What are the best tools for SEO?',
      matchedBy: 'brand',
      matched: 'Acme',
      sentiment: 'positive',
    },
  ],
  mentionRates: [
    {
      sourceId: 'answer-engine',
      prompt: 'What are the best tools for SEO?',
      samples: 3,
      mentions: 2,
      rate: 0.6667,
      interval: { low: 0.2077, high: 0.9385 },
      bestRank: 2,
      meanOffset: 80,
      sentiment: 1,
      ownPagesCited: 2,
      citedUrls: ['https://acme.example/features'],
    },
  ],
  overall: { samples: 3, mentions: 2, rate: 0.6667, interval: { low: 0.2077, high: 0.9385 } },
  newMentions: [],
  previousRunAt: '2026-11-21T15:00:00.000Z',
  shareOfVoice: [
    { name: 'Acme', domain: 'acme.example', isUser: true, mentions: 2, share: 0.4 },
    { name: 'Globex', domain: 'globex.example', isUser: false, mentions: 3, share: 0.6 },
  ],
  citationGap: [{ url: 'https://globex.example/seo-guide', host: 'globex.example', count: 3, prompts: ['What are the best tools for SEO?'], competitor: 'Globex' }],
  created_at: '2026-11-22T15:00:00.000Z',
};

describe('Citation Tracker results', () => {
  it('shows the sources that answered, each source status, the rate with its interval, share of voice and the gap', () => {
    const html = renderToString(createElement(QueryClientProvider, { client: new QueryClient() }, createElement(CitationResults, { result })));
    // Issue 19: the sources that answered, in words, and the ones this server does not have; no setting names.
    const text = html.replace(/<!-- -->/g, '');
    expect(text).toMatch(/Sources: <span[^>]*>AI answers \(fake-model\), Hacker News<\/span> · Brave Search: not set up on this server/);
    expect(html).toContain('Not set up');
    expect(html).not.toMatch(/[A-Z]+_(API_KEY|PROVIDER|SEARCH_URL)/);
    expect(html).not.toContain('built-in analysis');
    expect(html).toContain('67% (21–94%)');
    expect(html).toContain('Acme (you)');
    expect(html).toContain('https://globex.example/seo-guide');
    expect(html).toContain('Nothing new since the last run.');
  });
});
