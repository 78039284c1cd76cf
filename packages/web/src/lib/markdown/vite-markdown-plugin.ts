import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { renderMarkdown } from './render-markdown';

/**
 * Turns `import doc from './x.md'` into the rendered MarkdownDocument at build time, so content
 * pages ship HTML and no Markdown parser. The help centre and the docs pages share it.
 */
export function markdownPlugin(): Plugin {
  return {
    name: 'citable-markdown',
    async load(id) {
      if (!id.endsWith('.md')) return null;
      const document = renderMarkdown(await readFile(id, 'utf8'));
      return `export default ${JSON.stringify(document)};`;
    },
  };
}
