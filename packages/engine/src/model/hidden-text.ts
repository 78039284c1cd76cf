import type { AnyNode, Document, Element } from 'domhandler';
import { isElement, MAX_DEPTH, NON_CONTENT, textOf } from './dom';
import { computedDeclarations, contrastRatio, parseColor, parseStyleSheet, pxLength, type Declarations, type StyleSheet } from './css-styles';
import { collapseWhitespace, truncate, words } from '../text/words';

/**
 * Text that readers do not see but machines read: found by one walk over the document, with the
 * styles the engine can resolve (inline styles and simple `<style>` rules, see css-styles.ts).
 * Every hidden block is kept with the reason it is legitimate, if it is one: pages hide menus,
 * dialogs, tab panels and accordion answers until a control shows them, and label icons for
 * screen readers; none of that is manipulation. The hidden-text check decides from these facts.
 */
export type HidingMethod =
  | 'display-none'
  | 'visibility-hidden'
  | 'hidden-attribute'
  | 'off-screen'
  | 'zero-size'
  | 'tiny-font'
  | 'same-colour'
  | 'screen-reader-only'
  | 'aria-hidden';

export interface HiddenBlock {
  method: HidingMethod;
  /** How, in words, with where the style came from ("display:none from an inline style"). */
  how: string;
  /** The element, as `tag#id.class`. */
  element: string;
  /** The hidden text, whitespace collapsed, at most 300 characters. */
  excerpt: string;
  words: number;
  /** Why this is a legitimate pattern (a menu, a tab panel...); null when nothing explains it. */
  legitimate: string | null;
  /**
   * Share of its three-word sequences that the visible text holds as well: a hidden copy of what
   * readers see (the desktop twin of a mobile block) shows machines nothing different. Computed
   * for blocks of 8 or more words that nothing else explains; 0 for the others.
   */
  duplicateShare: number;
}

/** What the walk gathers for the manipulation checks. */
export interface ExposureFacts {
  hiddenBlocks: HiddenBlock[];
  /** The text readers see, outside quotations and code (where instructions are discussed, not given). */
  visibleProse: string;
  /** The text of every hidden block, legitimate ones included, one block a line. */
  hiddenProse: string;
  /** HTML comments, in document order. */
  comments: string[];
  /** Attribute values machines read and readers mostly do not (alt, title, aria-label, meta content...). */
  attributes: { where: string; value: string }[];
}

const MAX_BLOCKS = 200;
const MAX_COMMENTS = 500;
const MAX_ATTRIBUTES = 2000;
const MAX_VISIBLE = 400_000;
const MAX_SCRIPT = 3_000_000;
/** Blocks shorter than this never count (the check's minBlockWords); the copy test, which reads the whole visible text, skips them. */
const DUPLICATE_MIN_WORDS = 8;
const SHORT_LABEL = 'a label of fewer than 8 words';
const TEXT_ATTRIBUTES = ['alt', 'title', 'aria-label', 'aria-description', 'placeholder'];

// Interface elements that are hidden until used: their hidden content is the interface at rest.
const UI_TAGS = new Set(['nav', 'menu', 'dialog', 'details', 'form', 'select', 'label', 'button', 'option', 'datalist', 'header']);
const UI_ROLES = new Set([
  'navigation', 'menu', 'menubar', 'menuitem', 'dialog', 'alertdialog', 'tabpanel', 'tablist', 'tab', 'tooltip', 'listbox',
  'combobox', 'tree', 'status', 'alert', 'log', 'timer', 'progressbar', 'search', 'banner', 'feed',
]);
// Class and id words of interface components that scripts open and close, and of responsive twins.
const UI_TOKEN_RE =
  /(?:^|[-_\s])(?:tabs?|tab-?panel|tab-?pane|panel|pane|accordions?|collaps[a-z]*|expand[a-z]*|toggle[a-z]*|modal|dialog|popups?|pop-?over|popover|dropdown|drop-?down|menus?|submenu|mega-?menu|nav[a-z]*|drawer|overlay|tooltips?|flyout|off-?canvas|lightbox|slides?|slider|carousel|swiper|gallery|spoiler|reveal|read-?more|show-?more|more|mobile|desktop|tablet|print|responsive|visible|hidden-[a-z]+|d-[a-z]+-(?:none|block)|js-[a-z-]+|template|tmpl|placeholder|skeleton|loading|loader|spinner|error|alert|notice|notification|message|toast|warning|success|cookie|consent|gdpr|newsletter|subscribe|signup|sign-?in|login|search|cart|share|sharing|comments?|reply|form|faq|answer|details|summary|steps?|wizard|quiz|poll|video|player|transcript|caption|footnotes?|meta|popup|bubble|banner|promo|ad|ads|advert[a-z]*|sponsor[a-z]*|widget|sidebar|header|footer|tts|audio)(?:$|[-_\s])/i;
