import { TOOLS, type PlaybookDifficulty, type PlaybookStepToolId } from '@citable/contract';

export const DIFFICULTY_LABELS: Record<PlaybookDifficulty, string> = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' };

export const DIFFICULTY_STYLES: Record<PlaybookDifficulty, string> = {
  beginner: 'bg-emerald-100 text-emerald-800',
  intermediate: 'bg-amber-100 text-amber-800',
  advanced: 'bg-rose-100 text-rose-800',
};

/** The name of the section a step opens: a tool, or the Content Editor. */
export function stepToolName(id: PlaybookStepToolId): string {
  return id === 'editor' ? 'Content Editor' : TOOLS[id].name;
}
