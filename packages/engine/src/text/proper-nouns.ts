// Capitalised sequences not at the start of a sentence: a cheap stand-in for named entities
// that every audit can afford (compromise is reserved for the lazily computed `entities`).
const NAME_RE = /(?<=[a-z0-9,;:)\]’'"] )(?:\p{Lu}[\p{L}’'&.-]+)(?: (?:of |de |von |van |the |and |& )?\p{Lu}[\p{L}’'&.-]+)*/gu;
const STOP = new Set(['The', 'A', 'An', 'This', 'That', 'These', 'Those', 'It', 'I', 'We', 'You', 'He', 'She', 'They', 'But', 'And', 'Or', 'If', 'In', 'On', 'At', 'For']);

export function findProperNouns(paragraphs: string[], maxChars = 8_000): { text: string; count: number }[] {
  const counts = new Map<string, number>();
  let used = 0;
  for (const p of paragraphs) {
    if (used > maxChars) break;
    used += p.length;
    NAME_RE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = NAME_RE.exec(p))) {
      const text = m[0].replace(/[.'’-]+$/, '');
      if (text.length < 2 || STOP.has(text)) continue;
      counts.set(text, (counts.get(text) ?? 0) + 1);
    }
  }
  return [...counts].map(([text, count]) => ({ text, count })).sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : 1)).slice(0, 50);
}
