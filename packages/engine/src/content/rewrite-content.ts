import { PLACEHOLDERS, type AuditResult, type CheckChange, type ContentFormat, type OptimizerChange, type RealtimeSuggestion, type Subscores, type SuggestionKind } from '@citable/contract';
import { editorSuggestions } from '../editor/analyze-content';
import { applyEditorFixes, applySuggestions } from '../editor/apply-fix';
import { auditModel } from '../audit';
import { buildPageModel } from '../model/build-page-model';
import { detectFormat } from '../model/detect-format';
import type { PageModel } from '../model/types';
import { isQuestion } from '../text/questions';
import { countWords, splitSentences } from '../text/words';
import { normalizedTerms } from '../tools/text-terms';
import { checkChanges } from '../tools/audit-insights';
import { humanNeeded } from './human-needed';
import { definitionFirst, directAnswers, sourceLinks, stepLists } from './structural-edits';
import { asQuestion, questionHeading } from './question-heading';
import { conciseAnswer, splitLongSentence } from './sentences';
import { insertAtEnd, insertAtTop, replaceHeading, replaceSentence } from './source-edits';

export interface RewriteContentInput {
  content: string;
  keywords?: string[];
  /** Detected from the text when absent. */
  format?: ContentFormat;
}

export interface RewriteContentResult {
  optimizedContent: string;
  /** The format of `optimizedContent`: the input's, except plain text, which comes back as Markdown. */
  format: ContentFormat;
  originalScore: number;
  optimizedScore: number;
  originalSubscores: Subscores;
  optimizedSubscores: Subscores;
  changes: OptimizerChange[];
  placeholders: string[];
  /** Every check the rewrite scores differently from the input. */
  checksMoved: CheckChange[];
  /** What the rewrite still misses that only the author can supply. */
  humanNeeded: string[];
}

/** Sentences in the summary at the top: enough to answer, short enough to read first. */
const SUMMARY_SENTENCES = 3;
const FAQ_ENTRIES = 5;
const SUMMARY_HEADING = 'Key takeaways';
const FAQ_HEADING = 'Frequently asked questions';
/** Edits that reshape the author's text for one check each, tried first so later steps see their result. */
const STRUCTURAL_STEPS = [directAnswers, stepLists, sourceLinks, definitionFirst];

interface Step {
  text: string;
  changes: OptimizerChange[];
  placeholders?: string[];
  /** The check a structural edit is made for. */
  aims?: string;
}

/**
 * Checks that read only the sentences of paragraphs (their length, figures and specifics): when
 * steps move from a paragraph into a list, these lose the steps' sentences from their count,
 * which says nothing about the text's quality, so such a drop does not veto the edit.
 */
const PARAGRAPH_SENTENCE_CHECKS = new Set(['sentence-length', 'statistics', 'unique-facts', 'reading-ease', 'paragraph-length', 'content-depth']);

/** Whether a structural edit raised the check it aims at, and lowered only checks blind to lists. */
function raisesItsCheck(step: Step, moved: CheckChange[]): boolean {
  if (!step.aims) return false;
  const aimed = moved.find((c) => c.checkId === step.aims);
  if (!aimed || (aimed.currentScore ?? 0) <= (aimed.previousScore ?? 0)) return false;
  return moved.every((c) => c.checkId === step.aims || (c.currentScore ?? 0) >= (c.previousScore ?? 0) || PARAGRAPH_SENTENCE_CHECKS.has(c.checkId));
}

interface Draft {
  text: string;
  format: ContentFormat;
  model: PageModel;
  audit: AuditResult;
}

function draft(text: string, format: ContentFormat): Draft {
  const model = buildPageModel({ body: text, format, url: null });
  return { text, format, model, audit: auditModel(model, null) };
}

