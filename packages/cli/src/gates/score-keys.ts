import type { SubscoreId, Subscores } from '@citable/contract';

/** The scores a gate can name: the overall score and the four subscores, in kebab case. */
export const SCORE_KEYS = ['overall', 'ai-understanding', 'citation-likelihood', 'conversational-readiness', 'content-structure'] as const;
export type ScoreKey = (typeof SCORE_KEYS)[number];

const SUBSCORE_OF: Record<Exclude<ScoreKey, 'overall'>, SubscoreId> = {
  'ai-understanding': 'aiUnderstanding',
  'citation-likelihood': 'citationLikelihood',
  'conversational-readiness': 'conversationalReadiness',
  'content-structure': 'contentStructure',
};

/** The key for "ai-understanding" or the contract's "aiUnderstanding"; undefined for anything else. */
export function scoreKeyOf(text: string): ScoreKey | undefined {
  if ((SCORE_KEYS as readonly string[]).includes(text)) return text as ScoreKey;
  return SCORE_KEYS.find((key) => key !== 'overall' && SUBSCORE_OF[key] === text);
}

export function scoreOf(key: ScoreKey, scores: { overallScore: number; subscores: Subscores }): number {
  return key === 'overall' ? scores.overallScore : scores.subscores[SUBSCORE_OF[key]];
}

/** The kebab-case key of a contract subscore id. */
export function keyOfSubscore(id: SubscoreId): ScoreKey {
  return SCORE_KEYS.find((key) => key !== 'overall' && SUBSCORE_OF[key] === id)!;
}
