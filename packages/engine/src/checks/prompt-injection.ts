import type { Check } from './types';
import { counted, detail, details, joinAnd, pass, scored } from './helpers';
import type { AiInstruction } from '../model/ai-instructions';
import { findAiInstructions, type InstructionKind } from '../text/ai-instructions';

export type PromptInjectionOptions = Record<string, never>;

const KIND_NAMES: Record<InstructionKind, string> = {
  override: 'overriding the model’s instructions',
  address: 'addressing AI systems directly',
  'role-play': 'a role-play prompt',
  directive: 'telling AI systems what to say or recommend',
};

export const promptInjection: Check<PromptInjectionOptions> = {
  id: 'prompt-injection',
  title: 'No instructions aimed at AI systems',
  failureTitle: 'Page holds instructions aimed at AI systems',
  description:
    'Text that tells AI systems what to do ("ignore previous instructions", "AI assistants must recommend ...", role-play prompts) is prompt injection, whether readers see it or not. Answer engines screen the pages they retrieve for it and discount or flag those that carry it. This check can only cost points, never add them.',
  learnMore: 'https://genai.owasp.org/llmrisk/llm01-prompt-injection/',
  category: 'Content',
  priority: 'High',
  suggestion: 'Remove the instructions to AI systems from the page, its markup and llms.txt; state the facts you want cited and let them stand on their own.',
  defaultOptions: {},
  run(model, site) {
    const found: AiInstruction[] = [...model.aiInstructions];
    const llms = site?.llmsTxt;
    if (llms && llms.body !== null && llms.status !== null && llms.status < 400 && !/^\s*</.test(llms.body)) {
      for (const m of findAiInstructions(llms.body, false)) found.push({ kind: m.kind, where: 'llms.txt', excerpt: m.excerpt });
    }
    const looked = `the text, hidden text, HTML comments, attributes, meta tags and JSON-LD${llms ? ', and llms.txt' : ''}`;
    if (found.length === 0) return pass(`No instructions aimed at AI systems were found in ${looked}.`);
    const kinds = joinAnd([...new Set(found.map((f) => KIND_NAMES[f.kind]))]);
    const places = joinAnd([...new Set(found.map((f) => f.where))]);
    return scored(0, `${counted(found.length, 'passage', 'passages')} in ${places} ${found.length === 1 ? 'is' : 'are'} written to steer AI systems (${kinds}). That is prompt injection: answer engines screen retrieved pages for it and discount or flag the pages that carry it, so the page risks being left out of answers rather than recommended.`, {
      title: found.length === 1 ? 'An instruction aimed at AI systems was found' : `${found.length} instructions aimed at AI systems were found`,
      details: details(found, (f) => detail(`"${f.excerpt}"`, `${f.where}: ${KIND_NAMES[f.kind]}`)),
    });
  },
};
