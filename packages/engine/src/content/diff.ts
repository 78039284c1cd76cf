/**
 * A word-level diff for the optimizer's diff view (Myers' O(ND) algorithm): small edits in long
 * documents cost little, because the work grows with the number of differences, not the length.
 */

export type DiffPart = { type: 'same' | 'added' | 'removed'; text: string };

/** Words and the whitespace between them as separate tokens, so joining them gives the text back exactly. */
export function diffTokens(text: string): string[] {
  return text.match(/\s+|\S+/g) ?? [];
}

function myers(a: string[], b: string[]): DiffPart[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  outer: for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) break outer;
    }
  }
  // Walk the trace back from the end; trace[d] holds v before round d, for k in -d-1..d+1.
  const parts: DiffPart[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const saved = trace[d];
    const at = (k: number) => saved[k + d + 1];
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      parts.push({ type: 'same', text: a[x] });
    }
    if (down) parts.push({ type: 'added', text: b[--y] });
    else parts.push({ type: 'removed', text: a[--x] });
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    parts.push({ type: 'same', text: a[x] });
  }
  return parts.reverse();
}

/** The edits turning `before` into `after`, adjacent parts of one type merged. */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = diffTokens(before);
  const b = diffTokens(after);
  // The shared start and end cost nothing to set aside and keep the search small.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const middle = myers(a.slice(start, a.length - end), b.slice(start, b.length - end));
  const parts: DiffPart[] = [];
  const push = (part: DiffPart) => {
    const last = parts.at(-1);
    if (last && last.type === part.type) last.text += part.text;
    else if (part.text) parts.push({ ...part });
  };
  if (start) push({ type: 'same', text: a.slice(0, start).join('') });
  middle.forEach(push);
  if (end) push({ type: 'same', text: a.slice(a.length - end).join('') });
  return parts;
}
