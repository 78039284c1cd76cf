import type { Element } from 'domhandler';

/**
 * Just enough CSS for the hidden-text check: inline `style` attributes, and the rules of the
 * page's own `<style>` elements whose selector is one simple compound selector (`p`, `.kw`,
 * `#seo`, `div.kw`). Rules inside at-rules (`@media`, `@supports`...) are left out: they hide
 * things on some screens only (a mobile menu), which is layout, not hiding. Rules with
 * combinators, pseudo-classes or attribute selectors are left out too; what the engine cannot
 * resolve it does not claim.
 */
export type Declarations = Map<string, string>;

export interface SimpleRule {
  tag: string | null;
  id: string | null;
  classes: string[];
  declarations: Declarations;
  /** The selector as written, for the explanation. */
  selector: string;
}

export interface StyleSheet {
  rules: SimpleRule[];
  /** Classes named by any rule inside an at-rule: their look depends on the screen, so rules on them are not trusted. */
  responsiveClasses: Set<string>;
  /** Rule positions by the tag, id or first class they need, so an element is matched against few rules. */
  index: Map<string, number[]>;
}

/** `display: none; color:#FFF` → display → none, color → #fff (lower-cased, last wins, `!important` dropped). */
export function parseDeclarations(text: string): Declarations {
  const out: Declarations = new Map();
  for (const part of text.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const name = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).replace(/!\s*important/i, '').trim().toLowerCase();
    if (name && value) out.set(name, value);
  }
  return out;
}

