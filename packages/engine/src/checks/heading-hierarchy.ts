import type { Check } from './types';
import { detail, details, notApplicable, pass, scored } from './helpers';

export interface HeadingHierarchyOptions {
  /** Score lost per skipped level. */
  skipPenalty: number;
}

export const headingHierarchy: Check<HeadingHierarchyOptions> = {
  id: 'heading-hierarchy',
  title: 'Heading levels are not skipped',
  failureTitle: 'Heading levels are skipped',
  description: 'A heading outline without gaps (H2 under H1, H3 under H2) lets machines reconstruct which passages belong to which topic when they split the page into answerable chunks.',
  learnMore: 'https://developer.chrome.com/docs/lighthouse/accessibility/heading-order',
  category: 'Content',
  priority: 'Low',
  suggestion: 'Nest headings one level at a time; do not jump from H2 to H4.',
  defaultOptions: { skipPenalty: 0.2 },
  run(model, _site, o) {
    const hs = model.headings;
    if (hs.length < 2) return notApplicable('The page has fewer than two headings.');
    const skips: { from: number; to: number; text: string }[] = [];
    for (let i = 1; i < hs.length; i++) {
      if (hs[i].level > hs[i - 1].level + 1) skips.push({ from: hs[i - 1].level, to: hs[i].level, text: hs[i].text });
    }
    if (skips.length === 0) return pass('Heading levels are nested without gaps.');
    return scored(1 - skips.length * o.skipPenalty, `${skips.length} heading(s) skip a level.`, { title: skips.length === 1 ? 'A heading skips a level' : `${skips.length} headings skip a level`, details: details(skips, (s) => detail(s.text, `h${s.from} → h${s.to}`)) });
  },
};
