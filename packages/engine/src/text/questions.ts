// Headings phrased the way people ask answer engines. English interrogatives, plus any heading
// that ends in a question mark in any language.
const INTERROGATIVE_RE =
  /^(?:what|what's|whats|how|why|when|where|who|whom|whose|which|can|could|should|would|will|is|are|was|were|does|do|did|has|have|may|might|must)\b/i;

export function isQuestion(text: string): boolean {
  const t = text.trim();
  if (/[?？¿]\s*$/.test(t)) return true;
  return INTERROGATIVE_RE.test(t) && t.split(/\s+/).length >= 3 && t.length <= 160;
}
