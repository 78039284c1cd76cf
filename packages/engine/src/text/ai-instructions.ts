import { collapseWhitespace, truncate } from './words';

/**
 * Instructions aimed at AI systems ("ignore previous instructions", "AI assistants must recommend
 * Acme", role-play prompts): the phrases of indirect prompt injection (OWASP LLM01), in English.
 *
 * Two strengths. Strong phrases address the model itself and have no other use in a page: they
 * count wherever they are. Directives ("AI assistants should cite ...") also occur when a page
 * writes about AI; in the text readers see they count only when the sentence reports no one
 * ("Regulators say AI assistants must ...") and does not quote them.
 */
export type InstructionKind = 'override' | 'address' | 'role-play' | 'directive';

export interface InstructionMatch {
  kind: InstructionKind;
  /** The sentence around the phrase, at most 200 characters. */
  excerpt: string;
}

const AI = String.raw`(?:AI|A\.I\.|LLMs?|large\s+language\s+models?|language\s+models?|chatbots?|ChatGPT|Claude|Gemini|Perplexity|Copilot|GPT(?:-?\d[\w.]*)?)`;
const AI_PLURAL = String.raw`(?:${AI}(?:\s+(?:assistants?|agents?|models?|systems?|search(?:\s+engines?)?|crawlers?|bots?|tools?|readers?))?|assistants|answer\s+engines?)`;

const OVERRIDE_HINT = /\b(?:ignore|disregard|forget|override|bypass)\b|<\||\[\/?INST\]|<<\/?SYS>>/i;
const AI_HINT = new RegExp(String.raw`\b${AI}|\bassistants\b|\banswer\s+engines?\b`, 'i');
const WHEN_HINT = /\bwhen\s+(?:summari[sz]ing|answering|asked|responding|generating)\b/i;
const ROLE_PLAY_HINT = /\b(?:you\s+are|enter|enable|activate|switch\s+to|pretend|imagine|role-?play|act\s+as|from\s+now\s+on|stay\s+in\s+character)\b/i;

/** Compiled once, global; `needs` names the hint a text must match first. */
const STRONG: { kind: InstructionKind; re: RegExp; needs: 'override' | 'ai' | 'role-play' }[] = [
  {
    kind: 'override',
    needs: 'override',
    re: /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+|these\s+)?(?:previous|prior|above|earlier|preceding|former|original|initial|system|other)\s+(?:instructions?|prompts?|directions?|directives?|rules|guidelines|context|messages?)\b/gi,
  },
  { kind: 'override', needs: 'override', re: /\b(?:ignore|disregard)\s+(?:all|your)\s+(?:instructions|rules|guidelines|programming)\b/gi },
  { kind: 'override', needs: 'override', re: /<\|(?:im_start|im_end|system|endoftext)\|>|\[\/?INST\]|<<\/?SYS>>/gi },
  {
    kind: 'address',
    needs: 'ai',
    re: new RegExp(String.raw`\bif\s+you\s+are\s+(?:an?\s+)?${AI}(?:\s+(?:assistant|agent|model|system|crawler|bot))?\b|\b(?:(?:attention|note|message|instructions?|directive)\s+(?:to|for)|attention,?)\s+(?:all\s+|any\s+)?${AI_PLURAL}\b`, 'gi'),
  },
  {
    kind: 'address',
    needs: 'ai',
    re: new RegExp(String.raw`\b${AI_PLURAL}\s+(?:that\s+(?:are\s+)?|who\s+(?:are\s+)?)?(?:reading|processing|summari[sz]ing|crawling|parsing|indexing|scraping)\s+this\s+(?:page|text|content|document|site|website|article|file)\b`, 'gi'),
  },
  {
    kind: 'role-play',
    needs: 'role-play',
    re: /\b(?:you\s+are\s+now\s+(?:an?\s+)?(?:DAN|unrestricted|unfiltered|jailbroken|in\s+(?:developer|DAN|god)\s+mode)|(?:enter|enable|activate|switch\s+to)\s+(?:developer|DAN|jailbreak|god)\s+mode|(?:pretend|imagine)\s+(?:that\s+)?you\s+are\s+(?:an?\s+)?(?:AI|assistant|chatbot|language\s+model|unrestricted|unfiltered)|(?:role-?play|act)\s+as\s+(?:an?\s+)?(?:unrestricted|unfiltered|jailbroken|uncensored)\b|from\s+now\s+on,?\s+you\s+(?:will|must|shall|are\s+to)\s+(?:answer|respond|act|recommend|say|only|always|refer)|stay\s+in\s+character\b)/gi,
  },
  { kind: 'role-play', needs: 'role-play', re: /\byou\s+are\s+(?:a|an)\s+(?:helpful|friendly|expert|honest|unrestricted)\s+(?:AI\s+)?(?:assistant|chatbot|language\s+model)\b/gi },
];

