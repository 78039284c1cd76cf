import type { AnyNode, Element } from 'domhandler';

/** Elements whose content is never prose. */
export const NON_CONTENT = new Set([
  'script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'embed', 'canvas',
  'select', 'textarea', 'button', 'input',
]);

/**
 * Elements nested deeper than this are ignored. Real pages stay far below it; hostile ones
 * with thousands of nested tags would otherwise exhaust the call stack of the recursive walks.
 */
export const MAX_DEPTH = 400;

export function isElement(node: AnyNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

export function attr(el: Element, name: string): string | undefined {
  return el.attribs[name];
}

/**
 * The text of an element, skipping non-content elements, stopping once `limit` characters are
 * gathered so that a huge element costs no more than a small one when only a prefix is needed.
 * `visit` sees every element on the way, which lets one pass mark links and images.
 */
export function textOf(el: Element, limit = Infinity, visit?: (el: Element) => void): string {
  return collectText(el, limit, visit, NON_CONTENT);
}

// A button inside a heading labels it: the WAI-ARIA accordion pattern (Bootstrap, Radix, Headless
// UI, most FAQ widgets) puts each question in <h3><button>question</button></h3>, and the heading's
// accessible name is the button's text. Elsewhere button text is interface, not prose.
const NON_HEADING_TEXT = new Set([...NON_CONTENT].filter((name) => name !== 'button'));

/** The text of a heading element, including the text of a button inside it. */
export function headingTextOf(el: Element, limit = Infinity): string {
  return collectText(el, limit, undefined, NON_HEADING_TEXT);
}

function collectText(el: Element, limit: number, visit: ((el: Element) => void) | undefined, skip: ReadonlySet<string>): string {
  const parts: string[] = [];
  let length = 0;
  const walk = (node: Element, depth: number): boolean => {
    if (depth > MAX_DEPTH) return true;
    for (const child of node.children) {
      if (child.type === 'text') {
        parts.push(child.data);
        length += child.data.length;
        if (length >= limit) return false;
      } else if (isElement(child)) {
        if (skip.has(child.name)) continue;
        if (visit) visit(child);
        if (child.name === 'br') {
          parts.push('\n');
          continue;
        }
        if (BLOCKISH.has(child.name)) parts.push(' ');
        if (!walk(child, depth + 1)) return false;
        if (BLOCKISH.has(child.name)) parts.push(' ');
      }
    }
    return true;
  };
  walk(el, 0);
  return parts.join('');
}

/** Block elements whose text must not run into a neighbour's ("cell1cell2"). */
const BLOCKISH = new Set([
  'p', 'div', 'li', 'td', 'th', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dt', 'dd', 'section',
  'article', 'blockquote', 'figcaption', 'ul', 'ol', 'table', 'header', 'footer', 'pre',
]);

export function isHidden(el: Element): boolean {
  const a = el.attribs;
  if (a.hidden !== undefined || a['aria-hidden'] === 'true') return true;
  const style = a.style;
  return style !== undefined && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style);
}
