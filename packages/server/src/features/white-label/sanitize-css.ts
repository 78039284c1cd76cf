import { BRAND_SCOPE_CLASS } from '@citable/contract';

export interface SanitizedCss {
  css: string;
  /** What was dropped and why, shown to the user next to the editor. */
  removed: string[];
}

const COLOR = /^(#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|(rgb|rgba|hsl|hsla)\([\d\s.,%/]+\)|[a-z]+)$/i;
const LENGTHS = /^(0|\d{1,4}(\.\d+)?(px|rem|em|%))(\s+(0|\d{1,4}(\.\d+)?(px|rem|em|%))){0,3}$/i;
// Fonts every system has or maps; a web font would need url() or @font-face, both refused.
const SYSTEM_FONTS = new Set([
  'system-ui', '-apple-system', 'blinkmacsystemfont', 'segoe ui', 'roboto', 'helvetica', 'helvetica neue', 'arial', 'verdana', 'tahoma',
  'trebuchet ms', 'georgia', 'times new roman', 'courier new', 'ui-sans-serif', 'ui-serif', 'ui-monospace', 'ui-rounded', 'sans-serif', 'serif', 'monospace',
]);

const keywords = (...words: string[]) => (value: string) => words.includes(value.toLowerCase());

function fontFamily(value: string): boolean {
  return value.split(',').every((family) => SYSTEM_FONTS.has(family.trim().replace(/^(["'])(.*)\1$/, '$2').toLowerCase()));
}

/** The only properties custom CSS may set, each with the values it accepts. */
const PROPERTIES: Record<string, (value: string) => boolean> = {
  color: (value) => COLOR.test(value),
  'background-color': (value) => COLOR.test(value),
  'border-color': (value) => COLOR.test(value),
  'border-radius': (value) => LENGTHS.test(value),
  'font-family': fontFamily,
  'font-weight': keywords('normal', 'bold', 'bolder', 'lighter', '100', '200', '300', '400', '500', '600', '700', '800', '900'),
  'font-style': keywords('normal', 'italic'),
  'text-transform': keywords('none', 'uppercase', 'lowercase', 'capitalize'),
};

// Quoted font names are the only place quotes may appear; anything else that could escape the
// value, load a resource or run script is refused before the property's own check.
const QUOTED = /(["'])[^"'\\<>]*\1/g;
const UNSAFE = /[\\<>{}"']|url\(|expression\(|javascript:/i;
const SELECTOR = /^[a-z0-9_\-.#:\s>+~*()[\]=]+$/i;
const MAX_RULES = 200;

function scopeSelector(selector: string): string | null {
  const trimmed = selector.trim().replace(/\s+/g, ' ');
  if (!trimmed || !SELECTOR.test(trimmed)) return null;
  const scope = `.${BRAND_SCOPE_CLASS}`;
  if (trimmed === scope || trimmed.startsWith(`${scope} `) || trimmed.startsWith(`${scope}.`) || trimmed.startsWith(`${scope}:`)) return trimmed;
  return `${scope} ${trimmed}`;
}

function sanitizeDeclarations(block: string, removed: string[]): string[] {
  const kept: string[] = [];
  for (const raw of block.split(';')) {
    const declaration = raw.trim();
    if (!declaration) continue;
    const colon = declaration.indexOf(':');
    const property = (colon < 0 ? declaration : declaration.slice(0, colon)).trim().toLowerCase();
    const rawValue = colon < 0 ? '' : declaration.slice(colon + 1).trim();
    const important = /\s*!important$/i.test(rawValue);
    const value = rawValue.replace(/\s*!important$/i, '').trim();
    const check = PROPERTIES[property];
    if (!check) {
      removed.push(`property "${property}" is not allowed`);
    } else if (!value || UNSAFE.test(value.replace(QUOTED, '')) || !check(value)) {
      removed.push(`value of ${property} "${value.slice(0, 60)}" is not allowed`);
    } else {
      kept.push(`${property}: ${value}${important ? ' !important' : ''}`);
    }
  }
  return kept;
}

/**
 * Reduces user CSS to plain rules of allowed properties and values under `.citable-brand`. It is a
 * whitelist, not a filter: at-rules (@import, @font-face, @media), url(), expression(), behavior,
 * escapes and anything unrecognised are dropped, so the result can load nothing, run nothing and
 * style nothing outside the dashboard's branded root.
 */
export function sanitizeCss(input: string): SanitizedCss {
  const removed: string[] = [];
  const rules: string[] = [];
  let text = input.replace(/\/\*[\s\S]*?(\*\/|$)/g, '');
  // At-rules first: block ones ("@media ... { ... }") and statement ones ("@import ...;").
  text = text.replace(/@[a-z-]+[^{;]*(\{(?:[^{}]|\{[^{}]*\})*\}|;|$)/gi, (match) => {
    removed.push(`${match.match(/^@[a-z-]+/i)![0]} rule`);
    return '';
  });
  // A linear scan rather than one regex over the text: a 10,000-character input without braces
  // would otherwise cost a quadratic backtrack on every save.
  let position = 0;
  while (position < text.length) {
    const open = text.indexOf('{', position);
    const close = open < 0 ? -1 : text.indexOf('}', open);
    if (close < 0) break;
    const selectorText = text.slice(position, open);
    const body = text.slice(open + 1, close);
    position = close + 1;
    if (body.includes('{')) {
      removed.push('a nested rule');
      continue;
    }
    if (rules.length >= MAX_RULES) {
      removed.push(`rules after the first ${MAX_RULES}`);
      position = text.length;
      break;
    }
    const selectors = selectorText.split(',').map(scopeSelector);
    if (selectors.some((selector) => selector === null)) {
      removed.push(`selector "${selectorText.trim().slice(0, 60)}" is not allowed`);
      continue;
    }
    const declarations = sanitizeDeclarations(body, removed);
    if (declarations.length > 0) rules.push(`${selectors.join(', ')} { ${declarations.join('; ')}; }`);
  }
  if (text.slice(position).trim()) removed.push('text outside a rule');
  return { css: rules.join('\n'), removed };
}
