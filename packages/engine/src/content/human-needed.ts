import type { AuditResult } from '@citable/contract';
import { DEFAULT_SCORING_CONFIG } from '../scoring/default-config';
import type { PageModel } from '../model/types';
import { truncate } from '../text/words';
import { findingSentences } from './structural-edits';

const PASS = DEFAULT_SCORING_CONFIG.passThreshold;

/**
 * What the audit of a rewrite still misses that no edit of the author's own words can supply:
 * sources, figures, quotations, answers that are not written yet. The optimizer lists these
 * instead of inventing them (issue #32), each named by the check that asks for it.
 */
export function humanNeeded(model: PageModel, audit: AuditResult): string[] {
  const failing = new Set(audit.checks.filter((c) => c.score !== null && c.score < PASS).map((c) => c.id));
  const out: string[] = [];
  // The title is not a section: an H1 asking a question is answered by the whole page.
  for (const qa of model.answers.filter((a) => a.level >= 2)) {
    if (qa.answerWordCount === 0) out.push(`An answer below “${qa.question}”: nothing follows the heading yet.`);
    else if (qa.answerWordCount < 10) out.push(`A fuller answer (25-60 words) below “${qa.question}”: it has ${qa.answerWordCount} words.`);
  }
  if (failing.has('cited-sources')) {
    const figures = findingSentences(model);
    out.push(
      figures.length
        ? `Links to the sources of your figures (${figures.length}), e.g. “${truncate(figures[0], 90)}”: the study, the data set or the official statistic.`
        : 'Links to the primary sources of your claims (studies, official statistics, standards).',
    );
  }
  if (failing.has('statistics')) out.push('Figures from your own data or a cited study: the content states few or none.');
  if (failing.has('quotations')) out.push('A quotation from a named expert or customer, with their name and role.');
  if (failing.has('step-lists') && !model.lists.some((l) => l.ordered && l.items.length >= 3)) out.push('The steps of the procedure, one per item of a numbered list.');
  if (failing.has('unique-facts')) out.push('Facts only you can give: your own measurements, prices, cases or results.');
  return out;
}
