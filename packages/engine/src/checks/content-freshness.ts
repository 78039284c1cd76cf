import type { Check } from './types';
import { detail, notApplicable, pass, scored, ramp } from './helpers';

export interface ContentFreshnessOptions {
  /** Content younger than this counts as fresh. */
  freshDays: number;
  /** Content older than this scores 0; linear in between. */
  staleDays: number;
}

const DAY = 86_400_000;

export const contentFreshness: Check<ContentFreshnessOptions> = {
  id: 'content-freshness',
  title: 'Content is recent',
  failureTitle: 'Content date is old or invalid',
  description: 'Answer engines favour recent sources for most questions, and AI search results skew towards content updated within the last year.',
  learnMore: 'https://developers.google.com/search/docs/appearance/publication-dates',
  category: 'Content',
  priority: 'Medium',
  suggestion: 'Review the content, update facts and figures, and bump dateModified.',
  defaultOptions: { freshDays: 365, staleDays: 1095 },
  run(model, _site, o, env) {
    if (env.now === null) return notApplicable('No audit date was given, so age cannot be judged.');
    const date = model.dates.modifiedAt ?? model.dates.publishedAt;
    if (!date) return notApplicable('The page declares no date (see publication-date).');
    const ageDays = Math.floor((env.now - Date.parse(date)) / DAY);
    const details = [detail(model.dates.modifiedAt ? 'Last modified' : 'Published', date.slice(0, 10)), detail('Age in days', ageDays)];
    if (ageDays < -2) return scored(0.5, `The declared date ${date.slice(0, 10)} lies in the future.`, { title: 'The declared date lies in the future', details, priority: 'Low', suggestion: 'Correct the declared date.' });
    if (ageDays <= o.freshDays) return pass(`Updated ${Math.max(0, ageDays)} day(s) ago.`, details);
    return scored(ramp(ageDays, o.staleDays, o.freshDays), `The content is ${ageDays} days old.`, {
      title: model.dates.modifiedAt ? `Content has not been updated for over ${o.freshDays} days` : `Content was published over ${o.freshDays} days ago and declares no update`,
      details,
      priority: ageDays > o.staleDays ? 'Medium' : 'Low' });
  },
};
