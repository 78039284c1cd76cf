/**
 * A compact CommonMark subset, enough to give pasted Markdown the same page model as HTML:
 * ATX and setext headings, paragraphs, bullet and ordered lists, blockquotes, fenced code,
 * pipe tables, links, images, emphasis and inline code. Raw HTML blocks pass through.
 */
export function markdownToHtml(markdown: string, depth = 0): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let i = 0;
  let paragraph: string[] = [];
  const flush = (): void => {
    if (paragraph.length > 0) out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
  };
  while (i < lines.length) {
    const line = lines[i];
    const trimmed = line.trim();
    if (!trimmed) {
      flush();
      i++;
      continue;
    }
    const fence = /^(```|~~~)/.exec(trimmed);
    if (fence) {
      flush();
      const code: string[] = [];
      i++;
      while (i < lines.length && !lines[i].trim().startsWith(fence[1])) code.push(lines[i++]);
      i++;
      out.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    const atx = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(trimmed);
    if (atx) {
      flush();
      out.push(`<h${atx[1].length}>${inline(atx[2])}</h${atx[1].length}>`);
      i++;
      continue;
    }
    if (paragraph.length > 0 && /^(=+|-+)\s*$/.test(trimmed)) {
      const level = trimmed.startsWith('=') ? 1 : 2;
      const text = paragraph.join(' ');
      paragraph = [];
      out.push(`<h${level}>${inline(text)}</h${level}>`);
      i++;
      continue;
    }
    if (/^(?:[-*_]\s*){3,}$/.test(trimmed)) {
      flush();
      out.push('<hr>');
      i++;
      continue;
    }
    if (trimmed.startsWith('>')) {
      flush();
      const quote: string[] = [];
      while (i < lines.length && lines[i].trim().startsWith('>')) quote.push(lines[i++].trim().replace(/^>\s?/, ''));
      const inner = quote.join('\n');
      out.push(`<blockquote>${depth < 10 ? markdownToHtml(inner, depth + 1) : `<p>${inline(inner)}</p>`}</blockquote>`);
      continue;
    }
    const item = /^\s*([-*+]|\d{1,9}[.)])\s+/.exec(line);
    if (item) {
      flush();
      const ordered = /\d/.test(item[1]);
      const items: string[] = [];
      while (i < lines.length) {
        const m = /^\s*([-*+]|\d{1,9}[.)])\s+(.*)$/.exec(lines[i]);
        if (m) {
          items.push(m[2]);
        } else if (lines[i].trim() && /^\s{2,}/.test(lines[i]) && items.length > 0) {
          items[items.length - 1] += ` ${lines[i].trim()}`;
        } else {
          break;
        }
        i++;
      }
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>${items.map((t) => `<li>${inline(t)}</li>`).join('')}</${tag}>`);
      continue;
    }
    if (trimmed.startsWith('|') && i + 1 < lines.length && /^\s*\|?\s*:?-{2,}/.test(lines[i + 1])) {
      flush();
      const header = cells(trimmed);
      i += 2;
      const rows: string[][] = [];
      while (i < lines.length && lines[i].trim().startsWith('|')) rows.push(cells(lines[i++].trim()));
      out.push(
        `<table><thead><tr>${header.map((c) => `<th>${inline(c)}</th>`).join('')}</tr></thead><tbody>${rows
          .map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`)
          .join('')}</tbody></table>`,
      );
      continue;
    }
    if (/^<\/?[a-z][\w-]*[\s>]/i.test(trimmed) && paragraph.length === 0) {
      out.push(line);
      i++;
      continue;
    }
    paragraph.push(trimmed);
    i++;
  }
  flush();
  return out.join('\n');
}

function cells(row: string): string[] {
  return row.replace(/^\|/, '').replace(/\|\s*$/, '').split('|').map((c) => c.trim());
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttr(s: string): string {
  return escapeHtml(s).replace(/"/g, '&quot;');
}

function inline(text: string): string {
  const codes: string[] = [];
  let s = text.replace(/`([^`]+)`/g, (_, c: string) => {
    codes.push(`<code>${escapeHtml(c)}</code>`);
    return `\u0000${codes.length - 1}\u0000`;
  });
  s = s
    .replace(/!\[([^\]]*)\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)/g, (_, alt: string, src: string) => `<img src="${escapeAttr(src)}" alt="${escapeAttr(alt)}">`)
    .replace(/\[([^\]]+)\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)/g, (_, label: string, href: string) => `<a href="${escapeAttr(href)}">${label}</a>`)
    .replace(/<(https?:\/\/[^>\s]+)>/g, (_, href: string) => `<a href="${escapeAttr(href)}">${escapeHtml(href)}</a>`)
    .replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, (_, a?: string, b?: string) => `<strong>${a ?? b}</strong>`)
    .replace(/(^|[^*\w])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>');
  return s.replace(/\u0000(\d+)\u0000/g, (_, n: string) => codes[Number(n)]);
}

/**
 * Plain text to HTML: blank lines separate paragraphs; a short line without closing
 * punctuation that stands alone is taken as a heading (the first one as the title).
 */
export function textToHtml(text: string): string {
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n\s*\n/).map((b) => b.trim()).filter(Boolean);
  let sawHeading = false;
  const out: string[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    const lines = block.split('\n').map((l) => l.trim());
    const isHeading = lines.length === 1 && block.split(/\s+/).length <= 14 && !/[.,;:!]$/.test(block) && i + 1 < blocks.length;
    if (isHeading) {
      const level = sawHeading ? 2 : 1;
      sawHeading = true;
      out.push(`<h${level}>${escapeHtml(block)}</h${level}>`);
    } else if (lines.every((l) => /^([-*•]|\d{1,3}[.)])\s+/.test(l))) {
      const ordered = /^\d/.test(lines[0]);
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>${lines.map((l) => `<li>${escapeHtml(l.replace(/^([-*•]|\d{1,3}[.)])\s+/, ''))}</li>`).join('')}</${tag}>`);
    } else {
      out.push(`<p>${escapeHtml(lines.join(' '))}</p>`);
    }
  }
  return out.join('\n');
}
