import { Marked, type Tokens } from 'marked';

/** A heading of a rendered document, for tables of contents and deep links. */
export interface MarkdownHeading {
  depth: number;
  text: string;
  id: string;
}

/** What a Markdown content file becomes: its front matter, HTML, headings and plain text (for search). */
export interface MarkdownDocument {
  meta: Record<string, string>;
  html: string;
  headings: MarkdownHeading[];
  text: string;
}

/** GitHub-style heading ids: lower case, punctuation dropped, spaces to hyphens. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

/** `---` delimited `key: value` lines; content files need nothing richer. */
export function parseFrontMatter(source: string): { meta: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { meta: {}, body: source };
  const meta: Record<string, string> = {};
  for (const line of match[1].split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    meta[line.slice(0, colon).trim()] = line.slice(colon + 1).trim().replace(/^["']|["']$/g, '');
  }
  return { meta, body: source.slice(match[0].length) };
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity]);

/**
 * Renders Markdown to HTML with an id on every heading (duplicates get -2, -3, ...), so any
 * section can be linked. Raw HTML in the source is escaped: content files are text, not markup.
 */
export function renderMarkdown(source: string): MarkdownDocument {
  const { meta, body } = parseFrontMatter(source);
  const headings: MarkdownHeading[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        const text = decode(inner.replace(/<[^>]+>/g, ''));
        const base = slugify(text) || 'section';
        const seen = used.get(base) ?? 0;
        used.set(base, seen + 1);
        const id = seen ? `${base}-${seen + 1}` : base;
        headings.push({ depth: token.depth, text, id });
        return `<h${token.depth} id="${id}">${inner}</h${token.depth}>\n`;
      },
      html(token: Tokens.HTML | Tokens.Tag) {
        return token.text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      },
    },
  });
  // Code blocks and tables scroll sideways when wider than the page (docs-article.css): focusable,
  // so the keyboard can scroll them (WCAG 2.1.1). Raw HTML is escaped, so these tags are marked's own.
  const html = marked.parse(body, { async: false }).replaceAll('<pre>', '<pre tabindex="0">').replaceAll('<table>', '<table tabindex="0">');
  const text = decode(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim();
  return { meta, html, headings, text };
}
