import { SUBSCORE_IDS, SUBSCORE_LABELS, SUBSCORE_TOOL, TOOLS, type SubscoreId, type ToolId } from '@citable/contract';
import type { AuditHistoryRow } from '../audits';
import type { GenieAnswer } from './built-in-answer';
import { failingChecks } from './user-context';

/**
 * Questions about the user's own scores ("what is my score?", "why is my citation score low?",
 * "how did my site do?") are answered from their latest own audit, with its numbers: the overall
 * score, the subscores and the checks that cost the most points, then the tool that works on it
 * (issue 19). Never from a model: the numbers must be the audit's, not a paraphrase of them.
 */

const FIRST_PERSON = /\b(my|our|mine|ours)\b/i;
const SCORE_WORDS = /\b(scores?|scored|scoring|subscores?|ratings?|results?|audits?|grades?|points|visibility|understanding|likelihood|readiness|structure)\b/i;
const HOW_DID_IT_DO = /\bhow\b.*\b(my|our)\s+(site|website|page|domain|homepage|content)\b.*\b(do|does|did|doing|perform|performs|performed|performing|fare|fared|rank|ranks|ranked|score|scored)\b/i;
const HOW_AM_I_DOING = /\bhow\s+(am\s+i|are\s+we|is\s+my\s+\w+|is\s+our\s+\w+)\s+(doing|performing|scoring)\b/i;

/** Whether the question asks about the user's own scores or audit results. */
export function isOwnScoreQuestion(question: string): boolean {
  return (FIRST_PERSON.test(question) && SCORE_WORDS.test(question)) || HOW_DID_IT_DO.test(question) || HOW_AM_I_DOING.test(question);
}

const SUBSCORE_WORDS: [SubscoreId, RegExp][] = [
  ['citationLikelihood', /\b(citations?|cited|cite|citing|likelihood)\b/i],
  ['aiUnderstanding', /\bunderstand(ing|s)?\b/i],
  ['conversationalReadiness', /\b(conversational|conversation|readiness|voice)\b/i],
  ['contentStructure', /\bstructure[sd]?\b/i],
];

/** The subscore the question names, if it names one. */
export function subscoreAsked(question: string): SubscoreId | null {
  return SUBSCORE_WORDS.find(([, words]) => words.test(question))?.[0] ?? null;
}

const TOP_CHECKS = 3;
const points = (value: number) => {
  const rounded = Math.round(value * 10) / 10;
  return `${rounded} point${rounded === 1 ? '' : 's'}`;
};
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const withoutStop = (text: string) => text.trim().replace(/[.!?]+$/, '');

export const NO_OWN_AUDIT =
  'You have no audit of your own site yet, so there is no score to talk about. Run one from the Overview with "Audit my website": it takes about a minute, and then I can tell you your scores and what costs you the most points.';

/** The answer to an own-score question from the user's latest own audit (`audit`), or the way to get one. */
export function ownScoreAnswer(question: string, audit: AuditHistoryRow | undefined): GenieAnswer {
  // The Overview's audit is the one kept in the history; it is not a tool a button can open.
  if (!audit) return { response: NO_OWN_AUDIT, toolIds: [] };
  const asked = subscoreAsked(question);
  const site = audit.websiteUrl ?? 'your pasted content';
  const date = audit.createdAt.toISOString().slice(0, 10);
  const subscores = SUBSCORE_IDS.map((id) => `${SUBSCORE_LABELS[id]} ${audit[id]}`).join(', ');
  const lines = [`Your latest audit of ${site} (${date}) scored ${audit.overallScore}/100 overall. Subscores: ${subscores}.`];

  const failing = failingChecks(audit);
  const focus = (asked ? failing.filter((check) => check.subscore === asked) : failing).slice(0, TOP_CHECKS);
  if (asked) {
    lines.push(focus.length > 0 ? `${SUBSCORE_LABELS[asked]} is ${audit[asked]}. The checks costing it the most:` : `${SUBSCORE_LABELS[asked]} is ${audit[asked]}, and none of its checks failed in this audit.`);
  } else if (focus.length > 0) {
    lines.push('The checks costing you the most:');
  } else if (audit.recommendations.length > 0) {
    lines.push(`Top fixes: ${audit.recommendations.slice(0, TOP_CHECKS).map(withoutStop).join('; ')}.`);
  }
  focus.forEach((check, index) => lines.push(`${index + 1}. ${withoutStop(check.title)} (${points(check.pointsLost)} lost): ${lowerFirst(withoutStop(check.suggestion))}.`));

  const subscore = asked ?? lowestSubscore(audit);
  const toolId: ToolId = SUBSCORE_TOOL[subscore];
  lines.push(`The ${TOOLS[toolId].name} works on ${SUBSCORE_LABELS[subscore]}${asked ? '' : ', your lowest subscore'}.`);
  return { response: lines.join('\n'), toolIds: [toolId] };
}

function lowestSubscore(audit: AuditHistoryRow): SubscoreId {
  return [...SUBSCORE_IDS].sort((a, b) => audit[a] - audit[b])[0];
}