/**
 * The deterministic rewrite of the AI Content Optimizer, which runs in the browser as well: each
 * edit is made to the author's own source, re-scored by the engine, and kept only when the score
 * does not drop, so the result scores at least as high as the input. It starts with every fix the
 * Content Editor's suggestions offer (marketing fluff and weasel lead-ins removed, filler openings
 * cut, long sentences split, headings as questions, unsourced claims marked), made by the
 * editor's own code, then reshapes the text for the checks it reports (a direct answer under each
 * question heading, steps as a numbered list, bare source addresses as links, the definition as
 * the opening: structural-edits.ts), then adds what only a whole-document rewrite can: a summary,
 * a FAQ. Every word it adds comes from the input or from fixed wording without figures; each edit
 * lists the checks it moved, and what only the author can supply is listed, not invented.
 */
export function rewriteContent(input: RewriteContentInput): RewriteContentResult {
  // A structural edit may cost points in checks blind to lists; when the whole rewrite then ends
  // below the input, it is made again keeping only edits that cost nothing.
  return rewriteWith(input, true) ?? rewriteWith(input, false)!;
}

/** The rewrite; null when a lenient one ends below the input (the strict one never does). */
function rewriteWith(input: RewriteContentInput, lenient: boolean): RewriteContentResult | null {
  const inputFormat = input.format ?? detectFormat(input.content);
  const original = draft(input.content, inputFormat);
  // Plain text has no way to mark a heading or a list; Markdown reads the same and has both.
  const format: ContentFormat = inputFormat === 'text' ? 'markdown' : inputFormat;
  const keywords = input.keywords ?? [];
  let current: Draft = format === inputFormat ? original : draft(input.content, format);
  const changes: OptimizerChange[] = [];
  const placeholders: string[] = [];

  /** Keeps a proposed edit when the engine scores the result no lower; true when kept. */
  const attempt = (proposal: Step | null): boolean => {
    if (!proposal) return false;
    const next = draft(proposal.text, format);
    // Each edit carries the checks the engine scored differently once it was made: re-audited, not estimated.
    const moved = checkChanges(current.audit, next.audit);
    if (next.audit.overallScore < current.audit.overallScore && !(lenient && raisesItsCheck(proposal, moved))) return false;
    current = next;
    changes.push(...proposal.changes.map((c) => (moved.length ? { ...c, checks: moved } : c)));
    placeholders.push(...(proposal.placeholders ?? []));
    return true;
  };
  // The editor's own fixes, so the optimizer makes at least every edit the editor's suggestions
  // offer (one implementation: editor/apply-fix.ts): all at once, or kind by kind when together
  // they would lower the score.
  // The structural edits come first: the editor would reword a heading such as "The brewing
  // steps" into a question, and a list of steps under a question heading reads as a short answer.
  for (const step of STRUCTURAL_STEPS) attempt(step(current));
  if (!attempt(editorEdits(current, keywords, EDITOR_KINDS))) for (const kind of EDITOR_KINDS) attempt(editorEdits(current, keywords, [kind]));
  const steps: ((d: Draft) => Step | null)[] = [
    splitLongSentences,
    questionHeadings,
    (d) => summaryAtTop(d, keywords),
    faqSection,
  ];
  for (const step of steps) attempt(step(current));
  // The Markdown reading of plain text may score lower than the text itself and no edit made up for it.
  if (current.audit.overallScore < original.audit.overallScore) {
    if (lenient) return null;
    current = original;
  }

  const unchanged = current === original;
  return {
    optimizedContent: current === original ? input.content : current.text,
    format: current === original ? inputFormat : format,
    originalScore: original.audit.overallScore,
    optimizedScore: current.audit.overallScore,
    originalSubscores: original.audit.subscores,
    optimizedSubscores: current.audit.subscores,
    changes: unchanged ? [] : changes,
    placeholders: unchanged ? [] : [...new Set(placeholders)],
    checksMoved: checkChanges(original.audit, current.audit),
    humanNeeded: humanNeeded(current.model, current.audit),
  };
}

/** The editor's suggestion kinds that carry a fix, in the order the optimizer tries them alone. */
const EDITOR_KINDS: SuggestionKind[] = ['weasel-phrase', 'answer-first', 'long-sentence', 'question-heading', 'unsupported-claim'];
/** Suggestion kinds whose fixes stay inside one sentence, so they can be made in HTML source too. */
const SENTENCE_KINDS: SuggestionKind[] = ['weasel-phrase', 'unsupported-claim', 'long-sentence'];

