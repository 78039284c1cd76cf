/**
 * Makes each h2-h4 heading a link to itself, so readers can copy a link to any section. The link
 * wraps the heading's own text, so the heading reads the same to screen readers and crawlers;
 * the "#" mark is drawn by CSS on hover and focus.
 */
export function linkHeadings(html: string): string {
  return html.replace(/<h([234]) id="([^"]+)">([\s\S]*?)<\/h\1>/g, (_match, depth: string, id: string, inner: string) => {
    // Headings that already hold a link keep it; nested links are invalid HTML.
    if (inner.includes('<a ')) return `<h${depth} id="${id}">${inner}</h${depth}>`;
    return `<h${depth} id="${id}"><a class="docs-heading-link" href="#${id}">${inner}</a></h${depth}>`;
  });
}
