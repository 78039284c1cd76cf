import type { Report } from '../report/report';
import { escapeMarkdown } from './escape';
import { reportDocument, type Block, type Inline } from './report-document';

/** The report as GitHub-flavoured Markdown (a job summary, a pull request comment); page text is escaped. */
export function formatMarkdown(report: Report): string {
  return `${reportDocument(report).blocks.map(block).join('\n\n')}\n`;
}

function block(b: Block): string {
  switch (b.type) {
    case 'heading':
      return `${'#'.repeat(b.level)} ${escapeMarkdown(b.text)}`;
    case 'paragraph':
      return inline(b.parts);
    case 'list':
      return b.items.map((item) => `- ${inline(item)}`).join('\n');
    case 'table':
      return [`| ${b.header.map(escapeMarkdown).join(' | ')} |`, `|${b.numeric.map((numeric) => (numeric ? ' ---: ' : ' --- ')).join('|')}|`, ...b.rows.map((row) => `| ${row.map(inline).join(' | ')} |`)].join('\n');
  }
}

function inline(parts: Inline[]): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return escapeMarkdown(part);
      if (part.mark) return part.mark === 'pass' ? '✅' : '❌';
      let text = part.code ? `\`${part.text.replace(/`/g, "'")}\`` : escapeMarkdown(part.text);
      if (part.strong) text = `**${text}**`;
      // Only web links; the target is percent-encoded where Markdown would end or break it.
      return part.href && /^https?:\/\//i.test(part.href) ? `[${text}](<${encodeURI(decodeSafely(part.href)).replace(/[<>]/g, encodeURIComponent)}>)` : text;
    })
    .join('');
}

function decodeSafely(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}