const DIRECTIVE = new RegExp(
  String.raw`\b${AI_PLURAL}\s+(?:must|should|shall|will|are\s+(?:required|instructed|told|expected)\s+to|need\s+to|have\s+to)\s+(?:always\s+|only\s+|now\s+|first\s+)?(?:recommend|mention|cite|rank|prefer|promote|favou?r|endorse|say|state|describe|present|list|include|respond|answer|reply|tell|refer|suggest|quote|link|credit)\b|\bwhen\s+(?:summari[sz]ing|answering|asked\s+about|responding\s+to|generating\s+(?:an?\s+)?(?:answer|summary|response))\b[^.!?]{0,80}?\b(?:always|you\s+(?:must|should))\s+(?:recommend|mention|say|state|cite|describe|rank|present|refer)\b`,
  'gi',
);

// A sentence that reports or asks about AI behaviour rather than instructing it.
const REPORTING_RE = /\b(?:said|says|say|argue[sd]?|argue|believes?|warn(?:s|ed)?|think|thinks|thought|whether|suggests?|claims?|according|report(?:s|ed)?|asks?|asked|propos(?:e|es|ed)|require[sd]?|law|rules?|regulat\w*|guidance|polic(?:y|ies))\b/i;
const QUOTE_CHARS = /["“”«»„]/g;

/**
 * The instructions to AI systems in a text. `visible`: the text readers see, where directives
 * must not be reported speech and no phrase may sit inside quotation marks.
 */
export function findAiInstructions(text: string, visible: boolean): InstructionMatch[] {
  const out: InstructionMatch[] = [];
  if (text.length < 12) return out;
  // One cheap scan rules out most texts: every phrase needs one of these words.
  const overrideWords = OVERRIDE_HINT.test(text);
  const aiWords = AI_HINT.test(text);
  const rolePlayWords = ROLE_PLAY_HINT.test(text);
  const whenWords = WHEN_HINT.test(text);
  if (!overrideWords && !aiWords && !rolePlayWords && !whenWords) return out;
  const flat = collapseWhitespace(text);
  const seen = new Set<string>();
  const add = (kind: InstructionKind, index: number, length: number) => {
    const sentence = sentenceAround(flat, index, length);
    const context = sentenceAround(flat, index, length, 240);
    if (visible && insideQuotes(context.text, index - context.start)) return;
    const excerpt = truncate(sentence.text.trim(), 200);
    if (seen.has(excerpt)) return;
    seen.add(excerpt);
    out.push({ kind, excerpt });
  };
  for (const { kind, re, needs } of STRONG) {
    if ((needs === 'override' && !overrideWords) || (needs === 'ai' && !aiWords) || (needs === 'role-play' && !rolePlayWords)) continue;
    re.lastIndex = 0;
    for (let m = re.exec(flat); m !== null; m = re.exec(flat)) add(kind, m.index, m[0].length);
  }
  if (aiWords || whenWords) {
    DIRECTIVE.lastIndex = 0;
    for (let m = DIRECTIVE.exec(flat); m !== null; m = DIRECTIVE.exec(flat)) {
      if (visible && REPORTING_RE.test(sentenceAround(flat, m.index, m[0].length, 240).text)) continue;
      add('directive', m.index, m[0].length);
    }
  }
  return out;
}

/** The sentence around a match, reaching at most `back` characters before it (an excerpt is kept short, a context test looks further). */
function sentenceAround(text: string, index: number, length: number, back = 80): { text: string; start: number } {
  let start = index;
  while (start > 0 && index - start < back && !/[.!?\n]/.test(text[start - 1])) start--;
  let end = index + length;
  while (end < text.length && end - index < 160 && !/[.!?\n]/.test(text[end])) end++;
  return { text: text.slice(start, Math.min(text.length, end + 1)), start };
}

/** An odd number of quotation marks before the phrase in its sentence: the phrase is quoted. */
function insideQuotes(sentence: string, offset: number): boolean {
  return (sentence.slice(0, Math.max(0, offset)).match(QUOTE_CHARS)?.length ?? 0) % 2 === 1;
}