const FIELD_TAGS = new Set(['input', 'select', 'textarea', 'button']);
// Elements whose text must not run into a neighbour's in the visible text.
const BLOCKS = new Set(['p', 'div', 'li', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'article', 'blockquote', 'pre', 'tr', 'ul', 'ol', 'dd', 'dt', 'br']);

/** Walks the document once: hidden blocks, the visible prose, comments and text attributes. */
export function collectExposure(doc: Document): ExposureFacts {
  const styleTexts: string[] = [];
  let externalStyles = false;
  const referencedIds = new Set<string>();
  const scripts: string[] = [];
  let scriptLength = 0;
  // A first pass over attributes only: which ids controls point at, and the page's own CSS.
  const scan = (node: AnyNode, depth: number): void => {
    if (depth > MAX_DEPTH || !isElement(node)) return;
    const a = node.attribs;
    if (node.name === 'style') {
      const css = node.children.map((c) => (c.type === 'text' ? c.data : '')).join('');
      // <style media="(max-width: 728px)"> applies on some screens only, like an @media block.
      styleTexts.push(/^\s*(?:all|screen)?\s*$/i.test(a.media ?? '') ? css : `@media ${a.media} {${css}}`);
    }
    if (node.name === 'script' && scriptLength < MAX_SCRIPT && !/json/i.test(a.type ?? '')) {
      const code = node.children.map((c) => (c.type === 'text' ? c.data : '')).join('');
      scripts.push(code);
      scriptLength += code.length;
    }
    if (node.name === 'link' && /(?:^|\s)stylesheet(?:\s|$)/i.test(a.rel ?? '')) externalStyles = true;
    for (const name in a) {
      const value = a[name];
      if (name === 'aria-controls' || name === 'aria-owns' || name === 'aria-describedby' || name === 'for' || name === 'popovertarget' || name === 'commandfor' || name === 'list') {
        for (const id of value.split(/\s+/)) if (id) referencedIds.add(id);
      } else if (value.charCodeAt(0) === 35 /* # */ && value.length > 1 && value.length < 120) {
        referencedIds.add(value.slice(1).split(/[\s,]/)[0]);
      }
    }
    for (const child of node.children) scan(child, depth + 1);
  };
  for (const child of doc.children) scan(child, 0);
  const sheet = parseStyleSheet(styleTexts);
  const page: PageSignals = { referencedIds, scripts };

  const facts: ExposureFacts = { hiddenBlocks: [], visibleProse: '', hiddenProse: '', comments: [], attributes: [] };
  const visible: string[] = [];
  let visibleLength = 0;
  const prose: string[] = [];
  const stack: { el: Element; declarations: Declarations }[] = [];

  const walk = (node: AnyNode, hidden: boolean, quoted: boolean, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (node.type === 'comment') {
      if (facts.comments.length < MAX_COMMENTS && node.data.trim()) facts.comments.push(node.data.trim());
      return;
    }
    if (node.type === 'text') {
      if (hidden || visibleLength > MAX_VISIBLE) return;
      visible.push(node.data);
      visibleLength += node.data.length;
      if (!quoted) prose.push(node.data);
      return;
    }
    if (!isElement(node)) {
      if ('children' in node) for (const child of (node as Document).children) walk(child, hidden, quoted, depth + 1);
      return;
    }
    const el = node;
    noteAttributes(facts, el);
    if (NON_CONTENT.has(el.name) && el.name !== 'button' && el.name !== 'select') return;
    const { declarations, source } = computedDeclarations(sheet, el);
    if (!hidden && (declarations.size > 0 || el.attribs.hidden !== undefined || el.attribs['aria-hidden'] !== undefined)) {
      const hiding = hidingOf(el, declarations, source, stack, externalStyles);
      if (hiding && facts.hiddenBlocks.length < MAX_BLOCKS) {
        const text = collapseWhitespace(hiding.partial ? ownUnstyledText(el) : textOf(el));
        const count = text ? words(text).length : 0;
        if (count > 0) {
          facts.hiddenBlocks.push({
            method: hiding.method,
            how: hiding.how,
            element: describe(el),
            excerpt: truncate(text, 300),
            words: count,
            // Shorter blocks are labels and icon text, which never count: no need to ask why they are hidden.
            legitimate: count < DUPLICATE_MIN_WORDS ? SHORT_LABEL : legitimacyOf(el, stack, page, text),
            duplicateShare: 0,
          });
          blockTexts.push(text);
        }
        hidden = true;
      }
    }
    const isQuote = el.name === 'blockquote' || el.name === 'q' || el.name === 'code' || el.name === 'pre' || el.name === 'samp' || el.name === 'kbd';
    stack.push({ el, declarations });
    const block = BLOCKS.has(el.name);
    if (block && !hidden) {
      visible.push(' ');
      prose.push(' ');
    }
    for (const child of el.children) walk(child, hidden, quoted || isQuote, depth + 1);
    if (block && !hidden) {
      visible.push(' ');
      prose.push(' ');
    }
    stack.pop();
  };
  const blockTexts: string[] = [];
  for (const child of doc.children) walk(child, false, false, 0);

  facts.visibleProse = collapseWhitespace(prose.join(''));
  facts.hiddenProse = blockTexts.join('\n').slice(0, MAX_VISIBLE);
  const candidates = facts.hiddenBlocks.map((b, i) => [b, i] as const).filter(([b]) => b.legitimate === null && b.words >= DUPLICATE_MIN_WORDS);
  if (candidates.length > 0) {
    const seen = trigrams(words(visible.join('').toLowerCase()));
    for (const [b, i] of candidates) b.duplicateShare = shareIn(trigrams(words(blockTexts[i].toLowerCase())), seen);
  }
  return facts;
}

