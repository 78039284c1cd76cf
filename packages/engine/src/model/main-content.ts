import type { Element } from 'domhandler';
import { isElement, isHidden, NON_CONTENT } from './dom';

/**
 * What the document walk learns about each element, summed over its subtree: enough to score
 * candidates for the main content. The counts that cleaning needs (paragraphs, images, list
 * items, form fields...) are gathered later, over the chosen content only.
 */
export interface NodeStats {
  /** Characters of text (each text node trimmed, plus one). */
  textLen: number;
  /** Characters of link text; in-page "#" links count for 0.3, as in Readability. */
  linkLen: number;
  /** Commas of any script (, ， 、 ،). */
  commas: number;
  hasBlockChild: boolean;
  /** Characters and commas of the element's own phrasing content: its text and inline children. */
  ownTextLen: number;
  ownCommas: number;
  /** Runs of two or more <br> among the element's own children: paragraph breaks without <p>. */
  breaks: number;
  /**
   * A core of the main content (the best-scoring candidate, strong content-like ones inside
   * it): it and its ancestors are never cleaned away.
   */
  core: boolean;
}

export function newStats(): NodeStats {
  return { textLen: 0, linkLen: 0, commas: 0, hasBlockChild: false, ownTextLen: 0, ownCommas: 0, breaks: 0, core: false };
}

