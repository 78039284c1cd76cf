import type { ExposureFacts } from './hidden-text';
import { findAiInstructions, type InstructionKind } from '../text/ai-instructions';

export interface AiInstruction {
  kind: InstructionKind;
  /** Where it was: "the visible text", "hidden text", "an HTML comment", "the alt attribute of <img>", "JSON-LD", "llms.txt". */
  where: string;
  excerpt: string;
}

const MAX_STRINGS = 2000;

/**
 * Instructions to AI systems anywhere a machine reads the page: the visible text, hidden text, HTML
 * comments, text attributes and meta tags, and JSON-LD. The prompt-injection check adds llms.txt.
 * Meta tags and JSON-LD strings restate the page (its description, an article's body), so they are
 * read like the visible text: a quoted phrase or a reported rule in an article about AI is no
 * instruction. What no reader sees (hidden text, comments, alt and title text) is read strictly.
 */
export function findPageInstructions(exposure: ExposureFacts, jsonLdRaw: readonly string[]): AiInstruction[] {
  const out: AiInstruction[] = [];
  const add = (where: string, text: string, visible: boolean) => {
    for (const m of findAiInstructions(text, visible)) out.push({ kind: m.kind, where, excerpt: m.excerpt });
  };
  add('the visible text', exposure.visibleProse, true);
  add('hidden text', exposure.hiddenProse, false);
  for (const comment of exposure.comments) add('an HTML comment', comment, false);
  for (const { where, value } of exposure.attributes) add(where, value, / meta tag$/.test(where));
  for (const raw of jsonLdRaw) {
    const strings = jsonStrings(raw);
    // A block that does not parse is still read by models that take the HTML as it is.
    if (strings === null) add('JSON-LD', raw, false);
    else for (const s of strings) add('JSON-LD', s, true);
  }
  return out;
}

/** The string values of a JSON-LD block, or null when it is not JSON. */
function jsonStrings(raw: string): string[] | null {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  const out: string[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (out.length >= MAX_STRINGS || depth > 30) return;
    if (typeof value === 'string') {
      if (value.length >= 12) out.push(value);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
    } else if (value !== null && typeof value === 'object') {
      for (const item of Object.values(value)) walk(item, depth + 1);
    }
  };
  walk(data, 0);
  return out;
}
