import { z } from 'zod';
import { BUILT_IN_SOURCE, PLACEHOLDERS, type ContentOptimizerResult, type OptimizerChange, type OptimizerContentType, type PlanId } from '@citable/contract';
import { auditContent, buildPageModel, checkChanges, detectFormat, guardInventedFacts, humanNeeded, rewriteContent, type RewriteContentResult } from '@citable/engine';
import { type LlmClient, LlmError } from '../llm';

export interface OptimizerCall {
  userId: string;
  plan: PlanId;
  signal?: AbortSignal;
}

export interface OptimizerInput {
  content: string;
  targetKeywords: string[];
  contentType: OptimizerContentType;
}

const rewriteSchema = z.object({
  optimizedContent: z.string().describe('The full rewritten content, in the same format as the input (HTML, Markdown or text).'),
  changes: z.array(z.string()).describe('One short sentence per kind of edit made.'),
});

// The GEO paper's methods (Aggarwal et al., 2024) that raise citation in generative engines,
// limited to what a rewrite can do honestly with the author's own material.
const SYSTEM = [
  'You rewrite web content so AI answer engines retrieve, quote and cite it (generative engine optimization).',
  'Apply these methods: open with a direct 2-3 sentence answer or summary; phrase section headings as the questions readers ask; answer each question in the first 40-60 words below it; split long sentences; improve fluency; keep every statistic, quotation and cited source the content already has, and make them prominent.',
  `Never add a number, statistic, date, price or quotation that is not in the input. Where one would help, write the placeholder ${PLACEHOLDERS.statistic}, ${PLACEHOLDERS.quotation} or ${PLACEHOLDERS.source} instead.`,
  'Keep the input\'s format (HTML stays HTML, Markdown stays Markdown), its links, lists and facts. Return the whole rewritten content.',
].join('\n');

function placeholdersIn(text: string): string[] {
  return Object.values(PLACEHOLDERS).filter((marker) => text.includes(marker));
}

function fromRewrite(rewrite: RewriteContentResult, source: string, extraChanges: OptimizerChange[] = []): ContentOptimizerResult {
  return {
    optimizedContent: rewrite.optimizedContent,
    originalScore: rewrite.originalScore,
    optimizedScore: rewrite.optimizedScore,
    improvement: rewrite.optimizedScore - rewrite.originalScore,
    originalSubscores: rewrite.originalSubscores,
    optimizedSubscores: rewrite.optimizedSubscores,
    changes: [...extraChanges, ...rewrite.changes],
    placeholders: rewrite.placeholders,
    checksMoved: rewrite.checksMoved,
    humanNeeded: rewrite.humanNeeded,
    source,
  };
}

/**
 * The AI Content Optimizer: the engine scores the input, then rewrites it, with the configured
 * model (GEO methods, every invented figure or quote replaced by a placeholder) or with the
 * engine's deterministic edits. The score of the rewrite is the engine's score of the returned
 * text. A model rewrite that scores below the input is not shown; the built-in rewrite is.
 */
export async function optimizeContent(llm: LlmClient, call: OptimizerCall, input: OptimizerInput): Promise<ContentOptimizerResult> {
  const builtIn = rewriteContent({ content: input.content, keywords: input.targetKeywords });
  if (!llm.configured) return fromRewrite(builtIn, BUILT_IN_SOURCE);

  let answer;
  try {
    answer = await llm.structured({ userId: call.userId, plan: call.plan, feature: 'optimizer', signal: call.signal }, rewriteSchema, {
      system: SYSTEM,
      prompt: [`Content type: ${input.contentType}`, `Target keywords: ${input.targetKeywords.join(', ') || 'none given'}`, 'Content:', input.content].join('\n\n'),
      name: 'optimized_content',
      maxOutputTokens: 4000,
    });
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    return fromRewrite(builtIn, BUILT_IN_SOURCE, [{ kind: 'rewrite', description: `${error.message} The built-in rewrite is shown instead.` }]);
  }

  const guarded = guardInventedFacts(input.content, answer.value.optimizedContent);
  const format = detectFormat(input.content);
  const optimizedFormat = format === 'text' ? detectFormat(guarded.text) : format;
  const optimized = auditContent(guarded.text, { format: optimizedFormat });
  const original = auditContent(input.content, { format });
  if (optimized.overallScore < builtIn.originalScore) {
    return fromRewrite(builtIn, BUILT_IN_SOURCE, [
      { kind: 'rewrite', description: `${answer.model}'s rewrite scored ${optimized.overallScore}, below your original's ${builtIn.originalScore}, so the built-in rewrite is shown instead.` },
    ]);
  }
  const changes: OptimizerChange[] = [
    ...answer.value.changes.map((description) => ({ kind: 'rewrite' as const, description })),
    ...guarded.removedFigures.map((figure) => ({ kind: 'figure-removed' as const, description: `The model wrote a figure that is not in your content; it was replaced by ${PLACEHOLDERS.statistic}.`, before: figure, after: PLACEHOLDERS.statistic })),
    ...guarded.removedQuotes.map((quote) => ({ kind: 'quote-removed' as const, description: `The model wrote a quotation that is not in your content; it was replaced by ${PLACEHOLDERS.quotation}.`, before: quote, after: PLACEHOLDERS.quotation })),
  ];
  return {
    optimizedContent: guarded.text,
    originalScore: builtIn.originalScore,
    optimizedScore: optimized.overallScore,
    improvement: optimized.overallScore - builtIn.originalScore,
    originalSubscores: builtIn.originalSubscores,
    optimizedSubscores: optimized.subscores,
    changes,
    placeholders: placeholdersIn(guarded.text),
    // The model's edits are re-audited as a whole: the checks it moved, and what it could not supply.
    checksMoved: checkChanges(original, optimized),
    humanNeeded: humanNeeded(buildPageModel({ body: guarded.text, format: optimizedFormat, url: null }), optimized),
    source: answer.model,
  };
}