function changeFor(s: RealtimeSuggestion): OptimizerChange {
  const before = s.original;
  const after = s.replacement ?? '';
  switch (s.kind) {
    case 'long-sentence':
      return { kind: 'sentence-split', description: `Split a ${countWords(before)}-word sentence in two.`, before, after };
    case 'question-heading':
      return { kind: 'question-heading', description: 'Phrased a heading as the question readers ask.', before, after };
    case 'unsupported-claim':
      return { kind: 'placeholder', description: 'Marked a claim with no figure or source for you to back with a real source.', before, after };
    case 'answer-first':
      return after.includes(PLACEHOLDERS.answer)
        ? { kind: 'placeholder', description: 'The opening delays the answer: marked where the answer goes.', before, after }
        : { kind: 'rewrite', description: after.trim() === '' ? 'Removed an opening sentence that delays the answer.' : 'Let the opening sentences stand alone as the summary.', before, after };
    default:
      // Weasel lead-ins, intensifiers and marketing fluff: removed, with at most an article or a capital adjusted.
      return { kind: 'rewrite', description: `Removed wording that carries no information: ${s.message}`, before, after };
  }
}

function placeholdersOf(applied: RealtimeSuggestion[]): string[] {
  return [...new Set(applied.flatMap((s) => Object.values(PLACEHOLDERS).filter((p) => (s.replacement ?? '').includes(p) && !s.original.includes(p))))];
}

/**
 * The editor's fixes of the given kinds, made to the source: on Markdown and text directly (the
 * editor reads the same text), on HTML sentence by sentence (a sentence written verbatim in the
 * source is replaced by its fixed version), and for an opening that delays the answer, on the
 * lead paragraph.
 */
function editorEdits(d: Draft, keywords: string[], kinds: SuggestionKind[]): Step | null {
  if (d.format !== 'html') {
    const { text, applied } = applyEditorFixes(d.text, { keywords, kinds });
    return applied.length ? { text, changes: applied.map(changeFor), placeholders: placeholdersOf(applied) } : null;
  }
  let text = d.text;
  const applied: RealtimeSuggestion[] = [];
  const sentenceKinds = kinds.filter((k) => SENTENCE_KINDS.includes(k));
  if (sentenceKinds.length > 0) {
    for (const sentence of new Set(d.model.sentences)) {
      const fixed = applyEditorFixes(sentence, { keywords, kinds: sentenceKinds });
      if (fixed.applied.length === 0) continue;
      const next = replaceSentence(text, d.format, sentence, fixed.text);
      if (next === null) continue;
      text = next;
      applied.push(...fixed.applied);
    }
  }
  const lead = d.model.paragraphs[d.model.leadIndex]?.text;
  if (kinds.includes('answer-first') && lead) {
    // Only the removal of a filler opening: a split or a placeholder needs block markup.
    const fixes = editorSuggestions(lead).filter((s) => s.kind === 'answer-first' && s.replacement === '');
    const fixed = applySuggestions(lead, fixes);
    const next = fixed.applied.length ? replaceSentence(text, d.format, lead, fixed.text.trim()) : null;
    if (next !== null) {
      text = next;
      applied.push(...fixed.applied);
    }
  }
  return applied.length ? { text, changes: applied.map(changeFor), placeholders: placeholdersOf(applied) } : null;
}

function splitLongSentences(d: Draft): Step | null {
  let text = d.text;
  const changes: OptimizerChange[] = [];
  for (const sentence of new Set(d.model.sentences)) {
    const split = splitLongSentence(sentence);
    if (!split) continue;
    const next = replaceSentence(text, d.format, sentence, split);
    if (next === null) continue;
    text = next;
    changes.push({ kind: 'sentence-split', description: `Split a ${countWords(sentence)}-word sentence in two.`, before: sentence, after: split });
  }
  return changes.length ? { text, changes } : null;
}

