import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { parseFrontMatter, renderMarkdown } from './render-markdown.ts';

/**
 * Turns `import doc from './x.md'` into the rendered MarkdownDocument at build time, so content
 * pages ship HTML and no Markdown parser. The help centre and the docs pages share it.
 *
 * Two parts of a document can be imported alone, so that a page carries only what it shows:
 * `./x.md?meta`, its front matter, and `./x.md?text`, its plain text (for search).
 */
export function markdownPlugin(): Plugin {
  return {
    name: 'citable-markdown',
    async load(id) {
      const [file, query] = id.split('?');
      if (!file.endsWith('.md')) return null;
      const source = await readFile(file, 'utf8');
      if (query === 'meta') return `export default ${JSON.stringify(parseFrontMatter(source).meta)};`;
      if (query === 'text') return `export default ${JSON.stringify(renderMarkdown(source).text)};`;
      if (query) return null;
      return `export default ${JSON.stringify(renderMarkdown(source))};`;
    },
  };
}
