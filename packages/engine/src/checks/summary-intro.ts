import type { Check } from './types';
import { detail, notApplicable, pass, scored } from './helpers';

export interface SummaryIntroOptions {
  /** An explicit summary must start within this share of the content. */
  topShare: number;
  introMinWords: number;
  introMaxWords: number;
  minWords: number;
}

const SUMMARY_RE = /\b(?:summary|key (?:takeaways?|points|facts)|tl;?dr|at a glance|in brief|overview|in short|highlights|quick answer|bottom line)\b/i;

export const summaryIntro: Check<SummaryIntroOptions> = {
  id: 'summary-intro',
  title: 'A summary sits near the top',
  failureTitle: 'No summary near the top',
  description: 'A short summary or key-takeaways block at the top gives answer engines a ready-made synopsis to quote and tells readers at once whether the page answers their question.',
  learnMore: 'https://developers.google.com/search/docs/appearance/snippet',
  category: 'Content',
  priority: 'Medium',
  suggestion: 'Open with a 2-3 sentence summary or a "Key takeaways" list before the detail.',
  defaultOptions: { topShare: 0.3, introMinWords: 20, introMaxWords: 100, minWords: 300 },
  run(model, _site, o) {
    if (model.wordCount < o.minWords) return notApplicable(`The content has fewer than ${o.minWords} words.`);
    let seen = 0;
    const limit = model.wordCount * o.topShare;
    for (const s of model.sections) {
      if (seen > limit) break;
      if (s.heading && SUMMARY_RE.test(s.heading)) return pass(`"${s.heading}" summarises the content near the top.`);
      seen += s.wordCount;
    }
    const first = model.paragraphs[model.leadIndex];
    if (first && first.wordCount >= o.introMinWords && first.wordCount <= o.introMaxWords) {
      return scored(0.8, 'The content opens with an introductory paragraph but no explicit summary.', { title: 'Introduction is not an explicit summary', details: [detail(first.text)], priority: 'Low' });
    }
    return scored(first && first.wordCount > o.introMaxWords ? 0.4 : 0.2, 'The content opens without a summary.', { title: first && first.wordCount > o.introMaxWords ? 'Opening paragraph is too long to summarise' : 'No summary near the top', details: first ? [detail(first.text, `${first.wordCount} words`)] : [] });
  },
};
