import type { Check } from './types';
import { detail, notApplicable, pass, scored } from './helpers';
import { typesOf } from '../model/json-ld';

export interface StepListsOptions {
  /** Ordered-list items that make a usable sequence of steps. */
  minSteps: number;
}

const HOW_TO_RE = /^(?:how\s+(?:to|do|can)\b)|\bstep[- ]by[- ]step\b|\bguide\b|\btutorial\b|\binstructions?\b/i;

export const stepLists: Check<StepListsOptions> = {
  id: 'step-lists',
  title: 'Instructions are given as numbered steps',
  failureTitle: 'How-to steps are not numbered or not marked up',
  description: 'Assistants answer "how do I" questions by reading steps in order. Numbered lists (and HowTo markup) give them the sequence explicitly.',
  learnMore: 'https://schema.org/HowTo',
  category: 'Content',
  priority: 'Medium',
  suggestion: 'Write the procedure as an ordered list, one action per step, and mark it up as HowTo.',
  defaultOptions: { minSteps: 3 },
  run(model, _site, o) {
    const title = model.articleTitle ?? model.title ?? '';
    const hasHowToSchema = model.jsonLdNodes.some((n) => typesOf(n).includes('HowTo'));
    const isHowTo = hasHowToSchema || HOW_TO_RE.test(title) || model.headings.some((h) => h.level <= 2 && HOW_TO_RE.test(h.text)) || model.headings.filter((h) => /^step\s*\d/i.test(h.text)).length >= 2;
    if (!isHowTo) return notApplicable('The page is not a how-to or guide.');
    const stepHeadings = model.headings.filter((h) => /^step\s*\d/i.test(h.text)).length;
    const longest = Math.max(0, ...model.lists.filter((l) => l.ordered).map((l) => l.items.length));
    const list = [detail('Longest numbered list', longest), detail('"Step N" headings', stepHeadings), detail('HowTo markup', hasHowToSchema ? 'yes' : 'no')];
    if ((longest >= o.minSteps || stepHeadings >= o.minSteps) && hasHowToSchema) return pass('The steps are numbered and marked up as HowTo.', list);
    if (longest >= o.minSteps || stepHeadings >= o.minSteps) return scored(0.8, 'The steps are numbered but not marked up as HowTo.', { title: 'Steps not marked up as HowTo', details: list, priority: 'Low' });
    return scored(0.2, 'The page reads as a how-to, but gives no numbered steps.', {
      // A numbered list too short to be a procedure is not "no numbered steps": say which it is.
      title: longest > 0 || stepHeadings > 0 ? 'How-to content has too few numbered steps' : 'How-to content lacks numbered steps',
      details: list,
    });
  },
};
