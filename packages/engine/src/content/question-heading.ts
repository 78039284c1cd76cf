import { isQuestion } from '../text/questions';

/**
 * A heading as the question a reader would ask an answer engine. Only rewordings that keep the
 * heading's own words: "How to brew tea" → "How do you brew tea?", "Benefits of tea" → "What are
 * the benefits of tea?", anything else → "What should you know about …?".
 */
export function questionHeading(heading: string): string | null {
  const text = heading.trim().replace(/[:.]+$/, '');
  if (text === '' || isQuestion(text)) return null;
  const wordCount = text.split(/\s+/).length;
  // Long headings are already sentences; reframing them reads badly.
  if (wordCount > 8) return null;
  const howTo = /^how to\s+(.+)$/i.exec(text);
  if (howTo) return `How do you ${howTo[1]}?`;
  if (/^(?:what|why|how|when|where|who|which)\b/i.test(text)) return `${text}?`;
  const lower = lowerFirst(text);
  if (/^(?:benefits|advantages|disadvantages|types|kinds|examples|features|risks|costs|pros and cons|uses)\s+of\b/i.test(text)) return `What are the ${lower}?`;
  return `What should you know about ${lower}?`;
}

/** Lower-cases the first letter unless the word is an acronym or a name-like capitalised run. */
function lowerFirst(text: string): string {
  const [first, second] = text.split(/\s+/);
  if (first.length > 1 && first === first.toUpperCase()) return text;
  // "Hawthorne House Blend": a run of capitalised words is a name, and keeps its capital.
  if (second !== undefined && /^\p{Lu}/u.test(second)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** A question heading as a question: "How to brew tea" reads as a label until it becomes "How do you brew tea?". */
export function asQuestion(text: string): string {
  const trimmed = text.trim().replace(/[:.]+$/, '');
  if (/[?？]$/.test(trimmed)) return trimmed;
  const howTo = /^how to\s+(.+)$/i.exec(trimmed);
  return howTo ? `How do you ${howTo[1]}?` : `${trimmed}?`;
}
