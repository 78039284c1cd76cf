/** A node of Contentful's Rich Text document (https://www.contentful.com/developers/docs/concepts/rich-text/). */
export interface RichTextNode {
  nodeType: string;
  value?: string;
  content?: RichTextNode[];
}

const TAGS: Record<string, string> = {
  paragraph: 'p',
  'heading-1': 'h1',
  'heading-2': 'h2',
  'heading-3': 'h3',
  'heading-4': 'h4',
  'heading-5': 'h5',
  'heading-6': 'h6',
  'unordered-list': 'ul',
  'ordered-list': 'ol',
  'list-item': 'li',
  blockquote: 'blockquote',
  table: 'table',
  'table-row': 'tr',
  'table-cell': 'td',
  'table-header-cell': 'th',
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The structure the content audit reads (headings, paragraphs, lists, tables) from a Rich Text
 * field; embedded entries and assets have no text of their own here and are left out.
 */
export function richTextToHtml(node: RichTextNode): string {
  if (node.nodeType === 'text') return escape(node.value ?? '');
  const inner = (node.content ?? []).map(richTextToHtml).join('');
  const tag = TAGS[node.nodeType];
  return tag ? `<${tag}>${inner}</${tag}>` : inner;
}
