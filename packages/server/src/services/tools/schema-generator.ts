import type { SchemaGeneratorInput, SchemaGeneratorResult, SiteSnapshot } from '@citable/contract';
import { detectFormat, generateSchema } from '@citable/engine';
import { readSnapshot } from './read-pages';
import type { ToolContext, ToolOutcome } from './tool-context';

/** JSON-LD for the page at `url` (for the site scope, the page the client chose as the site's address) or for pasted content. */
export async function runSchemaGenerator(input: SchemaGeneratorInput, ctx: ToolContext): Promise<ToolOutcome<SchemaGeneratorResult>> {
  const url = input.url?.trim() || null;
  const content = input.content ?? '';
  const snapshot: SiteSnapshot = url ? await readSnapshot(url, ctx, { probe: false }) : { page: { url: null, body: content, format: detectFormat(content) }, site: null };
  return { result: generateSchema({ snapshot, contentType: input.contentType, scope: input.scope }), websiteUrl: url };
}
