import type { ExposureFacts } from './hidden-text';
import { findAiInstructions, type InstructionKind } from '../text/ai-instructions';

export interface AiInstruction {
  kind: InstructionKind;
  /** Where it was: "the visible text", "hidden text", "an HTML comment", "the alt attribute of <img>", "JSON-LD", "llms.txt". */
  where: string;
  excerpt: string;
}

/**
 * Instructions to AI systems anywhere a machine reads the page: the visible text, hidden text, HTML
 * comments, text attributes and meta tags, and JSON-LD. The prompt-injection check adds llms.txt.
 */
export function findPageInstructions(exposure: ExposureFacts, jsonLdRaw: readonly string[]): AiInstruction[] {
  const out: AiInstruction[] = [];
  const add = (where: string, text: string, visible: boolean) => {
    for (const m of findAiInstructions(text, visible)) out.push({ kind: m.kind, where, excerpt: m.excerpt });
  };
  add('the visible text', exposure.visibleProse, true);
  add('hidden text', exposure.hiddenProse, false);
  for (const comment of exposure.comments) add('an HTML comment', comment, false);
  for (const { where, value } of exposure.attributes) add(where, value, false);
  for (const raw of jsonLdRaw) add('JSON-LD', raw, false);
  return out;
}
