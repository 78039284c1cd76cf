/**
 * The editor's text as located units: headings, paragraphs and sentences with their character
 * offsets into the text as typed. Suggestions need positions in the author's own text, which the
 * page model (built from rendered HTML) does not keep, so the editor scans the source itself.
 */

export interface Span {
  text: string;
  start: number;
  end: number;
}

export interface HeadingUnit extends Span {
  level: number;
}

export interface EditorUnits {
  headings: HeadingUnit[];
  paragraphs: Span[];
  sentences: Span[];
}

const HEADING_RE = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/;
// Lines that are Markdown structure rather than prose: list items, quotes, tables, fences, rules.
const NON_PROSE_RE = /^\s*(?:[-*+]\s|\d+[.)]\s|>|\||```|---+\s*$|\*\*\*+\s*$)/;
// The engine's sentence boundary (text/words.ts), kept global here to read the offsets.
const SENTENCE_END_RE = /(?<=[.!?…])["'”’)\]]*\s+(?=["'“‘(\[]?[\p{Lu}\p{N}])/gu;

function trimmed(text: string, start: number): Span | null {
  const lead = text.length - text.trimStart().length;
  const body = text.trim();
  return body === '' ? null : { text: body, start: start + lead, end: start + lead + body.length };
}

function sentencesOf(paragraph: Span): Span[] {
  const out: Span[] = [];
  let from = 0;
  SENTENCE_END_RE.lastIndex = 0;
  for (const match of paragraph.text.matchAll(SENTENCE_END_RE)) {
    const at = match.index ?? 0;
    // The closing quote or bracket belongs to the sentence it ends.
    const closing = /^["'”’)\]]*/.exec(match[0])?.[0].length ?? 0;
    const span = trimmed(paragraph.text.slice(from, at + closing), paragraph.start + from);
    if (span) out.push(span);
    from = at + match[0].length;
  }
  const last = trimmed(paragraph.text.slice(from), paragraph.start + from);
  if (last) out.push(last);
  return out;
}

export function editorUnits(text: string): EditorUnits {
  const headings: HeadingUnit[] = [];
  const paragraphs: Span[] = [];
  let block: { start: number; end: number } | null = null;
  const closeBlock = () => {
    if (!block) return;
    const span = trimmed(text.slice(block.start, block.end), block.start);
    if (span) paragraphs.push(span);
    block = null;
  };

  let offset = 0;
  for (const line of text.split('\n')) {
    const lineStart = offset;
    const lineEnd = offset + line.length;
    offset = lineEnd + 1;
    const heading = HEADING_RE.exec(line);
    if (heading) {
      closeBlock();
      const textStart = lineStart + line.indexOf(heading[2], heading[1].length);
      headings.push({ level: heading[1].length, text: heading[2], start: textStart, end: textStart + heading[2].length });
      continue;
    }
    if (line.trim() === '' || NON_PROSE_RE.test(line)) {
      closeBlock();
      continue;
    }
    if (block) block.end = lineEnd;
    else block = { start: lineStart, end: lineEnd };
  }
  closeBlock();
  return { headings, paragraphs, sentences: paragraphs.flatMap(sentencesOf) };
}
