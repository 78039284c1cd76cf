import { parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { isElement, isHidden, NON_CONTENT, textOf } from '../model/dom';
import { resolveLink } from '../model/links';
import { collapseWhitespace } from '../text/words';
import { isQuestion } from '../text/questions';

/**
 * Facts the Schema Generator needs that the page model does not keep, because no check reads
 * them: breadcrumb trails, <details> and <dl> FAQ blocks, ordered lists with the heading they sit
 * under, <address> blocks, a site search form, the logo and <time> elements. One extra walk of
 * the document, only when a schema is generated.
 */
export interface PageCues {
  breadcrumbs: { name: string; url: string | null }[];
  faqBlocks: { question: string; answer: string }[];
  orderedLists: { heading: string | null; items: string[] }[];
  addresses: string[];
  search: { target: string; param: string } | null;
  logo: string | null;
  times: { datetime: string; text: string }[];
}

const HEADING_RE = /^h[1-6]$/;
const BREADCRUMB_RE = /breadcrumb/i;
const LOGO_RE = /logo/i;
const SEARCH_PARAM_RE = /^(?:q|s|query|search|term|keywords?)$/i;

export function collectPageCues(html: string, pageUrl: string | null): PageCues {
  const cues: PageCues = { breadcrumbs: [], faqBlocks: [], orderedLists: [], addresses: [], search: null, logo: null, times: [] };
  const doc = parseDocument(html, { decodeEntities: true });
  let heading: string | null = null;

  const visit = (el: Element): void => {
    if (NON_CONTENT.has(el.name) && el.name !== 'input') return;
    if (isHidden(el) && el.name !== 'details') return;
    const a = el.attribs;
    const marker = `${a.class ?? ''} ${a.id ?? ''} ${a['aria-label'] ?? ''}`;
    if (HEADING_RE.test(el.name)) {
      heading = collapseWhitespace(textOf(el, 300)) || heading;
      return;
    }
    if (cues.breadcrumbs.length === 0 && BREADCRUMB_RE.test(marker) && (el.name === 'nav' || el.name === 'ol' || el.name === 'ul' || el.name === 'div')) {
      cues.breadcrumbs = breadcrumbItems(el, pageUrl);
      if (cues.breadcrumbs.length > 0) return;
    }
    switch (el.name) {
      case 'details': {
        const summary = el.children.find((c): c is Element => isElement(c) && c.name === 'summary');
        if (summary) {
          const question = collapseWhitespace(textOf(summary, 300));
          const answer = collapseWhitespace(el.children.filter((c) => c !== summary).map((c) => (isElement(c) ? textOf(c, 2000) : c.type === 'text' ? c.data : '')).join(' '));
          if (question && answer) cues.faqBlocks.push({ question, answer });
        }
        return;
      }
      case 'dl': {
        let question: string | null = null;
        for (const c of el.children) {
          if (!isElement(c)) continue;
          if (c.name === 'dt') question = collapseWhitespace(textOf(c, 300));
          else if (c.name === 'dd' && question && isQuestion(question)) {
            const answer = collapseWhitespace(textOf(c, 2000));
            if (answer) cues.faqBlocks.push({ question, answer });
            question = null;
          }
        }
        return;
      }
      case 'ol': {
        const items = el.children.filter((c): c is Element => isElement(c) && c.name === 'li').map((li) => collapseWhitespace(textOf(li, 1000))).filter(Boolean);
        if (items.length > 0) cues.orderedLists.push({ heading, items });
        return;
      }
      case 'address':
        cues.addresses.push(textOf(el, 500).split('\n').map(collapseWhitespace).filter(Boolean).join('\n'));
        return;
      case 'form':
        if (!cues.search) cues.search = searchForm(el, pageUrl);
        break;
      case 'img':
        if (!cues.logo && a.src && LOGO_RE.test(`${marker} ${a.alt ?? ''} ${a.src}`)) cues.logo = resolveLink(a.src, pageUrl);
        return;
      case 'time':
        if (a.datetime) cues.times.push({ datetime: a.datetime, text: collapseWhitespace(textOf(el, 100)) });
        return;
    }
    for (const c of el.children) if (isElement(c)) visit(c);
  };
  for (const c of doc.children) if (isElement(c)) visit(c);
  return cues;
}

function breadcrumbItems(root: Element, pageUrl: string | null): { name: string; url: string | null }[] {
  const items: { name: string; url: string | null }[] = [];
  const lis: Element[] = [];
  const findLis = (el: Element): void => {
    for (const c of el.children) {
      if (!isElement(c)) continue;
      if (c.name === 'li') lis.push(c);
      else findLis(c);
    }
  };
  findLis(root);
  const anchorOf = (el: Element): Element | null => {
    for (const c of el.children) {
      if (!isElement(c)) continue;
      if (c.name === 'a') return c;
      const nested = anchorOf(c);
      if (nested) return nested;
    }
    return null;
  };
  if (lis.length > 0) {
    for (const li of lis) {
      const name = collapseWhitespace(textOf(li, 200));
      const a = anchorOf(li);
      if (name) items.push({ name, url: a?.attribs.href ? resolveLink(a.attribs.href, pageUrl) : null });
    }
    return items;
  }
  // A flat trail: "<a>Home</a> › <a>Guides</a> › Solar panels".
  let trailing = '';
  for (const c of root.children) {
    if (isElement(c) && c.name === 'a') {
      const name = collapseWhitespace(textOf(c, 200));
      if (name) items.push({ name, url: c.attribs.href ? resolveLink(c.attribs.href, pageUrl) : null });
      trailing = '';
    } else {
      trailing += isElement(c) ? textOf(c, 200) : c.type === 'text' ? c.data : '';
    }
  }
  const last = collapseWhitespace(trailing.replace(/^[\s›»>/|\\-]+/, ''));
  if (last) items.push({ name: last, url: null });
  return items;
}

function searchForm(form: Element, pageUrl: string | null): PageCues['search'] {
  let param: string | null = null;
  const find = (el: Element): void => {
    for (const c of el.children) {
      if (!isElement(c) || param) continue;
      if (c.name === 'input' && (c.attribs.type === 'search' || SEARCH_PARAM_RE.test(c.attribs.name ?? '')) && c.attribs.name) param = c.attribs.name;
      else find(c);
    }
  };
  find(form);
  if (!param) return null;
  const action = resolveLink(form.attribs.action || '/search', pageUrl);
  return action ? { target: action, param } : null;
}
