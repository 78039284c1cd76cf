import type { FastifyInstance } from 'fastify';
import { getOrCreateProfile } from '../profile';
import type { CitationSourceSettings } from '../../settings/citation-sources';
import type { V1ToolContext } from './v1-tools';

/**
 * What a tool service run needs for a key holder: the app's database and model, the fetch and
 * citation settings, and the owner's profile and plan as stored now. `/api/v1/tools/*` and the
 * MCP tools build it the same way; only the cancellation `signal` differs.
 */
export async function keyHolderToolContext(app: FastifyInstance, options: { allowHosts: readonly string[]; citationSources: CitationSourceSettings }, userId: string, signal: AbortSignal): Promise<V1ToolContext> {
  const profile = await getOrCreateProfile(app.db, userId);
  return { db: app.db, llm: app.llm, allowHosts: options.allowHosts, citationSources: options.citationSources, userId, plan: profile.plan, profile, signal };
}