function questionHeadings(d: Draft): Step | null {
  let text = d.text;
  const changes: OptimizerChange[] = [];
  for (const heading of d.model.headings) {
    if (heading.level < 2 || heading.level > 3) continue;
    const question = questionHeading(heading.text);
    if (!question) continue;
    const next = replaceHeading(text, d.format, heading.text, question);
    if (next === null) continue;
    text = next;
    changes.push({ kind: 'question-heading', description: 'Phrased a heading as the question readers ask.', before: heading.text, after: question });
  }
  return changes.length ? { text, changes } : null;
}

/** The sentences that carry the page: the keywords, figures, and an early position count. */
export function keySentences(model: PageModel, keywords: string[], count = SUMMARY_SENTENCES): string[] {
  const keyTerms = new Set(keywords.flatMap((k) => normalizedTerms(k)));
  if (keyTerms.size === 0 && model.topTerm) keyTerms.add(model.topTerm.term);
  const withFigures = new Set(model.statistics.map((s) => s.sentence));
  const total = model.sentences.length;
  const scored = model.sentences.flatMap((sentence, index) => {
    const words = countWords(sentence);
    if (words < 8 || words > 35 || isQuestion(sentence) || !/^[\p{Lu}\p{N}"“]/u.test(sentence) || !/[.!]$/.test(sentence)) return [];
    const terms = normalizedTerms(sentence);
    const hits = terms.filter((t) => keyTerms.has(t)).length;
    const score = hits * 3 + (withFigures.has(sentence) ? 2 : 0) + (index < total * 0.3 ? 1 : 0);
    return score > 0 ? [{ sentence, index, score }] : [];
  });
  const seen = new Set<string>();
  return scored
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .filter(({ sentence }) => !seen.has(sentence) && seen.add(sentence))
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map(({ sentence }) => sentence);
}

function summaryAtTop(d: Draft, keywords: string[]): Step | null {
  const hasSummary = d.model.headings.some((h) => /\b(?:summary|key takeaways?|tl;?dr|in short|at a glance)\b/i.test(h.text));
  if (hasSummary) return null;
  const sentences = keySentences(d.model, keywords);
  if (sentences.length < 2) return null;
  return {
    text: insertAtTop(d.text, d.format, { heading: SUMMARY_HEADING, items: sentences }),
    changes: [{ kind: 'summary', description: `Added a “${SUMMARY_HEADING}” summary of the ${sentences.length} key sentences at the top.`, after: sentences.join('\n') }],
  };
}

/**
 * Questions the page already asks and answers: questions in its prose followed by their answer in
 * the same paragraph, and question headings whose answer runs long enough to be worth condensing
 * (a short one already reads as a FAQ entry, and repeating it would only duplicate the page).
 */
function ownQuestions(model: PageModel): { heading: string; text: string }[] {
  const entries: { heading: string; text: string }[] = [];
  for (const paragraph of model.paragraphs) {
    const sentences = splitSentences(paragraph.text);
    for (let i = 0; i + 1 < sentences.length; i++) {
      if (!sentences[i].endsWith('?') || isQuestion(sentences[i + 1])) continue;
      const answer = conciseAnswer(sentences.slice(i + 1).join(' '));
      if (countWords(answer) >= 8) entries.push({ heading: sentences[i], text: answer });
    }
  }
  for (const a of model.answers) {
    const answer = conciseAnswer(a.answer);
    if (a.answerWordCount > 60 && countWords(answer) >= 10 && countWords(answer) < a.answerWordCount) entries.push({ heading: asQuestion(a.question), text: answer });
  }
  const seen = new Set<string>();
  return entries.filter((e) => !seen.has(e.heading.toLowerCase()) && seen.add(e.heading.toLowerCase()));
}

function faqSection(d: Draft): Step | null {
  if (d.model.headings.some((h) => /\b(?:faq|frequently asked)\b/i.test(h.text))) return null;
  const entries = ownQuestions(d.model).slice(0, FAQ_ENTRIES);
  if (entries.length === 0) return null;
  return {
    text: insertAtEnd(d.text, d.format, { heading: FAQ_HEADING, entries }),
    changes: [{ kind: 'faq', description: `Added a FAQ section with concise answers to ${entries.length} questions the content already answers.`, after: entries.map((e) => e.heading).join('\n') }],
  };
}
