import type { ContentFormat } from '@citable/contract';

/**
 * Edits applied to the author's own source (HTML or Markdown), so everything the rewrite does not
 * touch (links, lists, tables, structured data, images) stays exactly as written.
 */

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The source with one heading's text replaced; null when the heading is not written verbatim. */
export function replaceHeading(source: string, format: ContentFormat, from: string, to: string): string | null {
  if (format === 'html') {
    const re = new RegExp(`(<h([2-6])(?:\\s[^>]*)?>)\\s*${escapeRegExp(escapeHtml(from))}\\s*(</h\\2>)`, 'i');
    return re.test(source) ? source.replace(re, (_, open: string, _level: string, close: string) => `${open}${escapeHtml(to)}${close}`) : null;
  }
  const re = new RegExp(`^(#{2,6})[ \\t]+${escapeRegExp(from)}[ \\t#]*$`, 'm');
  return re.test(source) ? source.replace(re, (_, hashes: string) => `${hashes} ${to}`) : null;
}

/** The source with one sentence replaced; null when it is not written verbatim (inline markup inside it). */
export function replaceSentence(source: string, format: ContentFormat, from: string, to: string): string | null {
  for (const [needle, replacement] of format === 'html' ? [[escapeHtml(from), escapeHtml(to)], [from, to]] : [[from, to]]) {
    const at = source.indexOf(needle);
    if (at >= 0) return source.slice(0, at) + replacement + source.slice(at + needle.length);
  }
  return null;
}

export interface Block {
  heading?: string;
  paragraphs?: string[];
  items?: string[];
  /** Sub-sections: a question heading and its answer each. */
  entries?: { heading: string; text: string }[];
}

function blockHtml(block: Block): string {
  const parts: string[] = [];
  if (block.heading) parts.push(`<h2>${escapeHtml(block.heading)}</h2>`);
  for (const p of block.paragraphs ?? []) parts.push(`<p>${escapeHtml(p)}</p>`);
  if (block.items?.length) parts.push(`<ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`);
  for (const entry of block.entries ?? []) parts.push(`<h3>${escapeHtml(entry.heading)}</h3><p>${escapeHtml(entry.text)}</p>`);
  return `\n<section>${parts.join('\n')}</section>\n`;
}

function blockMarkdown(block: Block): string {
  const parts: string[] = [];
  if (block.heading) parts.push(`## ${block.heading}`);
  for (const p of block.paragraphs ?? []) parts.push(p);
  if (block.items?.length) parts.push(block.items.map((item) => `- ${item}`).join('\n'));
  for (const entry of block.entries ?? []) parts.push(`### ${entry.heading}\n\n${entry.text}`);
  return parts.join('\n\n');
}

/** The source with a block right after its title (the first H1), or at the top of the content. */
export function insertAtTop(source: string, format: ContentFormat, block: Block): string {
  if (format === 'html') {
    const anchor = /<\/h1>/i.exec(source) ?? /<(?:article|main)(?:\s[^>]*)?>/i.exec(source) ?? /<body(?:\s[^>]*)?>/i.exec(source);
    const at = anchor ? anchor.index + anchor[0].length : 0;
    return source.slice(0, at) + blockHtml(block) + source.slice(at);
  }
  const title = /^#[ \t]+.+$/m.exec(source);
  const markdown = blockMarkdown(block);
  if (!title) return `${markdown}\n\n${source.trimStart()}`;
  const at = title.index + title[0].length;
  return `${source.slice(0, at)}\n\n${markdown}\n\n${source.slice(at).trimStart()}`;
}

/** The source with a block at the end of its main content. */
export function insertAtEnd(source: string, format: ContentFormat, block: Block): string {
  if (format === 'html') {
    const closings = ['</article>', '</main>', '</body>'];
    for (const closing of closings) {
      const at = source.toLowerCase().lastIndexOf(closing);
      if (at >= 0) return source.slice(0, at) + blockHtml(block) + source.slice(at);
    }
    return source + blockHtml(block);
  }
  return `${source.trimEnd()}\n\n${blockMarkdown(block)}\n`;
}
