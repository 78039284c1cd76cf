import { CITATION_SOURCE_IDS, CITATION_SOURCES, type CitationSourceId } from '@citable/contract';
import { readCitationSourceSettings } from '../../settings/citation-sources';
import { readLlmSettings } from '../../settings/llm';
import { CITATION_SETUP, sourcesOn } from './tracker';

export interface CitationSourceLine {
  id: CitationSourceId;
  name: string;
  on: boolean;
  /** For a source that is on, the model it asks (answer engines); for one that is off, how to turn it on. */
  detail: string;
}

/**
 * The operator's view of the Citation Tracker's sources (`citable admin sources`): which ones the
 * given environment turns on, with their model, and how to turn on the others. Users only ever
 * read "not set up on this server"; the settings are for whoever runs the server.
 */
export function citationSourcesReport(env: Record<string, string | undefined>): CitationSourceLine[] {
  const fail = (message: string) => new Error(message);
  const sources = readCitationSourceSettings(env, env.PUBLIC_URL || 'http://localhost', fail);
  const llm = readLlmSettings(env, fail);
  const on = sourcesOn(sources, llm !== null);
  const models: Partial<Record<CitationSourceId, string>> = {
    chatgpt: sources.chatgpt?.model,
    claude: sources.claude?.model,
    gemini: sources.gemini?.model,
    perplexity: sources.perplexity?.model,
    'answer-engine': llm?.model,
  };
  return CITATION_SOURCE_IDS.map((id) => ({
    id,
    name: CITATION_SOURCES[id].name,
    on: on[id],
    detail: on[id] ? (models[id] ? `model ${models[id]}` : CITATION_SOURCES[id].keyless ? 'no key needed' : 'key set') : CITATION_SETUP[id],
  }));
}
