// Headings phrased the way people ask answer engines. English interrogatives, plus any heading
// that ends in a question mark in any language.
const INTERROGATIVE_RE =
  /^(?:what|what's|whats|how|why|when|where|who|whom|whose|which|can|could|should|would|will|is|are|was|were|does|do|did|has|have|may|might|must)\b/i;
const WH_RE = /^(?:what|how|why|when|where|who|whom|whose|which)$/i;
const AUXILIARY_RE =
  /^(?:is|are|was|were|am|be|do|does|did|can|could|should|would|will|shall|may|might|must|has|have|had|isn't|aren't|don't|doesn't|didn't|can't|won't|shouldn't|'s|'re|'ll)$/i;
const HOW_DEGREE_RE = /^(?:much|many|long|often|far|old|big|large|soon|fast|high|deep|well|do)$/i;

/**
 * True when the heading asks something. A wh-word starts a question when an auxiliary follows it
 * ("How do heat pumps work", "Which pump is best", "What's new"), or "to" ("How to brew tea"), or
 * a degree ("How much does it cost"). Without them it heads a statement, an embedded question a
 * section explains ("How heat pumps work in cold climates", "Why we left", "What it means").
 */
export function isQuestion(text: string): boolean {
  const t = text.trim();
  if (/[?？¿]\s*$/.test(t)) return true;
  if (!INTERROGATIVE_RE.test(t) || t.split(/\s+/).length < 3 || t.length > 160) return false;
  const words = t.toLowerCase().replace(/[’]/g, "'").split(/\s+/);
  const first = words[0].replace(/'s$/, '');
  if (words[0].endsWith("'s") || !WH_RE.test(first)) return true;
  const second = words[1].replace(/[,:;]$/, '');
  if (AUXILIARY_RE.test(second) || second === 'to' || (first === 'how' && HOW_DEGREE_RE.test(second))) return true;
  // "Which heat pump is best", "What size pump should I buy": the auxiliary after a short noun
  // phrase, with more words after it (an inverted question, not "What it is").
  if (first === 'which' || first === 'what' || first === 'whose') {
    for (let i = 2; i <= 4 && i < words.length - 1; i++) if (AUXILIARY_RE.test(words[i])) return true;
  }
  return false;
}
