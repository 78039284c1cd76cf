import type { Report } from '../report/report';
import { escapeHtml } from './escape';
import { reportDocument, type Block, type Inline } from './report-document';

const STYLE = `body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2328;max-width:72rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #d0d7de;padding-bottom:.25rem}h3{font-size:1.05rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border:1px solid #d0d7de;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}code{background:#f6f8fa;padding:0 .25rem;border-radius:3px}
ul{padding-left:1.25rem}.pass{color:#1a7f37;font-weight:600}.fail{color:#cf222e;font-weight:600}a{color:#0969da}`;

/**
 * The report as one self-contained HTML page: inline styles, no scripts, nothing loaded from
 * elsewhere (its Content-Security-Policy forbids it), and every text from a page escaped.
 */
export function formatHtml(report: Report): string {
  const document = reportDocument(report);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="generator" content="citable ${escapeHtml(report.version)}">
<title>${escapeHtml(document.title)}</title>
<style>${STYLE}</style>
</head>
<body>
${document.blocks.map(block).join('\n')}
</body>
</html>
`;
}

function block(b: Block): string {
  switch (b.type) {
    case 'heading':
      return `<h${b.level}>${escapeHtml(b.text)}</h${b.level}>`;
    case 'paragraph':
      return `<p>${inline(b.parts)}</p>`;
    case 'list':
      return `<ul>\n${b.items.map((item) => `<li>${inline(item)}</li>`).join('\n')}\n</ul>`;
    case 'table': {
      const cls = (index: number) => (b.numeric[index] ? ' class="n"' : '');
      const head = `<tr>${b.header.map((cell, index) => `<th${cls(index)}>${escapeHtml(cell)}</th>`).join('')}</tr>`;
      const rows = b.rows.map((row) => `<tr>${row.map((cell, index) => `<td${cls(index)}>${inline(cell)}</td>`).join('')}</tr>`);
      return `<table>\n<thead>${head}</thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>`;
    }
  }
}

function inline(parts: Inline[]): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return escapeHtml(part);
      if (part.mark) return `<span class="${part.mark}">${part.mark === 'pass' ? '✓' : '✗'} ${escapeHtml(part.text)}</span>`;
      let html = escapeHtml(part.text);
      if (part.code) html = `<code>${html}</code>`;
      if (part.strong) html = `<strong>${html}</strong>`;
      // Only web links: a javascript: or data: URL from a page never becomes a link.
      return part.href && /^https?:\/\//i.test(part.href) ? `<a href="${escapeHtml(part.href)}" rel="noopener noreferrer">${html}</a>` : html;
    })
    .join('');
}
