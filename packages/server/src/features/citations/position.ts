const LIST_ITEM_RE = /^\s*(?:\d+[.)]|[-*•])\s+/;

/**
 * Where the first mention stands in an answer. Recommendation answers are usually lists, so the
 * rank is the number of the list item holding the mention; in prose it is 1 + the known brands
 * (the user's competitors) named before it. Null when a list answer mentions the user outside
 * its items (an intro or a footnote), which is no ranking at all.
 */
export function mentionRank(text: string, mentionIndex: number, otherBrandIndexes: number[]): number | null {
  const lines = text.split('\n');
  const hasList = lines.filter((line) => LIST_ITEM_RE.test(line)).length >= 2;
  if (hasList) {
    let offset = 0;
    let item = 0;
    for (const line of lines) {
      if (LIST_ITEM_RE.test(line)) item += 1;
      const end = offset + line.length;
      // An indented line under an item (its description) belongs to that item.
      const inItem = LIST_ITEM_RE.test(line) || (item > 0 && /^\s+\S/.test(line));
      if (mentionIndex >= offset && mentionIndex <= end) return inItem ? item : null;
      offset = end + 1;
    }
    return null;
  }
  return 1 + otherBrandIndexes.filter((index) => index < mentionIndex).length;
}
