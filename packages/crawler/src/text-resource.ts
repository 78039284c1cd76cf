import type { TextResource } from '@citable/contract';
import { CrawlerError } from './errors';
import type { SafeFetcher } from './safe-fetch';

export const TEXT_RESOURCE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Reads a small text file at the site root (llms.txt, llms-full.txt). Failures become part of the
 * resource, not exceptions: a missing llms.txt is a finding, not an error. Judging the content
 * (a soft 404 that returns the home page, the llmstxt.org format) is the engine's job.
 */
export async function fetchTextResource(url: string, fetcher: SafeFetcher, signal?: AbortSignal): Promise<TextResource> {
  try {
    const response = await fetcher.fetch(url, {
      accept: 'text/markdown, text/plain;q=0.9, */*;q=0.5',
      maxBodyBytes: TEXT_RESOURCE_MAX_BYTES,
      truncate: true,
      signal,
    });
    const ok = response.status >= 200 && response.status < 300;
    const resource: TextResource = { url, status: response.status, body: ok ? response.body : null, contentType: response.contentType };
    if (ok && response.truncated) resource.error = `Larger than ${TEXT_RESOURCE_MAX_BYTES / (1024 * 1024)} MB: only the beginning was read`;
    return resource;
  } catch (error) {
    if (!(error instanceof CrawlerError) || error.code === 'ABORTED') throw error;
    return { url, status: null, body: null, error: error.message };
  }
}
