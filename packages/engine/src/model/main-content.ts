import type { Element } from 'domhandler';
import { isElement } from './dom';

export interface NodeStats {
  textLen: number;
  linkLen: number;
  commas: number;
  hasBlockChild: boolean;
}

const POSITIVE_RE = /article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story/i;
const NEGATIVE_RE =
  /-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget/i;

function classWeight(el: Element): number {
  let weight = 0;
  const cls = el.attribs.class;
  const id = el.attribs.id;
  if (cls) {
    if (NEGATIVE_RE.test(cls)) weight -= 25;
    if (POSITIVE_RE.test(cls)) weight += 25;
  }
  if (id) {
    if (NEGATIVE_RE.test(id)) weight -= 25;
    if (POSITIVE_RE.test(id)) weight += 25;
  }
  return weight;
}

function tagBase(name: string): number {
  switch (name) {
    case 'div': return 5;
    case 'pre': case 'td': case 'blockquote': return 3;
    case 'address': case 'ol': case 'ul': case 'dl': case 'dd': case 'dt': case 'li': case 'form': return -3;
    case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': case 'th': return -5;
    default: return 0;
  }
}

/**
 * Picks the main content the way Readability does: each paragraph-like element scores by its
 * length and commas, the score flows to its ancestors (less with each level), link-heavy
 * candidates are discounted, and siblings of the winner that look like content join it.
 * Returns the roots of the main content in document order; none when nothing qualifies.
 */
export function scoreCandidates(scorable: Element[], stats: Map<Element, NodeStats>): Element[] {
  const scores = new Map<Element, number>();
  for (const el of scorable) {
    const s = stats.get(el)!;
    const contentScore = 1 + s.commas + Math.min(Math.floor(s.textLen / 100), 3);
    let ancestor = el.parent;
    for (let level = 0; level < 5 && ancestor && isElement(ancestor); level++) {
      if (!scores.has(ancestor)) scores.set(ancestor, tagBase(ancestor.name) + classWeight(ancestor));
      const divider = level === 0 ? 1 : level === 1 ? 2 : level * 3;
      scores.set(ancestor, scores.get(ancestor)! + contentScore / divider);
      ancestor = ancestor.parent;
    }
  }
  const ranked: { el: Element; score: number }[] = [];
  for (const [el, raw] of scores) {
    const s = stats.get(el)!;
    const density = s.textLen === 0 ? 0 : s.linkLen / s.textLen;
    const score = raw * (1 - density);
    scores.set(el, score);
    ranked.push({ el, score });
  }
  ranked.sort((x, y) => y.score - x.score);
  const top = ranked.find((r) => r.el.name !== 'html' && r.el.name !== 'body');
  if (!top) return [];

  let candidate = top.el;
  // Readability climbs to the common ancestor of several near-equal candidates. Candidates
  // nested in the top one (or around it) are the same block, not rivals, so they do not count.
  const alternatives = ranked
    .filter((r) => r !== top && r.el.name !== 'body' && r.el.name !== 'html')
    .slice(0, 4)
    .filter((r) => r.score / top.score >= 0.75 && !contains(r.el, top.el) && !contains(top.el, r.el))
    .map((r) => r.el);
  if (alternatives.length >= 3) {
    for (let p = candidate.parent; p && isElement(p) && p.name !== 'body'; p = p.parent) {
      const contained = alternatives.filter((alt) => contains(p as Element, alt)).length;
      if (contained >= 3) {
        candidate = p;
        break;
      }
    }
  }
  let lastScore = scores.get(candidate) ?? top.score;
  const threshold = lastScore / 3;
  for (let p = candidate.parent; p && isElement(p) && p.name !== 'body' && p.name !== 'html'; p = p.parent) {
    const ps = scores.get(p);
    if (ps === undefined) continue;
    if (ps < threshold) break;
    if (ps > lastScore) {
      candidate = p;
      break;
    }
    lastScore = ps;
  }
  while (candidate.parent && isElement(candidate.parent) && candidate.parent.name !== 'body' &&
         candidate.parent.children.filter(isElement).length === 1) {
    candidate = candidate.parent;
  }

  const parent = candidate.parent;
  if (!parent || !isElement(parent)) return [candidate];
  const topScore = scores.get(candidate) ?? top.score;
  const siblingThreshold = Math.max(10, topScore * 0.2);
  const roots: Element[] = [];
  for (const sibling of parent.children) {
    if (!isElement(sibling)) continue;
    if (sibling === candidate) {
      roots.push(sibling);
      continue;
    }
    let bonus = 0;
    if (sibling.attribs.class && sibling.attribs.class === candidate.attribs.class) bonus = topScore * 0.2;
    const ss = scores.get(sibling);
    if (ss !== undefined && ss + bonus >= siblingThreshold) {
      roots.push(sibling);
    } else if (sibling.name === 'p') {
      const st = stats.get(sibling);
      if (st && ((st.textLen > 80 && st.linkLen / st.textLen < 0.25) || (st.textLen > 0 && st.textLen <= 80 && st.linkLen === 0))) {
        roots.push(sibling);
      }
    }
  }
  return roots;
}

function contains(ancestor: Element, el: Element): boolean {
  for (let p = el.parent; p; p = p.parent) if (p === ancestor) return true;
  return false;
}
