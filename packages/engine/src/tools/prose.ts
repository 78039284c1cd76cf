import type { PageModel, Paragraph } from '../model/types';
import { countWords, splitSentences } from '../text/words';

/**
 * The prose of a page as the tools read it: the main content's paragraphs from the lead on,
 * without the bylines, datelines and photo credits that sit among them on real pages ("Dan
 * Goodin - Apr 16, 2015 8:02 pm UTC", "Photo: AFP/Getty Images"). Summaries, llms.txt notes and
 * entity lists are built from this, never from the page furniture around the article.
 */

const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const DATE_SOURCE = `(?:${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}|\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH},?\\s+\\d{4}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}/\\d{1,2}/\\d{2,4})`;
const TIME_SOURCE = '(?:\\d{1,2}:\\d{2}(?:\\s*(?:am|pm|a\\.m\\.|p\\.m\\.))?(?:\\s*(?:UTC|GMT|[ECMP][SD]?T|BST|CES?T|IST|AEST))?)';
const DATE_RE = new RegExp(`\\b${DATE_SOURCE}`, 'i');
const TIME_RE = new RegExp(`\\b${TIME_SOURCE}`, 'i');
/** "By Jane Doe", "Posted by Sam Lee |", "Words by": the author line, a name and nothing after it but a separator. */
const BYLINE_PREFIX_RE = /^(?:by|written by|posted by|words by|story by|reporting by|text by)\s+/i;
const NAME_THEN_SEPARATOR_RE = /^\p{Lu}[\p{L}'’.-]*(?:\s+(?:\p{Lu}[\p{L}'’.-]*|de|van|von|der|da|del|la|le|and|&))*\s*(?:$|[,|·•–—-]|\b(?:published|updated|posted|on)\b)/u;
/** "Published 3 March 2025", "Updated: 14:02 GMT", "Posted 3 hours ago". */
const DATELINE_START_RE = new RegExp(`^(?:published|updated|posted|last (?:updated|modified|reviewed)|modified|first published|reviewed)(?:\\s+on|\\s*:)?\\s*(?:${DATE_SOURCE}|${TIME_SOURCE}|\\d{1,2}\\b|today|yesterday|\\d+\\s+\\w+\\s+ago)`, 'i');
/** Photo credits and caption furniture. */
const CAPTION_RE = /^(?:photo(?:graph)?|image|picture|illustration|video|credit|source|caption)s?\s*(?:[:：]|by\b|credit\b|copyright\b|caption\b)|\b(?:image (?:copyright|caption)|getty images|shutterstock|istock(?:photo)?)\b|\/(?:AFP|Reuters|AP|EPA|Getty)\b/i;
/** A sentence ends in one of these (with closing quotes or brackets after it). */
const SENTENCE_END_RE = /[.!?…。！？]["'”’)\]]*$/u;
/** Bylines and datelines are short. */
const BYLINE_MAX_WORDS = 25;

/**
 * A paragraph that names the author or the date of the article rather than saying anything:
 * "By Jane Doe", "Dan Goodin - Apr 16, 2015 8:02 pm UTC", "Updated 3 March 2025", or a photo
 * credit. Prose that merely mentions a date ("It opened on 3 March 2025.") is not one: it is a
 * sentence with a verb and a full stop, and longer than the date in it.
 */
export function isBylineOrCaption(text: string, author: string | null = null): boolean {
  const t = text.trim();
  if (t === '') return false;
  const wordCount = countWords(t);
  if (wordCount > BYLINE_MAX_WORDS) return false;
  if (CAPTION_RE.test(t)) return true;
  if (DATELINE_START_RE.test(t)) return true;
  // "By 2030, most homes..." is a sentence; "By Jane Doe, 3 March 2025" is not.
  const prefix = BYLINE_PREFIX_RE.exec(t);
  if (prefix && NAME_THEN_SEPARATOR_RE.test(t.slice(prefix[0].length)) && (!SENTENCE_END_RE.test(t) || wordCount <= 8)) return true;
  if (author && t.toLowerCase().startsWith(author.toLowerCase()) && !SENTENCE_END_RE.test(t)) return true;
  // A date or a clock time with little else around it, and no sentence ending.
  const dated = DATE_RE.test(t) || TIME_RE.test(t);
  return dated && !SENTENCE_END_RE.test(t) && wordCount <= 15;
}

/**
 * The page's prose paragraphs: from the lead (the first paragraph that reads as prose, as the
 * page model marks it) on, bylines and captions left out. A page with no lead has no prose.
 */
export function proseParagraphs(model: PageModel): Paragraph[] {
  if (model.leadIndex < 0) return [];
  return model.paragraphs.slice(model.leadIndex).filter((p) => !isBylineOrCaption(p.text, model.author));
}

/** Text that reads as furniture before the lead or among the paragraphs: bylines, datelines, captions. */
export function furnitureParagraphs(model: PageModel): Paragraph[] {
  const lead = model.leadIndex < 0 ? model.paragraphs.length : model.leadIndex;
  return model.paragraphs.filter((p, i) => i < lead || isBylineOrCaption(p.text, model.author));
}

// "Dan Goodin - Apr 16, 2015 8:02 pm UTC " or "By Jane Doe, 3 March 2025 — " before the first words of an article.
const NAME_SOURCE = "(?:by\\s+)?\\p{Lu}[\\p{L}'’.-]*(?:\\s+\\p{Lu}[\\p{L}'’.-]*){0,3}";
const LEADING_BYLINE_RE = new RegExp(`^${NAME_SOURCE}\\s*[-–—|,:]\\s*(?:(?:published|updated|posted)\\s*:?\\s*)?${DATE_SOURCE}(?:,?\\s*(?:at\\s+)?${TIME_SOURCE})?\\s*[-–—|,:]?\\s+`, 'iu');
const LEADING_DATE_RE = new RegExp(`^(?:(?:published|updated|posted)\\s*:?\\s*)?${DATE_SOURCE}(?:,?\\s*(?:at\\s+)?${TIME_SOURCE})?\\s*[-–—|,:]?\\s+`, 'i');
// "WASHINGTON (Reuters) - " and "LONDON — ": a wire dateline in capitals.
const WIRE_DATELINE_RE = /^\p{Lu}[\p{Lu} .,'’-]{2,40}(?:\s*\([^)]{2,30}\))?\s+[-–—]\s+/u;

/**
 * The sentence without a byline or dateline run into its start (extraction sometimes joins the
 * byline to the first paragraph); the sentence itself when it has none. What remains must start
 * like a sentence, or the sentence is returned unchanged.
 */
export function stripLeadingByline(sentence: string, author: string | null = null): string {
  let rest = sentence;
  if (author && rest.toLowerCase().startsWith(author.toLowerCase())) {
    const after = rest.slice(author.length);
    const m = new RegExp(`^\\s*[-–—|,:]\\s*(?:${DATE_SOURCE}(?:,?\\s*(?:at\\s+)?${TIME_SOURCE})?\\s*[-–—|,:]?\\s+)?`, 'i').exec(after);
    if (m && m[0].trim() !== '') rest = after.slice(m[0].length);
  }
  for (const re of [LEADING_BYLINE_RE, LEADING_DATE_RE, WIRE_DATELINE_RE]) {
    const m = re.exec(rest);
    if (m) rest = rest.slice(m[0].length);
  }
  rest = rest.trim();
  return rest !== sentence && /^["“‘(]?[\p{Lu}\p{N}]/u.test(rest) ? rest : sentence;
}

/** "By Maya Okafor, Head Roaster · Published March 3, 2025 ·": a byline's name and role, up to its first separator. */
const BYLINE_NAME_RE = /^By\s+[^.!?·|•]{2,80}\s*[·|•]\s*/i;
/** "Published March 3, 2025 ·", "Updated April 10, 2025": a dated label in a byline. */
const DATED_LABEL_RE = /^(?:(?:published|updated|last updated|posted|modified)\s*:?\s*)?(?:on\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+(?:19|20)\d{2}\s*(?:[·|•]\s*)?/i;

/**
 * The sentence without any byline run into its start, including one of several dotted parts
 * ("By …, Head Roaster · Published … · Updated …"), which stripLeadingByline leaves half done:
 * an answer or a snippet never opens with the byline (issue #32).
 */
export function withoutByline(sentence: string, author: string | null = null): string {
  let rest = stripLeadingByline(sentence, author);
  const name = BYLINE_NAME_RE.exec(rest);
  if (name) rest = rest.slice(name[0].length);
  for (let m = DATED_LABEL_RE.exec(rest); m; m = DATED_LABEL_RE.exec(rest)) rest = rest.slice(m[0].length);
  rest = rest.trim();
  return rest !== sentence && /^["“‘(]?[\p{Lu}\p{N}]/u.test(rest) ? rest : sentence;
}

/** The sentences of the page's prose, bylines removed from their starts. */
export function proseSentences(model: PageModel): string[] {
  const out: string[] = [];
  for (const p of proseParagraphs(model)) for (const s of splitSentences(p.text)) out.push(stripLeadingByline(s, model.author));
  return out;
}

/** The prose as one text, one paragraph a line. */
export function proseText(model: PageModel): string {
  return proseParagraphs(model).map((p) => p.text).join('\n');
}

/**
 * The main text without its furniture: headings, prose, list items and table rows, one block a
 * line, with the bylines, datelines and captions taken out.
 */
export function contentText(model: PageModel): string {
  const furniture = new Set(furnitureParagraphs(model).map((p) => p.text));
  if (furniture.size === 0) return model.mainText;
  return model.mainText.split('\n').filter((line) => !furniture.has(line)).join('\n');
}
