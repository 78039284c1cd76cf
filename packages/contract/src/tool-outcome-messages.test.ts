import { describe, expect, it } from 'vitest';
import { optimizerOutcome, toolOutcomeMessage, TOOL_MESSAGES, type ContentOptimizerResult, type VoiceTestResult } from './index';

const subscores = { ai_understanding: 50, citation_likelihood: 50, conversational_readiness: 50, content_structure: 50, technical_seo: 50 } as unknown as ContentOptimizerResult['originalSubscores'];
const optimizer = (originalScore: number, optimizedScore: number): ContentOptimizerResult => ({
  optimizedContent: '',
  originalScore,
  optimizedScore,
  improvement: optimizedScore - originalScore,
  originalSubscores: subscores,
  optimizedSubscores: subscores,
  changes: [],
  checksMoved: [],
  humanNeeded: [],
  placeholders: [],
  source: 'rules',
});

describe('tool completion toasts (issue #32)', () => {
  it('say when the optimizer improved nothing, instead of "Tool executed successfully"', () => {
    expect(optimizerOutcome(optimizer(62, 62))).toBe('Nothing to improve automatically (score 62); the suggestions list what only you can add.');
    expect(optimizerOutcome(optimizer(62, 71))).toBe('Score 62 -> 71 with 0 changes.');
  });

  it('say when the site does not answer the voice question', () => {
    const result: VoiceTestResult = {
      query: 'Do you sell espresso machines?',
      simulated: true,
      results: (['siri', 'alexa', 'google'] as const).map((assistant) => ({ assistant, response: 'Your site does not answer this.', mentioned: false, confidence: 0, ranking: null, source: null, basis: '' })),
      summary: { totalMentions: 0, assistantsTested: 3, averageRanking: null, averageConfidence: 0 },
    };
    const message = toolOutcomeMessage('voice-assistant-tester', result);
    expect(message).not.toBe(TOOL_MESSAGES.succeeded);
    expect(message).toMatch(/does not answer/);
  });
});
