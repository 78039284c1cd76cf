import type { SchemaGeneratorInput, SchemaGeneratorResult } from '@citable/contract';
import { detectFormat, generateSchema } from '@citable/engine';
import { readPage } from './read-pages';
import type { ToolContext, ToolOutcome } from './tool-context';

/**
 * JSON-LD for the page at `url` (for the site scope, the page the client chose as the site's
 * address) or for pasted content. An error page (4xx, 5xx, a soft 404) fails the tool: its JSON-LD
 * would describe the error, not the site.
 */
export async function runSchemaGenerator(input: SchemaGeneratorInput, ctx: ToolContext): Promise<ToolOutcome<SchemaGeneratorResult>> {
  const url = input.url?.trim() || null;
  const { contentType, scope } = input;
  if (url) {
    const { snapshot, model } = await readPage(url, ctx, { probe: false });
    return { result: generateSchema({ snapshot, model, contentType, scope }), websiteUrl: url };
  }
  const content = input.content ?? '';
  return { result: generateSchema({ snapshot: { page: { url: null, body: content, format: detectFormat(content) }, site: null }, contentType, scope }), websiteUrl: url };
}
