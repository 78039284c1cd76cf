/**
 * Generated schema goes into a post or product body as one JSON-LD script marked as Citable's, so
 * publishing again replaces it instead of piling up copies.
 */
const MARKER = 'data-citable="schema"';
const SCRIPT = new RegExp(`<script type="application/ld\\+json" ${MARKER}>[\\s\\S]*?</script>`, 'g');
// WordPress keeps a raw <script> only inside a Custom HTML block; the editor would mangle it elsewhere.
const WP_BLOCK = new RegExp(`<!-- wp:html -->\\s*${SCRIPT.source}\\s*<!-- /wp:html -->`, 'g');

/** The JSON-LD as one line of text, safe inside a script element (a field an Embed outputs). */
export function serialiseJsonLd(schema: string | Record<string, unknown>): string {
  const value = typeof schema === 'string' ? (JSON.parse(schema) as unknown) : schema;
  // "</" inside a string would end the script element early; "<\/" is the same JSON string.
  return JSON.stringify(value).replace(/<\//g, '<\\/');
}

export function jsonLdScript(schema: string | Record<string, unknown>): string {
  return `<script type="application/ld+json" ${MARKER}>${serialiseJsonLd(schema)}</script>`;
}

/** Shopify product descriptions take the script as it is. */
export function withJsonLd(html: string, schema: string | Record<string, unknown>): string {
  const script = jsonLdScript(schema);
  const without = html.replace(SCRIPT, '').trimEnd();
  return without ? `${without}\n${script}` : script;
}

export function withWordpressJsonLd(content: string, schema: string | Record<string, unknown>): string {
  const block = `<!-- wp:html -->\n${jsonLdScript(schema)}\n<!-- /wp:html -->`;
  const without = content.replace(WP_BLOCK, '').replace(SCRIPT, '').trimEnd();
  return without ? `${without}\n\n${block}` : block;
}

/** True when the text parses as JSON; schema given as text must, or the page would carry junk. */
export function isJsonText(schema: string | Record<string, unknown>): boolean {
  if (typeof schema !== 'string') return true;
  try {
    JSON.parse(schema);
    return true;
  } catch {
    return false;
  }
}
