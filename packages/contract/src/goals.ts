import type { ToolId } from './tools';

export const GOAL_IDS = ['increase_citations', 'improve_understanding', 'voice_search', 'competitive_edge', 'content_structure'] as const;
export type GoalId = (typeof GOAL_IDS)[number];

export interface GoalDefinition {
  id: GoalId;
  label: string;
  description: string;
  /** Sidebar items highlighted for this goal (spec 001 §2). */
  highlights: ToolId[];
  /** Target score for the goals card (spec 002 §9). */
  targetScore: number;
  /** The audit field whose value measures progress (spec 002 §9). */
  progressField: 'citation_likelihood' | 'ai_understanding' | 'conversational_readiness' | 'overall_score' | 'content_structure';
}

export const GOALS: Record<GoalId, GoalDefinition> = {
  increase_citations: {
    id: 'increase_citations',
    label: 'Increase AI citations',
    description: 'Get quoted and linked in AI answers.',
    highlights: ['citations', 'optimizer', 'generator'],
    targetScore: 85,
    progressField: 'citation_likelihood',
  },
  improve_understanding: {
    id: 'improve_understanding',
    label: 'Improve AI understanding',
    description: 'Help models identify who you are and what you offer.',
    highlights: ['entities', 'summaries', 'optimizer'],
    targetScore: 85,
    progressField: 'ai_understanding',
  },
  voice_search: {
    id: 'voice_search',
    label: 'Win voice search',
    description: 'Be the answer voice assistants read out.',
    highlights: ['voice', 'prompts', 'generator'],
    targetScore: 80,
    progressField: 'conversational_readiness',
  },
  competitive_edge: {
    id: 'competitive_edge',
    label: 'Gain a competitive edge',
    description: 'Out-rank competitors in AI answers.',
    highlights: ['competitive', 'discovery', 'audit'],
    targetScore: 90,
    progressField: 'overall_score',
  },
  content_structure: {
    id: 'content_structure',
    label: 'Improve content structure',
    description: 'Make pages easy for machines to parse and quote.',
    highlights: ['schema', 'optimizer', 'audit'],
    targetScore: 85,
    progressField: 'content_structure',
  },
};

/** Progress label thresholds of the goals card, as a share of the target (spec 002 §9). */
export function goalProgressLabel(percent: number): 'Excellent' | 'Good' | 'Needs Work' | 'Poor' {
  if (percent >= 90) return 'Excellent';
  if (percent >= 70) return 'Good';
  if (percent >= 50) return 'Needs Work';
  return 'Poor';
}

export function goalProgressPercent(score: number, target: number): number {
  return Math.min(100, Math.round((score / target) * 100));
}
