import { PLACEHOLDERS, type ContentFormat, type OptimizerChange } from '@citable/contract';
import type { PageModel } from '../model/types';
import { countWords, splitSentences } from '../text/words';
import { contentTerms } from '../tools/text-terms';
import { conciseAnswer } from './sentences';
import { escapeHtml, insertAtTop, replaceSentence } from './source-edits';

/**
 * The optimizer's structural edits (issue #32): each one aims at a check the audit reports and
 * only moves or reshapes the author's own words, so it can change a check's score without adding
 * a fact. A direct answer under a question heading (concise-answers), a numbered list for steps
 * written as prose (step-lists), a link for a source the text names by its bare address
 * (cited-sources), the subject's definition as the opening (answer-first, entity-clarity).
 * Where only the author can supply content, an edit marks the place instead.
 */

export interface StructuralDraft {
  text: string;
  format: ContentFormat;
  model: PageModel;
}

export interface StructuralStep {
  text: string;
  changes: OptimizerChange[];
  placeholders?: string[];
  /** The check the edit is made for. */
  aims?: string;
}

/** The concise-answers check's ideal answer length. */
const ANSWER_MIN = 25;
const ANSWER_MAX = 60;

/**
 * The source with one paragraph replaced by blocks: in Markdown, blocks separated by a blank
 * line; in HTML, the paragraph's `<p>` closed and reopened (or replaced by a list). Null when the
 * paragraph is not written verbatim in the source.
 */
function replaceParagraph(source: string, format: ContentFormat, paragraph: string, blocks: { kind: 'p' | 'ol'; items: string[] }[]): string | null {
  if (format !== 'html') {
    const markdown = blocks.map((b) => (b.kind === 'p' ? b.items.join(' ') : b.items.map((item, i) => `${i + 1}. ${item}`).join('\n'))).join('\n\n');
    return replaceSentence(source, format, paragraph, markdown);
  }
  const html = blocks.map((b) => (b.kind === 'p' ? `<p>${escapeHtml(b.items.join(' '))}</p>` : `<ol>${b.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ol>`)).join('\n');
  for (const needle of [escapeHtml(paragraph), paragraph]) {
    const re = new RegExp(`<p(?:\\s[^>]*)?>\\s*${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*</p>`);
    if (re.test(source)) return source.replace(re, () => html);
  }
  return null;
}

/**
 * A question heading answered by a long first paragraph gets its answer first: the opening
 * sentences (25-60 words) become a paragraph of their own, the rest follows as written.
 */
export function directAnswers(d: StructuralDraft): StructuralStep | null {
  let text = d.text;
  const changes: OptimizerChange[] = [];
  for (const qa of d.model.answers) {
    if (qa.answerWordCount <= ANSWER_MAX) continue;
    const sentences = splitSentences(qa.answer);
    const answer = conciseAnswer(qa.answer, ANSWER_MIN, ANSWER_MAX);
    const taken = splitSentences(answer).length;
    const rest = sentences.slice(taken).join(' ');
    const words = countWords(answer);
    if (rest === '' || words < ANSWER_MIN || words > ANSWER_MAX) continue;
    const next = replaceParagraph(text, d.format, qa.answer, [{ kind: 'p', items: [answer] }, { kind: 'p', items: [rest] }]);
    if (next === null) continue;
    text = next;
    changes.push({ kind: 'direct-answer', description: `Gave “${qa.question}” a ${words}-word answer of its own right below it; the other ${countWords(rest)} words follow as written.`, before: qa.answer, after: `${answer}\n\n${rest}` });
  }
  return changes.length ? { text, changes, aims: 'concise-answers' } : null;
}

// A sentence that opens a step of a sequence: "First, …", "Then …", "Step 2: …".
const STEP_OPENER_RE = /^(?:(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|then|next|after that|afterwards|finally|lastly)\b,?\s*|step\s+\d+\s*[:.)-]\s*)/i;
const FIRST_STEP_RE = /^(?:first(?:ly)?\b|step\s+1\b)/i;