/** Children that stop a div from counting as a paragraph in the scoring. */
const BLOCK_CHILD = new Set(['blockquote', 'dl', 'div', 'img', 'ol', 'p', 'pre', 'table', 'ul', 'section', 'article']);
/** Paragraph-like elements whose text scores their ancestors (Readability's tags to score). */
const SCORABLE = new Set(['p', 'pre', 'td', 'section', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Elements that flow inside a paragraph (Readability's phrasing content). */
const PHRASING = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'dfn', 'em', 'font', 'i', 'kbd', 'mark', 'q', 's', 'samp',
  'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'del', 'ins', 'label', 'ruby', 'br', 'wbr', 'img',
]);

/** Adds a text node of `len` characters; `link` is its weight as link text (0 outside links). */
export function addTextStats(s: NodeStats, data: string, len: number, link: number): void {
  const commas = countCommas(data);
  s.textLen += len;
  s.linkLen += len * link;
  s.commas += commas;
  s.ownTextLen += len;
  s.ownCommas += commas;
}

/** Adds the child's subtree to the parent's stats. */
export function addChildStats(s: NodeStats, child: NodeStats, childName: string): void {
  s.textLen += child.textLen;
  s.linkLen += child.linkLen;
  s.commas += child.commas;
  if (BLOCK_CHILD.has(childName)) s.hasBlockChild = true;
  if (PHRASING.has(childName)) {
    s.ownTextLen += child.textLen;
    s.ownCommas += child.commas;
  }
}

export function countCommas(data: string): number {
  let n = 0;
  for (let i = data.indexOf(','); i >= 0; i = data.indexOf(',', i + 1)) n++;
  // Ideographic, full-width and Arabic commas: Chinese, Japanese and Arabic prose has no ",".
  for (let i = data.indexOf('、'); i >= 0; i = data.indexOf('、', i + 1)) n++;
  for (let i = data.indexOf('，'); i >= 0; i = data.indexOf('，', i + 1)) n++;
  for (let i = data.indexOf('،'); i >= 0; i = data.indexOf('،', i + 1)) n++;
  return n;
}

/** Counts runs of two or more <br> among the direct children (whitespace between them allowed). */
export function countBreaks(el: Element): number {
  let run = 0;
  let breaks = 0;
  for (const child of el.children) {
    if (child.type === 'text') {
      if (child.data.trim()) run = 0;
    } else if (isElement(child) && child.name === 'br') {
      if (++run === 2) breaks++;
    } else if (isElement(child)) run = 0;
  }
  return breaks;
}

/**
 * Paragraph-like elements score their ancestors: Readability's tags to score, a div without
 * block children (a paragraph in all but name), and a div whose own text between its blocks
 * (text written with <br> around an image, say) would make paragraphs, as Readability wraps it.
 */
export function isScorable(name: string, s: NodeStats): boolean {
  if (name === 'div') return s.hasBlockChild ? s.ownTextLen >= 25 : s.textLen >= 25;
  return s.textLen >= 25 && SCORABLE.has(name);
}

function isDataTable(table: Element): boolean {
  const a = table.attribs;
  if (a.role === 'presentation' || a.datatable === '0') return false;
  if (a.summary) return true;
  let rows = 0;
  const scan = (node: Element, depth: number): boolean => {
    for (const child of node.children) {
      if (!isElement(child)) continue;
      const name = child.name;
      if (name === 'caption' || name === 'th' || name === 'thead' || name === 'colgroup') return true;
      if (name === 'table') continue;
      if (name === 'tr') rows++;
      if (depth < 3 && (name === 'tbody' || name === 'tfoot' || name === 'tr') && scan(child, depth + 1)) return true;
    }
    return false;
  };
  return scan(table, 0) || rows >= 10;
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
 * A div's own text split by <br><br> instead of <p> scores as that many paragraphs, and scores
 * the div itself as their container (as Readability's paragraphs made of it would), so that a
 * long article written that way is not outscored by a box of short teasers. Returns the roots
 * of the main content in document order (none when nothing qualifies) and the cores, which the
 * cleaning never removes.
 */
export function scoreCandidates(scorable: Element[], stats: Map<Element, NodeStats>): { roots: Element[]; cores: Element[] } {
  const scores = new Map<Element, number>();
  for (const el of scorable) {
    const s = stats.get(el)!;
    // A div's own text scores as the paragraphs it would make, for the div itself.
    const own = el.name === 'div' && (s.hasBlockChild || s.breaks > 0);
    const pieces = s.breaks + 1;
    const contentScore = own
      ? pieces + s.ownCommas + Math.min(Math.floor(s.ownTextLen / 100), 3 * pieces)
      : 1 + s.commas + Math.min(Math.floor(s.textLen / 100), 3);
    let ancestor = own ? el : el.parent;
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
  if (!top) return { roots: [], cores: [] };
  // The cores: the top candidate and the strong candidates inside it that look like content
  // (GitHub's README <article> inside a "repository-content" box that outscores it by its name).
  const cores = [top.el];
  for (const r of ranked) {
    if (cores.length >= 4 || r.score < top.score * 0.6) break;
    if (r !== top && r.el.name !== 'body' && r.el.name !== 'html' && classWeight(r.el) >= 0 && contains(top.el, r.el)) cores.push(r.el);
  }

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
  if (!parent || !isElement(parent)) return { roots: [candidate], cores };
  const topScore = scores.get(candidate) ?? top.score;
  const siblingThreshold = Math.max(10, topScore * 0.2);
  const roots: Element[] = [];
  for (const sibling of parent.children) {
    if (!isElement(sibling)) continue;
    if (sibling === candidate) {
      roots.push(sibling);
      continue;
    }
    const bonus = sameKind(sibling, candidate) ? topScore * 0.2 : 0;
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
  return { roots, cores };
}

/** Readability's minimum article length before it relaxes its filters. */
const MIN_ARTICLE_CHARS = 500;

/** The cleaning of the chosen roots, kept for the content walk so that it is done once. */
const prunedRoots = new WeakMap<Element[], Pruned>();

/**
 * The roots of the main content: the best-scoring candidates among paragraphs outside unlikely
 * boxes, or, when those leave too little text once cleaned, among all paragraphs (Readability
 * retries without dropping "unlikely" classes: an article inside a box named "site_header" or
 * "has-sidebar" would otherwise go with it); the body when nothing scores.
 */
export function selectMainRoots(scorable: Element[], scorableLoose: Element[], stats: Map<Element, NodeStats>, body: Element | null): Element[] {
  const attempt = (candidates: Element[], cleaning: Cleaning) => {
    const scored = scoreCandidates(candidates, stats);
    for (const el of scored.cores) stats.get(el)!.core = true;
    const pruned = pruneMainContent(scored.roots, stats, cleaning);
    for (const el of scored.cores) stats.get(el)!.core = false;
    return { ...scored, pruned };
  };
  let best = attempt(scorable, 'strict');
  if (best.pruned.text < MIN_ARTICLE_CHARS && scorableLoose.length > scorable.length) {
    // As in Readability, the retry keeps the unlikely boxes in the cleaning too.
    const loose = attempt(scorableLoose, 'loose');
    if (loose.pruned.text > best.pruned.text) best = loose;
  }
  for (const el of best.cores) stats.get(el)!.core = true;
  if (best.roots.length === 0) return body ? [body] : [];
  prunedRoots.set(best.roots, best.pruned);
  return best.roots;
}

/**
 * Readability gives a sibling of the winner a bonus when their class names are identical; here
 * a shared content-like class token is enough ("story-body story-body-1" beside "story-body
 * story-body-2"), as articles split into numbered blocks are common.
 */
function sameKind(sibling: Element, candidate: Element): boolean {
  const a = sibling.attribs.class;
  const b = candidate.attribs.class;
  if (!a || !b) return false;
  if (a === b) return true;
  if (sibling.name !== candidate.name) return false;
  const tokens = new Set(b.split(/\s+/));
  return a.split(/\s+/).some((t) => t && tokens.has(t) && POSITIVE_RE.test(t) && !NEGATIVE_RE.test(t));
}

function contains(ancestor: Element, el: Element): boolean {
  for (let p = el.parent; p; p = p.parent) if (p === ancestor) return true;
  return false;
}

/* ------------------------------------------------------------------------------------------ *
 * Cleaning the chosen content.
 * ------------------------------------------------------------------------------------------ */

/** Page furniture by element: navigation, complementary boxes, footers, dialogs and menus. */
const FURNITURE_TAGS = new Set(['nav', 'aside', 'footer', 'dialog', 'menu']);
const FURNITURE_ROLES = new Set([
  'navigation', 'menu', 'menubar', 'complementary', 'contentinfo', 'banner', 'search', 'alert', 'alertdialog', 'dialog',
  'tooltip', 'toolbar', 'tablist',
]);
/** Readability's unlikely candidates, by class and id, unless they also look like content. */
const UNLIKELY_RE =
  /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote/i;
const MAYBE_RE = /and|article|body|column|content|main|mathjax|shadow/i;
/**
 * Adverts, sharing and sign-up widgets, cookie and consent banners, and interface overlays
 * (modals, dropdowns, popovers), by a class or id token or a dash-separated part of one
 * ("ad-slot", "share-bar", "cookie-banner"). Words inside longer words ("header", "download",
 * "shadow") do not count.
 */
const WIDGET_RE =
  /(?:^|[-_])(?:ads?|adv|adverts?|advertisement|advertising|adsbygoogle|adslot|adunit|adbox|dfp|sponsored|promoted|taboola|outbrain|share|sharing|sharedaddy|social|cookies?|consent|gdpr|newsletter|subscribe|paywall|modal|popup|dropdown|popover|tooltip|toast|snackbar|lightbox|signup)(?:$|[-_])/i;
/** Cheap test before the tokens are split: every widget word holds one of these. */
const WIDGET_HINT_RE = /ad|dfp|spons|promo|taboola|outbrain|shar|social|cooki|consent|gdpr|newsletter|subscri|paywall|modal|popup|dropdown|popover|tooltip|toast|snackbar|lightbox|signup/i;
const AD_LABEL_RE = /^\s*(?:advertisement|advertising|sponsored|anzeige|publicité|werbung|publicidad|広告|广告|реклама)\s*$/i;

function isWidget(el: Element): boolean {
  const a = el.attribs;
  if (a['data-ad-slot'] !== undefined || a['data-ad-unit'] !== undefined || a['data-google-query-id'] !== undefined) return true;
  if (a['aria-label'] !== undefined && AD_LABEL_RE.test(a['aria-label'])) return true;
  // A custom element's name is a token too (<ytd-ad-slot-renderer>, <promoted-post>).
  const tokens = `${a.class ?? ''} ${a.id ?? ''}${el.name.includes('-') ? ` ${el.name}` : ''}`;
  if (!WIDGET_HINT_RE.test(tokens)) return false;
  for (const token of tokens.split(/\s+/)) if (WIDGET_RE.test(token)) return true;
  return false;
}

function isUnlikely(el: Element): boolean {
  const a = el.attribs;
  if (a.class === undefined && a.id === undefined) return false;
  const match = `${a.class ?? ''} ${a.id ?? ''}`;
  return match.length > 1 && UNLIKELY_RE.test(match) && !MAYBE_RE.test(match);
}

/** Readability cleans these conditionally (ol too here: a list of links is a list either way). */
const CONDITIONAL = new Set(['div', 'form', 'fieldset', 'ul', 'ol', 'table']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const FIELDS = new Set(['input', 'select', 'textarea']);
const EMBEDS = new Set(['iframe', 'object', 'embed']);
// Readability keeps embedded players from these hosts: they are the content of a video page.
const VIDEO_RE = /\/\/(?:www\.)?(?:(?:dailymotion|youtube|youtube-nocookie|player\.vimeo|v\.qq|bilibili|live\.bilibili)\.com|(?:archive|upload\.wikimedia)\.org|player\.twitch\.tv)/i;

/** What an element's subtree holds, for the conditional cleaning. */
export interface Counts {
  textLen: number;
  linkLen: number;
  commas: number;
  /** <p> elements, self included. */
  paragraphs: number;
  images: number;
  listItems: number;
  /** Characters of text inside <li>. */
  listTextLen: number;
  /**
   * Form fields: input (other than hidden ones), select, textarea. Buttons do not count:
   * accordions and players are full of them.
   */
  inputs: number;
  /** iframe, object and embed elements other than video players. */
  embeds: number;
  /** Characters of text inside headings. */
  headingLen: number;
  /** Tables that hold data (header cells, a caption, a summary, or ten rows or more). */
  dataTables: number;
}

function zero(): Counts {
  return { textLen: 0, linkLen: 0, commas: 0, paragraphs: 0, images: 0, listItems: 0, listTextLen: 0, inputs: 0, embeds: 0, headingLen: 0, dataTables: 0 };
}

function add(into: Counts, c: Counts): void {
  into.textLen += c.textLen;
  into.linkLen += c.linkLen;
  into.commas += c.commas;
  into.paragraphs += c.paragraphs;
  into.images += c.images;
  into.listItems += c.listItems;
  into.listTextLen += c.listTextLen;
  into.inputs += c.inputs;
  into.embeds += c.embeds;
  into.headingLen += c.headingLen;
  into.dataTables += c.dataTables;
}

/** The counts left once the removed part is taken away. */
function minus(all: Counts, removed: Counts): Counts {
  return {
    textLen: all.textLen - removed.textLen,
    linkLen: all.linkLen - removed.linkLen,
    commas: all.commas - removed.commas,
    paragraphs: all.paragraphs - removed.paragraphs,
    images: all.images - removed.images,
    listItems: all.listItems - removed.listItems,
    listTextLen: all.listTextLen - removed.listTextLen,
    inputs: all.inputs - removed.inputs,
    embeds: all.embeds - removed.embeds,
    headingLen: all.headingLen - removed.headingLen,
    dataTables: all.dataTables - removed.dataTables,
  };
}

/**
 * How hard the cleaning goes: "strict" drops unlikely boxes by class or id too, "loose" (for
 * roots found only once unlikely boxes were let back in) does not, "furniture" drops only
 * navigation, complementary boxes, dialogs, adverts and hidden elements.
 */
export type Cleaning = 'strict' | 'loose' | 'furniture';

export interface Pruned {
  dropped: Set<Element>;
  /** Characters of text left in the roots. */
  text: number;
  /** What each element of the roots holds once cleaned (paragraphs, form fields...). */
  counts: Map<Element, Counts>;
}

/**
 * The elements to leave out of the main content, found in one bottom-up pass over the chosen
 * roots (so a box is judged after the junk inside it is gone, as Readability judges a container
 * after removing its lists and forms):
 * - furniture by tag (nav, aside, footer, dialog, menu) or ARIA role (navigation, complementary,
 *   banner, search, dialog, menu, tooltip...), and hidden elements;
 * - Readability's unlikely candidates by class or id (comments, related, sidebar, social...);
 * - adverts, share and sign-up widgets, cookie banners and interface overlays (modal, dropdown,
 *   popover) by class or id token;
 * - Readability's conditional cleaning of boxes with few commas: more images than paragraphs,
 *   more list items than paragraphs outside a list, a form field for fewer than three
 *   paragraphs, link-heavy boxes and embeds with little text (data tables, and the boxes that
 *   hold them, stay).
 * The cores (the best-scoring candidate and strong content-like candidates inside it) and the
 * elements around them are never left out, whatever their names: a page wrapped in a <form>
 * (ASP.NET) or an article whose wrapper is named "has-sidebar" keeps its content.
 */
export function pruneMainContent(roots: Element[], stats: Map<Element, NodeStats>, cleaning: Cleaning = 'strict'): Pruned {
  const cached = cleaning === 'furniture' ? undefined : prunedRoots.get(roots);
  if (cached) return cached;
  const unlikely = cleaning === 'strict';
  const dropped = new Set<Element>();
  const counts = new Map<Element, Counts>();
  /** Set by prune when the element it walked holds the core. */
  let holdsCore = false;
  /** What the element walked last holds, before its own cleaning. */
  let total: Counts = zero();

  // Returns what was removed inside `el`; leaves what `el` holds in `total`.
  const prune = (el: Element, s: NodeStats, depth: number, inFigure: boolean, inTable: boolean): Counts => {
    const removed = zero();
    const all: Counts = { textLen: s.textLen, linkLen: s.linkLen, commas: s.commas, paragraphs: 0, images: 0, listItems: 0, listTextLen: 0, inputs: 0, embeds: 0, headingLen: 0, dataTables: 0 };
    let core = s.core;
    if (depth <= 200) {
      const figure = inFigure || el.name === 'figure';
      const table = inTable || el.name === 'table';
      for (const child of el.children) {
        if (!isElement(child)) continue;
        const name = child.name;
        if (NON_CONTENT.has(name)) {
          if (FIELDS.has(name) && !(name === 'input' && (child.attribs.type ?? '').toLowerCase() === 'hidden')) all.inputs++;
          else if (EMBEDS.has(name) && !VIDEO_RE.test(child.attribs.src ?? child.attribs.data ?? '')) all.embeds++;
          continue;
        }
        const cs = stats.get(child);
        if (!cs) continue;
        if (isHidden(child)) {
          dropped.add(child);
          removed.textLen += cs.textLen;
          removed.linkLen += cs.linkLen;
          removed.commas += cs.commas;
          continue;
        }
        // Readability leaves data tables alone, and the boxes that hold them.
        if (name === 'table' && isDataTable(child)) {
          all.dataTables++;
          if (cs.core) core = true;
          continue;
        }
        const inner = prune(child, cs, depth + 1, figure, table);
        const childAll = total;
        // Text and link lengths come from the document walk; the rest is summed here.
        all.paragraphs += childAll.paragraphs;
        all.images += childAll.images;
        all.listItems += childAll.listItems;
        all.listTextLen += childAll.listTextLen;
        all.inputs += childAll.inputs;
        all.embeds += childAll.embeds;
        all.headingLen += childAll.headingLen;
        all.dataTables += childAll.dataTables;
        const childCore = holdsCore;
        if (childCore) core = true;
        const kept = counts.get(child)!;
        if (!childCore && (cleaning === 'furniture' ? isFurniture(child, kept) : shouldDrop(child, kept, figure, unlikely && !table))) {
          dropped.add(child);
          add(removed, childAll);
        } else {
          add(removed, inner);
        }
      }
    }
    const name = el.name;
    if (name === 'p') all.paragraphs++;
    else if (name === 'img') all.images++;
    else if (name === 'li') {
      all.listItems++;
      all.listTextLen = all.textLen;
    } else if (HEADINGS.has(name)) all.headingLen = all.textLen;
    counts.set(el, minus(all, removed));
    holdsCore = core;
    total = all;
    return removed;
  };
  let text = 0;
  for (const root of roots) {
    const s = stats.get(root);
    if (s) text += s.textLen - prune(root, s, 0, false, root.name === 'table').textLen;
  }
  return { dropped, text, counts };
}

/** Navigation, complementary boxes, dialogs and adverts: left out even when nothing else is. */
function isFurniture(el: Element, kept: Counts): boolean {
  const role = el.attribs.role;
  if (FURNITURE_TAGS.has(el.name) || (role !== undefined && FURNITURE_ROLES.has(role))) return true;
  return el.name !== 'a' && el.name !== 'body' && kept.textLen < 2000 && isWidget(el);
}

function shouldDrop(el: Element, kept: Counts, inFigure: boolean, unlikely: boolean): boolean {
  const name = el.name;
  if (isFurniture(el, kept)) return true;
  if (name === 'a' || name === 'body' || name === 'html') return false;
  if (unlikely && isUnlikely(el)) return true;
  if (!CONDITIONAL.has(name) || kept.dataTables > 0) return false;
  return cleanConditionally(el, kept, inFigure);
}

/** Readability's _cleanConditionally, on what is left once the junk inside is removed. */
function cleanConditionally(el: Element, c: Counts, inFigure: boolean): boolean {
  const weight = classWeight(el);
  if (weight < 0) return true;
  if (c.commas >= 10) return false;
  const textLen = c.textLen;
  const p = c.paragraphs;
  const img = c.images;
  const li = c.listItems - 100;
  const headingDensity = textLen === 0 ? 0 : c.headingLen / textLen;
  const linkDensity = textLen === 0 ? 0 : c.linkLen / textLen;
  const isList = el.name === 'ul' || el.name === 'ol' || (textLen > 0 && c.listTextLen / textLen > 0.9);
  const remove =
    (!inFigure && img > 1 && p / img < 0.5) ||
    (!isList && li > p) ||
    c.inputs > Math.floor(p / 3) ||
    (!isList && !inFigure && headingDensity < 0.9 && textLen < 25 && (img === 0 || img > 2) && linkDensity > 0) ||
    (!isList && weight < 25 && linkDensity > 0.2) ||
    (weight >= 25 && linkDensity > 0.5) ||
    (c.embeds === 1 && textLen < 75) ||
    c.embeds > 1;
  // A list of images (a gallery, one picture per item) stays.
  return remove && !(isList && img > 0 && img === c.listItems && textLen < 50 * c.listItems);
}
