import type { Check } from './types';
import { detail, details, pass, scored } from './helpers';

export type SingleH1Options = Record<string, never>;

export const singleH1: Check<SingleH1Options> = {
  id: 'single-h1',
  title: 'Page has exactly one H1',
  failureTitle: 'Page does not have exactly one H1',
  description: 'One H1 states the topic of the page; it anchors the heading outline that machines use to understand how the content is organised.',
  learnMore: 'https://web.dev/learn/html/headings-and-sections',
  category: 'Content',
  priority: 'Medium',
  suggestion: 'Give the page one H1 with its main topic; use H2-H6 for sections.',
  defaultOptions: {},
  run(model) {
    const h1s = model.headings.filter((h) => h.level === 1);
    if (h1s.length === 1) return pass(`H1: "${h1s[0].text}".`, [detail(h1s[0].text)]);
    if (h1s.length === 0) return scored(0, 'The page has no H1.', { title: 'Page has no H1' });
    return scored(0.5, `The page has ${h1s.length} H1 headings.`, { title: `Page has ${h1s.length} H1 headings`, details: details(h1s, (h) => detail(h.text)), priority: 'Low' });
  },
};