interface Hiding {
  method: HidingMethod;
  how: string;
  /** Only the element's own text counts: descendants with a class, id or style may restore the size or colour. */
  partial?: boolean;
}

function hidingOf(el: Element, d: Declarations, source: Map<string, string>, stack: { el: Element; declarations: Declarations }[], externalStyles: boolean): Hiding | null {
  const from = (prop: string) => source.get(prop) ?? 'a style';
  if (el.attribs.hidden !== undefined) return { method: 'hidden-attribute', how: 'the hidden attribute' };
  if (d.get('display') === 'none') return { method: 'display-none', how: `display:none from ${from('display')}` };
  const visibility = d.get('visibility');
  if (visibility === 'hidden' || visibility === 'collapse') return { method: 'visibility-hidden', how: `visibility:${visibility} from ${from('visibility')}` };
  const position = d.get('position');
  const positioned = position === 'absolute' || position === 'fixed';
  if (positioned && (/rect\(\s*(?:0|1px)[\s,]/.test(d.get('clip') ?? '') || /inset\(\s*50%|circle\(\s*0/.test(d.get('clip-path') ?? '') || ((pxLength(d.get('width')) ?? 99) <= 1 && (pxLength(d.get('height')) ?? 99) <= 1))) {
    return { method: 'screen-reader-only', how: `screen-reader-only positioning from ${from('position')}` };
  }
  for (const prop of ['left', 'top', 'right']) {
    const v = pxLength(d.get(prop));
    if ((positioned || position === 'relative') && v !== null && v <= -500) return { method: 'off-screen', how: `off-screen positioning (${prop}:${d.get(prop)}) from ${from(prop)}` };
  }
  for (const prop of ['text-indent', 'margin-left', 'margin-top']) {
    const v = pxLength(d.get(prop));
    if (v !== null && v <= -1000) return { method: 'off-screen', how: `off-screen positioning (${prop}:${d.get(prop)}) from ${from(prop)}` };
  }
  const overflow = d.get('overflow') ?? d.get('overflow-y') ?? '';
  if (/hidden|clip/.test(overflow)) {
    for (const prop of ['height', 'max-height', 'width', 'max-width']) {
      if (pxLength(d.get(prop)) === 0) return { method: 'zero-size', how: `${prop}:0 with overflow:hidden from ${from(prop)}` };
    }
  }
  const fontSize = pxLength(d.get('font-size'));
  if (fontSize !== null && fontSize <= 1) return { method: 'tiny-font', how: `font-size:${d.get('font-size')} from ${from('font-size')}`, partial: true };
  const colourValue = d.get('color');
  if (colourValue !== undefined) {
    const colour = parseColor(colourValue);
    const clipped = /text/.test(d.get('background-clip') ?? d.get('-webkit-background-clip') ?? '') || d.has('-webkit-text-fill-color');
    if (colour === 'transparent' && !clipped) return { method: 'same-colour', how: `color:transparent from ${from('color')}`, partial: true };
    if (colour !== null && colour !== 'transparent') {
      const background = backgroundOf(el, d, stack, externalStyles);
      if (background !== null && contrastRatio(colour, background.colour) < 1.25) {
        return { method: 'same-colour', how: `text colour ${colourValue} on the background ${background.value} (${from('color')})`, partial: true };
      }
    }
  }
  if (el.attribs['aria-hidden'] === 'true') return { method: 'aria-hidden', how: 'aria-hidden="true"' };
  return null;
}

/**
 * The background behind an element when the engine can know it: the nearest declared background
 * colour, provided no element on the way has a class or id that outside CSS may have painted.
 * With no background declared at all, a page without outside stylesheets is on the browser's white.
 */
function backgroundOf(el: Element, own: Declarations, stack: { el: Element; declarations: Declarations }[], externalStyles: boolean): { colour: [number, number, number]; value: string } | null {
  const chain = [...stack, { el, declarations: own }].reverse();
  for (const { el: e, declarations } of chain) {
    const value = declarations.get('background-color') ?? declarations.get('background');
    if (value !== undefined) {
      if (/url\(|gradient/.test(value)) return null;
      const colour = parseColor(value);
      if (colour === null || colour === 'transparent') return null;
      return { colour, value };
    }
    if (e !== el && (e.attribs.class !== undefined || e.attribs.id !== undefined) && e.name !== 'html') return null;
    if (e === el && externalStyles && (e.attribs.class !== undefined || e.attribs.id !== undefined)) return null;
  }
  return externalStyles ? null : { colour: [255, 255, 255], value: 'the default white' };
}

/** Text directly inside the element and in descendants with no class, id or style of their own. */
function ownUnstyledText(el: Element, depth = 0): string {
  if (depth > 50) return '';
  let out = '';
  for (const child of el.children) {
    if (child.type === 'text') out += child.data;
    else if (isElement(child) && !NON_CONTENT.has(child.name)) {
      const a = child.attribs;
      if (a.class === undefined && a.id === undefined && a.style === undefined) out += ` ${ownUnstyledText(child, depth + 1)} `;
    }
  }
  return out;
}

interface PageSignals {
  /** Ids that controls point at (aria-controls, href="#id", data-target="#id", for...). */
  referencedIds: Set<string>;
  /** The page's inline scripts, which show and hide elements by their id or class (not joined: they can be megabytes). */
  scripts: string[];
}

const TEMPLATE_RE = /#\{[\w.]+\}|\{\{[^}]*\}\}|<%|\$\{\w/;
const CLOSE_RE = /(?:^|[-_\s])(?:close|dismiss)(?:$|[-_\s])/i;

/** Why a hidden block is an ordinary part of the interface, or null. */
function legitimacyOf(el: Element, stack: { el: Element }[], page: PageSignals, text: string): string | null {
  const ancestors = stack.map((s) => s.el);
  for (const e of [el, ...ancestors]) {
    if (UI_TAGS.has(e.name)) return `inside a <${e.name}>`;
    const role = e.attribs.role;
    if (role !== undefined && UI_ROLES.has(role)) return `inside an element with role="${role}"`;
    if (e.attribs['aria-modal'] !== undefined) return 'inside a modal dialog';
  }
  for (const e of [el, ...ancestors.slice(-3)]) {
    const words = `${e.attribs.class ?? ''} ${e.attribs.id ?? ''}`.replace(/([a-z])([A-Z])/g, '$1-$2');
    if (words.trim() && UI_TOKEN_RE.test(words)) return `an interface component ("${truncate(words.trim(), 60)}")`;
  }
  if (TEMPLATE_RE.test(text)) return 'a template for scripts to fill';
  let scripted = null as string | null;
  let fields = false as boolean;
  let linkText = 0;
  visit(el, (e) => {
    const a = e.attribs;
    if (scripted === null) {
      if (a.id && page.referencedIds.has(a.id)) scripted = 'a control on the page points at it';
      else if (Object.keys(a).some((k) => k.startsWith('data-') || k.startsWith('on') || k.startsWith('x-') || k.startsWith('v-') || k.startsWith('@') || k.startsWith(':'))) scripted = 'a scripted component (data- or event attributes)';
      else if (CLOSE_RE.test(a.class ?? '')) scripted = 'a box with a close button';
      else if (e === el && mentionedInScripts(e, page.scripts)) scripted = "the page's scripts show or hide it";
    }
    if (FIELD_TAGS.has(e.name)) fields = true;
    if (e.name === 'a') linkText += collapseWhitespace(textOf(e)).length;
  });
  if (scripted) return scripted;
  if (fields) return 'a form';
  if (text.length > 0 && linkText / text.length >= 0.5) return 'a list of links';
  const parent = el.parent;
  if (parent && 'children' in parent) {
    const firstClass = (el.attribs.class ?? '').trim().split(/\s+/)[0];
    for (const sibling of parent.children) {
      if (sibling === el || !isElement(sibling)) continue;
      if (isControl(sibling) || hasControl(sibling, 0)) return `beside a control (<${sibling.name}>)`;
      // One of a set of alike siblings of which another is shown: tab panels, slides, pages of a table.
      if (firstClass && sibling.name === el.name && (sibling.attribs.class ?? '').trim().split(/\s+/)[0] === firstClass && !isStyledHidden(sibling)) {
        return `one of a set of alike elements (${el.name}.${firstClass}) of which another is shown`;
      }
    }
  }
  return null;
}

function mentionedInScripts(el: Element, scripts: readonly string[]): boolean {
  if (scripts.length === 0) return false;
  const names = [el.attribs.id ?? '', ...(el.attribs.class ?? '').split(/\s+/)].filter((n) => n.length >= 4);
  return names.some((n) => scripts.some((code) => code.includes(n)));
}

function isStyledHidden(el: Element): boolean {
  return el.attribs.hidden !== undefined || /display\s*:\s*none|visibility\s*:\s*hidden/i.test(el.attribs.style ?? '');
}

/** A control inside a sibling (a toggle in an accordion's header); in-page links do not count, every footnote has one. */
function hasControl(el: Element, depth: number): boolean {
  if (depth > 3) return false;
  for (const child of el.children) if (isElement(child) && ((isControl(child) && !/^#/.test(child.attribs.href ?? '')) || hasControl(child, depth + 1))) return true;
  return false;
}

function isControl(e: Element): boolean {
  const a = e.attribs;
  if (e.name === 'button' || e.name === 'summary' || e.name === 'label') return true;
  if (e.name === 'input' && /^(?:checkbox|radio)$/i.test(a.type ?? '')) return true;
  if (a['aria-expanded'] !== undefined || a['aria-controls'] !== undefined || a['data-toggle'] !== undefined || a['data-bs-toggle'] !== undefined || a.onclick !== undefined) return true;
  return e.name === 'a' && (a.role === 'button' || /^(?:#|javascript:|$)/i.test((a.href ?? 'x').trim()));
}

function idsWithin(el: Element): string[] {
  const ids: string[] = [];
  visit(el, (e) => {
    if (e.attribs.id) ids.push(e.attribs.id);
  });
  return ids;
}

function visit(el: Element, fn: (e: Element) => void, depth = 0): void {
  if (depth > 60) return;
  fn(el);
  for (const child of el.children) if (isElement(child)) visit(child, fn, depth + 1);
}

function noteAttributes(facts: ExposureFacts, el: Element): void {
  const a = el.attribs;
  if (facts.attributes.length >= MAX_ATTRIBUTES || (el.name !== 'meta' && a.alt === undefined && a.title === undefined && a['aria-label'] === undefined && a['aria-description'] === undefined && a.placeholder === undefined)) return;
  if (el.name === 'meta') {
    if (a.content && a.content.length > 20) facts.attributes.push({ where: `the ${a.name ?? a.property ?? a.itemprop ?? ''} meta tag`.replace('the  meta', 'a meta'), value: a.content });
    return;
  }
  for (const name of TEXT_ATTRIBUTES) {
    const value = a[name];
    if (value !== undefined && value.length > 20) facts.attributes.push({ where: `the ${name} attribute of <${el.name}>`, value });
  }
}

function describe(el: Element): string {
  const id = el.attribs.id ? `#${el.attribs.id}` : '';
  const cls = (el.attribs.class ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 2).map((c) => `.${c}`).join('');
  return truncate(`${el.name}${id}${cls}`, 80);
}

function trigrams(ws: string[]): Set<string> {
  const out = new Set<string>();
  if (ws.length < 3) {
    if (ws.length > 0) out.add(ws.join(' '));
    return out;
  }
  for (let i = 0; i + 2 < ws.length; i++) out.add(`${ws[i]} ${ws[i + 1]} ${ws[i + 2]}`);
  return out;
}

function shareIn(grams: Set<string>, seen: Set<string>): number {
  if (grams.size === 0) return 0;
  let n = 0;
  for (const g of grams) if (seen.has(g)) n++;
  return Math.round((n / grams.size) * 1000) / 1000;
}