/** A step without its ordinal, as a list item: "First, heat the water." → "Heat the water." */
function asStep(sentence: string): string {
  const bare = sentence.replace(STEP_OPENER_RE, '').trim();
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/**
 * A procedure written as a paragraph of steps ("First, … Then, … Finally, …", at least three)
 * becomes a numbered list of the same sentences, without their ordinals; the sentences before the
 * first step stay as the paragraph that introduces the list.
 */
export function stepLists(d: StructuralDraft): StructuralStep | null {
  let text = d.text;
  const changes: OptimizerChange[] = [];
  for (const paragraph of d.model.paragraphs) {
    const sentences = splitSentences(paragraph.text);
    const start = sentences.findIndex((s) => FIRST_STEP_RE.test(s));
    if (start < 0) continue;
    const steps = sentences.slice(start);
    const marked = steps.filter((s) => STEP_OPENER_RE.test(s)).length;
    // Most sentences of the run must be marked as steps: a paragraph that says "first" once is prose.
    if (steps.length < 3 || marked < 3 || marked < steps.length * 0.6) continue;
    const intro = sentences.slice(0, start);
    const items = steps.map(asStep);
    const next = replaceParagraph(text, d.format, paragraph.text, [...(intro.length ? [{ kind: 'p' as const, items: intro }] : []), { kind: 'ol', items }]);
    if (next === null) continue;
    text = next;
    changes.push({ kind: 'step-list', description: `Wrote the ${items.length} steps of a paragraph as a numbered list, one step per item, in your words.`, before: paragraph.text, after: items.map((item, i) => `${i + 1}. ${item}`).join('\n') });
  }
  return changes.length ? { text, changes, aims: 'step-lists' } : null;
}

const BARE_URL_RE = /(?<![("'=>\]])\bhttps?:\/\/[^\s<>"')\]]+[^\s<>"')\].,;:!?]/g;

/**
 * Sources the text names by a bare address ("Source: https://www.nass.usda.gov/…") become links,
 * which is what answer engines and the cited-sources check count; a figure whose sentence names
 * no source is marked for the author to link, in place, never with a made-up source.
 */
export function sourceLinks(d: StructuralDraft): StructuralStep | null {
  let text = d.text;
  const changes: OptimizerChange[] = [];
  const placeholders: string[] = [];
  const linked = new Set(d.model.links.map((l) => l.url));
  const bare = [...new Set(d.model.mainText.match(BARE_URL_RE) ?? [])].filter((url) => !linked.has(url) && !linked.has(`${url}/`));
  for (const url of bare) {
    let host = url;
    try {
      host = new URL(url).host;
    } catch {
      continue;
    }
    const link = d.format === 'html' ? `<a href="${escapeHtml(url)}">${escapeHtml(host)}</a>` : `[${host}](${url})`;
    // Only the address written as text: inside an attribute or a Markdown link it is already a link.
    const at = d.format === 'html' ? text.search(new RegExp(`(?<![="'/])${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![^<]*</a>)`)) : text.search(new RegExp(`(?<![(<\\[])${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    if (at < 0) continue;
    text = text.slice(0, at) + link + text.slice(at + url.length);
    changes.push({ kind: 'source-link', description: `Made the source address you wrote a link, so answer engines can follow it to ${host}.`, before: url, after: link });
  }
  // Figures whose sentence links nowhere: the place where the author's source belongs is marked.
  if (d.model.citations.length === 0 && bare.length === 0) {
    for (const sentence of findingSentences(d.model)) {
      if (sentence.includes(PLACEHOLDERS.source)) continue;
      // Inside the sentence, before its full stop, so the marker does not run into the next sentence.
      const marked = sentence.replace(/([.!?]?)$/, ` ${PLACEHOLDERS.source}$1`);
      const next = replaceSentence(text, d.format, sentence, marked);
      if (next === null) continue;
      text = next;
      placeholders.push(PLACEHOLDERS.source);
      changes.push({ kind: 'placeholder', description: 'Marked where the source of this figure belongs: link the study or data it comes from.', before: sentence, after: marked });
    }
  }
  return changes.length ? { text, changes, placeholders: [...new Set(placeholders)], aims: 'cited-sources' } : null;
}

// A figure that states a finding someone measured (a share, a survey, a study), not a quantity in a recipe.
const FINDING_RE = /%|\bper ?cent\b|\b(?:survey|study|studies|research|report|census|according to|data|on average|average)\b/i;

/** The sentences whose figures state findings: the ones a reader expects a source for. */
export function findingSentences(model: PageModel): string[] {
  return [...new Set(model.statistics.map((s) => s.sentence))].filter((s) => FINDING_RE.test(s));
}

/**
 * When the opening does not name the subject of the title but a later sentence defines it
 * ("Pour-over coffee is brewed by…"), that sentence moves to the top as the opening.
 */
export function definitionFirst(d: StructuralDraft): StructuralStep | null {
  const title = d.model.articleTitle ?? d.model.title ?? '';
  const titleTerms = new Set(contentTerms(title));
  if (titleTerms.size === 0) return null;
  const lead = d.model.paragraphs[Math.max(0, d.model.leadIndex)];
  if (!lead) return null;
  const leadTerms = new Set(contentTerms(lead.text));
  if ([...titleTerms].filter((t) => leadTerms.has(t)).length >= Math.min(2, titleTerms.size)) return null;
  const definition = d.model.paragraphs
    .flatMap((p) => (p === lead ? [] : splitSentences(p.text)))
    .find((s) => {
      const m = /^(.{2,80}?)\s+(?:is|are|means|refers to)\s+/i.exec(s);
      if (!m || countWords(s) < 8 || countWords(s) > 45) return false;
      const subject = contentTerms(m[1]);
      return subject.length > 0 && subject.filter((t) => titleTerms.has(t)).length >= Math.min(2, subject.length, titleTerms.size);
    });
  if (!definition) return null;
  const removed = replaceSentence(d.text, d.format, `${definition} `, '') ?? replaceSentence(d.text, d.format, ` ${definition}`, '') ?? replaceSentence(d.text, d.format, definition, '');
  if (removed === null) return null;
  return {
    text: insertAtTop(removed, d.format, { paragraphs: [definition] }),
    changes: [{ kind: 'definition', description: 'Moved the sentence that defines the subject of your title to the opening, where answer engines look for it.', before: definition, after: definition }],
    aims: 'answer-first',
  };
}
