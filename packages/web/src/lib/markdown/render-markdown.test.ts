import { describe, expect, it } from 'vitest';
import { parseFrontMatter, renderMarkdown, slugify } from './render-markdown';

describe('renderMarkdown', () => {
  it('gives every heading a linkable id, unique within the document', () => {
    const doc = renderMarkdown('# How the score works\n\n## Why it matters\n\nText.\n\n## Why it matters\n\n### Fix *this* & that\n');
    expect(doc.headings).toEqual([
      { depth: 1, text: 'How the score works', id: 'how-the-score-works' },
      { depth: 2, text: 'Why it matters', id: 'why-it-matters' },
      { depth: 2, text: 'Why it matters', id: 'why-it-matters-2' },
      { depth: 3, text: 'Fix this & that', id: 'fix-this-that' },
    ]);
    expect(doc.html).toContain('<h2 id="why-it-matters-2">Why it matters</h2>');
    expect(doc.html).toContain('<h3 id="fix-this-that">Fix <em>this</em> &amp; that</h3>');
  });

  it('reads the front matter and keeps plain text for search', () => {
    const doc = renderMarkdown('---\ntitle: "Running your first audit"\ncategory: getting-started\n---\nPaste a **URL** and press Run.\n');
    expect(doc.meta).toEqual({ title: 'Running your first audit', category: 'getting-started' });
    expect(doc.text).toBe('Paste a URL and press Run.');
  });

  it('escapes raw HTML in the source', () => {
    expect(renderMarkdown('Hello <script>alert(1)</script>').html).not.toContain('<script>');
  });

  it('renders tables and lists (GitHub Flavored Markdown)', () => {
    const doc = renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n\n- one\n- two\n');
    expect(doc.html).toContain('<table tabindex="0">');
    expect(doc.html).toContain('<li>one</li>');
  });

  it('makes code blocks and tables focusable, since they scroll sideways when wide', () => {
    const doc = renderMarkdown('```bash\nnpx citable audit https://example.com --format json --max-pages 50\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
    expect(doc.html).toContain('<pre tabindex="0"><code class="language-bash">');
    expect(doc.html).toContain('<table tabindex="0">');
    expect(renderMarkdown('Some `<pre>` in text').html).toContain('<code>&lt;pre&gt;</code>');
  });

  it('slugifies accents and punctuation away', () => {
    expect(slugify('Café: llms.txt & you!')).toBe('cafe-llmstxt-you');
    expect(parseFrontMatter('no front matter')).toEqual({ meta: {}, body: 'no front matter' });
  });
});