const COMPOUND_RE = /^([a-z][a-z0-9-]*)?((?:[.#][a-zA-Z_-][\w-]*)*)$/;
const MAX_CSS = 200_000;

/** The simple rules of a page's `<style>` texts. */
export function parseStyleSheet(cssTexts: readonly string[]): StyleSheet {
  const sheet: StyleSheet = { rules: [], responsiveClasses: new Set(), index: new Map() };
  for (const raw of cssTexts) {
    const css = raw.slice(0, MAX_CSS).replace(/\/\*[\s\S]*?\*\//g, '');
    const stack: { prelude: string; bodyStart: number; isAt: boolean }[] = [];
    let preludeStart = 0;
    const BRACES = /[{};]/g;
    for (let found = BRACES.exec(css); found !== null; found = BRACES.exec(css)) {
      const i = found.index;
      const ch = found[0];
      if (ch === '{') {
        const prelude = css.slice(preludeStart, i).trim();
        stack.push({ prelude, bodyStart: i + 1, isAt: prelude.startsWith('@') });
        preludeStart = i + 1;
      } else if (ch === '}') {
        const frame = stack.pop();
        if (frame && !frame.isAt) addRule(sheet, frame.prelude, css.slice(frame.bodyStart, i), stack.some((f) => f.isAt));
        preludeStart = i + 1;
      } else if (ch === ';') {
        preludeStart = i + 1;
      }
    }
  }
  return sheet;
}

function addRule(sheet: StyleSheet, prelude: string, body: string, responsive: boolean): void {
  for (const selector of prelude.split(',')) {
    const s = selector.trim();
    if (responsive) {
      for (const m of s.matchAll(/\.([a-zA-Z_-][\w-]*)/g)) sheet.responsiveClasses.add(m[1]);
      continue;
    }
    const m = COMPOUND_RE.exec(s);
    if (!m || s.length === 0) continue;
    const parts = m[2] ?? '';
    const id = /#([\w-]+)/.exec(parts)?.[1] ?? null;
    const classes = [...parts.matchAll(/\.([\w-]+)/g)].map((c) => c[1]);
    const declarations = parseDeclarations(body);
    if (declarations.size === 0 || (m[1] === undefined && id === null && classes.length === 0)) continue;
    const rule: SimpleRule = { tag: m[1]?.toLowerCase() ?? null, id, classes, declarations, selector: s };
    const key = id !== null ? `#${id}` : classes.length > 0 ? `.${classes[0]}` : rule.tag ?? '';
    const positions = sheet.index.get(key) ?? [];
    positions.push(sheet.rules.length);
    sheet.index.set(key, positions);
    sheet.rules.push(rule);
  }
}

const NONE = { declarations: new Map<string, string>() as Declarations, source: new Map<string, string>() };

function mayMatch(sheet: StyleSheet, el: Element): boolean {
  if (sheet.index.has(el.name)) return true;
  const a = el.attribs;
  if (a.id !== undefined && sheet.index.has(`#${a.id}`)) return true;
  if (a.class === undefined) return false;
  for (const c of a.class.split(/\s+/)) if (c && sheet.index.has(`.${c}`)) return true;
  return false;
}

/** The rules that apply to an element, in source order (later rules win where they repeat a property). */
export function matchingRules(sheet: StyleSheet, el: Element): SimpleRule[] {
  if (sheet.rules.length === 0) return [];
  const classes = (el.attribs.class ?? '').split(/\s+/).filter(Boolean);
  if (classes.some((c) => sheet.responsiveClasses.has(c))) return [];
  const id = el.attribs.id ?? null;
  const positions = [...(sheet.index.get(el.name) ?? []), ...(id ? sheet.index.get(`#${id}`) ?? [] : []), ...classes.flatMap((c) => sheet.index.get(`.${c}`) ?? [])];
  if (positions.length === 0) return [];
  return [...new Set(positions)]
    .sort((x, y) => x - y)
    .map((i) => sheet.rules[i])
    .filter((r) => (r.tag === null || r.tag === el.name) && (r.id === null || r.id === id) && r.classes.every((c) => classes.includes(c)));
}

/**
 * The declarations that apply to an element: matching simple rules, then its inline style (which
 * wins), each with where it came from.
 */
export function computedDeclarations(sheet: StyleSheet, el: Element): { declarations: Declarations; source: Map<string, string> } {
  // Most elements have no style of their own and no rule: one shared empty answer, no allocation.
  if (el.attribs.style === undefined && (sheet.rules.length === 0 || !mayMatch(sheet, el))) return NONE;
  const declarations: Declarations = new Map();
  const source = new Map<string, string>();
  for (const rule of matchingRules(sheet, el)) {
    for (const [k, v] of rule.declarations) {
      declarations.set(k, v);
      source.set(k, `the <style> rule ${rule.selector}`);
    }
  }
  const inline = el.attribs.style;
  if (inline) {
    for (const [k, v] of parseDeclarations(inline)) {
      declarations.set(k, v);
      source.set(k, 'an inline style');
    }
  }
  return { declarations, source };
}

const NAMED: Record<string, [number, number, number]> = {
  white: [255, 255, 255], black: [0, 0, 0], red: [255, 0, 0], green: [0, 128, 0], blue: [0, 0, 255], yellow: [255, 255, 0],
  gray: [128, 128, 128], grey: [128, 128, 128], silver: [192, 192, 192], navy: [0, 0, 128], orange: [255, 165, 0],
  whitesmoke: [245, 245, 245], snow: [255, 250, 250], ivory: [255, 255, 240], beige: [245, 245, 220], lightgray: [211, 211, 211],
  lightgrey: [211, 211, 211], darkgray: [169, 169, 169], darkgrey: [169, 169, 169],
};

/** An opaque colour as [r, g, b], `transparent` for a fully transparent one, or null when it cannot be read. */
export function parseColor(value: string): [number, number, number] | 'transparent' | null {
  const v = value.trim().toLowerCase();
  if (v === 'transparent') return 'transparent';
  if (NAMED[v]) return NAMED[v];
  let m = /^#([0-9a-f]{3,4})$/.exec(v);
  if (m) {
    const [r, g, b, a] = [...m[1]].map((c) => parseInt(c + c, 16));
    if (a === 0) return 'transparent';
    return [r, g, b];
  }
  m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/.exec(v);
  if (m) {
    if (m[2] === '00') return 'transparent';
    return [parseInt(m[1].slice(0, 2), 16), parseInt(m[1].slice(2, 4), 16), parseInt(m[1].slice(4, 6), 16)];
  }
  m = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(v);
  if (m) {
    if (m[4] !== undefined && parseFloat(m[4]) === 0) return 'transparent';
    return [Number(m[1]), Number(m[2]), Number(m[3])];
  }
  return null;
}

/** WCAG 2 contrast ratio of two colours: 1 for the same colour, 21 for black on white. */
export function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const lum = ([r, g, bl]: [number, number, number]) => {
    const ch = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(bl);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** A length in px when it is one ("-9999px", "0", "-100em" as 16px ems); null otherwise. */
export function pxLength(value: string | undefined): number | null {
  if (value === undefined) return null;
  const m = /^(-?[\d.]+)(px|em|rem|%|pt|vw|vh)?$/.exec(value.trim());
  if (!m) return null;
  const n = parseFloat(m[1]);
  if (Number.isNaN(n)) return null;
  const unit = m[2] ?? (n === 0 ? 'px' : '');
  if (unit === 'px') return n;
  if (unit === 'em' || unit === 'rem') return n * 16;
  if (unit === 'pt') return (n * 4) / 3;
  if (unit === '%' || unit === 'vw' || unit === 'vh') return n === 0 ? 0 : null;
  return null;
}
